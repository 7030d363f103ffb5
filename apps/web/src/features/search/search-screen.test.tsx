import { SEARCH_DEBOUNCE_MS } from '@folio/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { searchResults, siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const searchBox = () => screen.findByRole('searchbox', { name: 'Search articles' });
const resultItems = () =>
  within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');

/** A handler held until the test lets it answer. */
function held(handler: Handler) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: async (...args: Parameters<Handler>) => {
      await gate;
      return handler(...args);
    },
    release: () => release(),
  };
}

afterEach(() => vi.useRealTimers());

describe('search: states', () => {
  it('starts with "Start Searching" and the box focused, and asks the server nothing', async () => {
    const server = installFakeServer(siteRoutes());
    renderApp('/search');
    const box = await searchBox();
    expect(box.getAttribute('placeholder')).toBe('Search Articles...');
    expect(screen.getByText('Start Searching')).toBeTruthy();
    // The bar focuses its box in an effect, after the screen that holds it is drawn.
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(server.calls('/api/epaper/search')).toHaveLength(0);
  });

  it('shows "Searching..." until the hits arrive, then each hit with its edition, date and page', async () => {
    const slow = held(searchResults);
    const server = installFakeServer(siteRoutes({ '/api/epaper/search': slow.handler }));
    renderApp('/search?q=council');
    expect(await screen.findByText('Searching...')).toBeTruthy();
    slow.release();
    const open = await screen.findByRole('link', { name: /Lead story of page 2/ });
    expect(open.textContent).toContain('The city council met on Friday and agreed a new budget.');
    expect(open.textContent).toContain('Bengaluru City · 21/11/2026 · 02 City');
    expect(resultItems()).toHaveLength(2);
    // Spec 2 §7: the search call with the site's publisher, from offset 0, ten at a time.
    expect(server.calls('/api/epaper/search')[0]?.searchParams.toString()).toBe(
      'query=council&publisher_short_code=DH&offset=0&limit=10',
    );
    // Fewer than ten: the list is complete.
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
  });

  it('says "No Matches Found" with the term and the hint', async () => {
    installFakeServer(siteRoutes());
    renderApp('/search?q=zebra');
    expect(await screen.findByText('No Matches Found')).toBeTruthy();
    expect(
      screen.getByText("We couldn't find any articles for", { exact: false }).textContent,
    ).toBe("We couldn't find any articles for zebra");
    expect(screen.getByText('Try different keywords or check your spelling')).toBeTruthy();
  });

  it('shows "Search Error" when the search fails, and Try Again searches again', async () => {
    let failures = 1;
    installFakeServer(
      siteRoutes({
        '/api/epaper/search': (url, request) => {
          if (failures-- > 0) return reply(503, { status: 'ERROR', message: 'Unavailable' });
          return searchResults(url, request);
        },
      }),
    );
    renderApp('/search?q=council');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Search Error')).toBeTruthy();
    expect(within(alert).getByText('Something went wrong while searching')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Lead story of page 2/ })).toBeTruthy();
    expect(screen.queryByText('Search Error')).toBeNull();
  });

  it('narrows the search to the issue the URL names (yyyyMMdd in the call)', async () => {
    const server = installFakeServer(siteRoutes());
    renderApp('/search?q=council&date=2026-11-20&edition=3&page=2');
    await screen.findByRole('link', { name: /Lead story of page 2/ });
    const sent = server.calls('/api/epaper/search')[0]?.searchParams;
    expect(sent?.get('date')).toBe('20261120');
    expect(sent?.get('editionNo')).toBe('3');
  });
});

describe('search: typing', () => {
  it('searches 800 ms after typing stops, and never for whitespace', async () => {
    const server = installFakeServer(siteRoutes());
    const { router } = renderApp('/search');
    const box = await searchBox();
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(screen.getByText('Start Searching')).toBeTruthy();
    expect(currentUrl(router)).toBe('/search');

    fireEvent.change(box, { target: { value: 'coun' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2));
    fireEvent.change(box, { target: { value: 'council' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(server.calls('/api/epaper/search')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.calls('/api/epaper/search')).toHaveLength(1);
    // The answer is drawn once the query's own scheduled notifications have run.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(screen.getByRole('link', { name: /Lead story of page 2/ })).toBeTruthy();
    // Only the text typing stopped at was sent, and the URL keeps it.
    expect(server.calls('/api/epaper/search').map((url) => url.searchParams.get('query'))).toEqual([
      'council',
    ]);
    expect(currentUrl(router)).toBe('/search?q=council');
  });

  it('a new query starts again from offset 0 with none of the last results', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(siteRoutes());
    renderApp('/search?q=budget');
    await screen.findByRole('link', { name: /Budget story 10/ });
    await user.click(screen.getByRole('button', { name: 'Load more results' }));
    await screen.findByRole('link', { name: /Budget story 13/ });
    const box = await searchBox();
    await user.clear(box);
    await user.type(box, 'council{Enter}');
    await screen.findByRole('link', { name: /Lead story of page 2/ });
    expect(resultItems()).toHaveLength(2);
    expect(screen.queryByText(/Budget story/)).toBeNull();
    const last = server.calls('/api/epaper/search').at(-1)?.searchParams;
    expect([last?.get('query'), last?.get('offset')]).toEqual(['council', '0']);
  });

  it('clears the box and the search with the clear button', async () => {
    const user = userEvent.setup();
    const { router } = installAndRender('/search?q=council');
    await screen.findByRole('link', { name: /Lead story of page 2/ });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    const box = (await searchBox()) as HTMLInputElement;
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(screen.getByText('Start Searching')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/search'));
  });

  it('goes back to the reader page it was opened from when there is no screen behind', async () => {
    const user = userEvent.setup();
    const { router } = installAndRender('/search?q=council&date=2026-11-20&edition=3&page=2');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/?date=2026-11-20&edition=3&page=2'));
  });
});

function installAndRender(path: string) {
  installFakeServer(siteRoutes());
  return renderApp(path);
}

describe('search: more results', () => {
  it('loads ten more from the button, says "Loading more...", and ends after a short page', async () => {
    const user = userEvent.setup();
    const secondPage = held(searchResults);
    const server = installFakeServer(
      siteRoutes({
        '/api/epaper/search': (url, request) =>
          url.searchParams.get('offset') === '0'
            ? searchResults(url, request)
            : secondPage.handler(url, request),
      }),
    );
    renderApp('/search?q=budget');
    await screen.findByRole('link', { name: /Budget story 10/ });
    expect(resultItems()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByText('Loading more...')).toBeTruthy();
    secondPage.release();
    await screen.findByRole('link', { name: /Budget story 13/ });
    expect(resultItems()).toHaveLength(13);
    expect(server.calls('/api/epaper/search')[1]?.searchParams.get('offset')).toBe('10');
    // 3 < 10: nothing more to load, and the keyboard lands on the first new hit.
    expect(screen.queryByRole('button', { name: 'Load more results' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Budget story 11/ }));
  });

  it('loads the next ten when the end of the list scrolls into view', async () => {
    const watched: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly entry: (typeof watched)[number];
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          watched.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {
          watched.splice(watched.indexOf(this.entry), 1);
        }
      },
    );
    const server = installFakeServer(siteRoutes());
    renderApp('/search?q=budget');
    await screen.findByRole('link', { name: /Budget story 10/ });
    expect(server.calls('/api/epaper/search')).toHaveLength(1);
    const end = watched.at(-1);
    act(() =>
      end?.callback(
        [{ isIntersecting: true, target: end.target } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    await screen.findByRole('link', { name: /Budget story 13/ });
    expect(server.calls('/api/epaper/search')[1]?.searchParams.get('offset')).toBe('10');
  });
});

describe('search: opening a hit', () => {
  it("opens an open hit on its page in the reader with the article's box selected and focused", async () => {
    const user = userEvent.setup();
    const { router } = installAndRender('/search?q=council');
    await user.click(await screen.findByRole('link', { name: /Lead story of page 2/ }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        '/?date=2026-11-21&edition=2&page=1&article=2-20261121-p2-a1',
      ),
    );
    const hotspot = await screen.findByRole('button', { name: 'Lead story of page 2' });
    expect(hotspot.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(hotspot));
  });

  it('opens the popup the lock names for a locked hit instead of the page', async () => {
    const user = userEvent.setup();
    const { router } = installAndRender('/search?q=council');
    const locked = await screen.findByRole('button', { name: /Rural council elections called/ });
    expect(locked.textContent).toContain('Locked');
    expect(locked.textContent).toContain('Bengaluru Rural · 20/11/2026 · 03 Sport');
    await user.click(locked);
    // A visitor: the subscriber popup with a way to log in.
    const dialog = await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' });
    expect(within(dialog).getByRole('link', { name: 'Log in here' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/search?q=council');
  });
});
