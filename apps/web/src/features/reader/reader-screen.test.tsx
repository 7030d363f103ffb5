import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const pageImage = (name: RegExp) => screen.findByRole('img', { name });

describe('reader', () => {
  it('shows "Loading editions..." until the edition list arrives', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    installFakeServer(
      siteRoutes({
        '/api/epaper/editions': async () => {
          await gate;
          return [];
        },
      }),
    );
    renderApp('/');
    expect((await screen.findAllByText('Loading editions...')).length).toBeGreaterThan(0);
    release();
    await waitFor(() => expect(screen.queryByText('Loading editions...')).toBeNull());
  });

  it("opens today's default edition on the front page and asks the server for it", async () => {
    const server = installFakeServer(siteRoutes());
    renderApp('/');
    // The small preview is drawn first, and nothing else is asked for meanwhile.
    const image = await pageImage(/Front Page/);
    expect(image.getAttribute('src')).toBe('/media/dh/2/20261121/page-1-preview.webp');
    const figure = image.closest('figure') as HTMLElement;
    expect(figure.querySelectorAll('img')).toHaveLength(1);
    // Once it is on screen, the image chosen for the screen covers it (happy-dom:
    // 896 css px at one device pixel per px, within the reading image).
    fireEvent.load(image);
    const sharp = figure.querySelectorAll('img')[1];
    expect(sharp?.getAttribute('src')).toBe('/media/dh/2/20261121/page-1.webp');
    expect(sharp?.getAttribute('alt')).toBe('');
    expect(sharp?.getAttribute('srcset')).toBeNull();
    // Loaded, it replaces the preview and carries the page's name.
    if (sharp) fireEvent.load(sharp);
    expect(figure.querySelectorAll('img')).toHaveLength(1);
    expect(figure.querySelector('img')).toBe(sharp);
    expect(sharp?.getAttribute('alt')).toMatch(/Front Page/);
    const request = server.calls('/api/epaper/data')[0];
    expect(request?.searchParams.toString()).toBe('date=20261121&edition=2&publisher=DH');
    expect(screen.getByRole('button', { name: /Page 1 \/ 3/ })).toBeTruthy();
  });

  describe("the document's first frame", () => {
    const addFirstFrame = () => {
      const frame = document.createElement('div');
      frame.id = 'first-frame';
      document.body.append(frame);
      return frame;
    };

    it('stays over the loading states until the reader has drawn its own image of the page', async () => {
      installFakeServer(siteRoutes());
      const frame = addFirstFrame();
      renderApp('/');
      const image = await pageImage(/Front Page/);
      expect(frame.isConnected).toBe(true);
      fireEvent.load(image);
      expect(frame.isConnected).toBe(false);
    });

    it('leaves when the reader draws something else there: no edition', async () => {
      installFakeServer(
        siteRoutes({
          '/api/epaper/data': () => reply(404, { status: 'ERROR', message: 'Not found' }),
        }),
      );
      const frame = addFirstFrame();
      renderApp('/');
      await waitFor(() => expect(frame.isConnected).toBe(false));
    });

    it('leaves with the reader, when a hotspot is followed before the page image loads', async () => {
      const user = userEvent.setup();
      installFakeServer(siteRoutes());
      const frame = addFirstFrame();
      const { router } = renderApp('/');
      await pageImage(/Front Page/);
      await user.click(screen.getAllByRole('button', { name: /story/i })[0] as HTMLElement);
      await waitFor(() => expect(currentUrl(router)).toMatch(/^\/article\//));
      await waitFor(() => expect(frame.isConnected).toBe(false));
    });
  });

  it('reserves the page box from the page size so the image cannot shift the layout', async () => {
    installFakeServer(siteRoutes());
    renderApp('/');
    const figure = (await pageImage(/Front Page/)).closest('figure');
    expect(figure?.style.aspectRatio).toBe('1000 / 1600');
    // happy-dom's viewport is 1024 wide: min(1200, 1024 - 128).
    expect(figure?.style.width).toBe('896px');
  });

  it('places article and ad hotspots in percent of the page, named for screen readers', async () => {
    installFakeServer(siteRoutes());
    renderApp('/');
    const figure = (await pageImage(/Front Page/)).closest('figure') as HTMLElement;
    const lead = within(figure).getByRole('button', { name: 'Lead story of page 1' });
    expect([lead.style.top, lead.style.left, lead.style.width, lead.style.height]).toEqual([
      '10%',
      '5%',
      '60%',
      '25.5%',
    ]);
    const ad = within(figure).getByRole('button', { name: 'Advertisement' });
    expect([ad.style.top, ad.style.left, ad.style.width, ad.style.height]).toEqual([
      '80%',
      '50%',
      '45%',
      '15%',
    ]);
    // A screen reader hears the page's articles as a list, in the page's order.
    const articles = within(figure).getByRole('list', { name: 'Articles on this page' });
    expect(
      within(articles)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('button').getAttribute('aria-label')),
    ).toEqual(['Lead story of page 1', 'Second story of page 1']);
    expect(
      within(
        within(figure).getByRole('list', { name: 'Advertisements on this page' }),
      ).getAllByRole('button'),
    ).toHaveLength(1);
  });

  it('turns pages with the arrows and keeps the place in the URL, within the first and last page', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await pageImage(/Front Page/);
    const previous = screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    window.dataLayer = [];
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/City/);
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=1`);
    expect(window.dataLayer).toContainEqual({
      event: 'navigate_page',
      page_index: 1,
      previous_page_index: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/Sport/);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await pageImage(/City/);
  });

  it('turns pages with the left and right arrow keys', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    renderApp('/');
    await pageImage(/Front Page/);
    await user.keyboard('{ArrowRight}');
    await pageImage(/City/);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await pageImage(/Sport/);
    await user.keyboard('{ArrowLeft}');
    await pageImage(/City/);
  });

  it('counts quick key presses from the page last asked for, not the page still drawn', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await pageImage(/Front Page/);
    // Dispatched back to back outside act(), so React has not drawn the first move yet.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    await pageImage(/Sport/);
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=2`);
  });

  it('turns the page on a horizontal swipe beyond 50 px only', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await pageImage(/Front Page/);
    const main = screen.getByRole('main');
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(main, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(main, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };

    swipe([300, 300], [255, 300]); // 45 px: too short
    swipe([300, 300], [200, 420]); // more vertical than horizontal: a scroll
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentUrl(router)).toBe('/');
    expect(screen.getByRole('img', { name: /Front Page/ })).toBeTruthy();

    swipe([300, 300], [240, 310]); // 60 px left: next page
    await pageImage(/City/);
    swipe([200, 300], [300, 300]); // 100 px right: previous page
    await pageImage(/Front Page/);
  });

  it('starts from the date, edition and page in the query string', async () => {
    const server = installFakeServer(siteRoutes());
    renderApp('/?date=2026-11-20&edition=3&page=2');
    const image = await pageImage(/Bengaluru Rural, Friday, 20 November 2026: Sport/);
    expect(image.getAttribute('src')).toBe('/media/dh/3/20261120/page-3-preview.webp');
    expect(server.calls('/api/epaper/data')[0]?.searchParams.get('date')).toBe('20261120');
    expect((screen.getByRole('combobox', { name: 'Edition' }) as HTMLSelectElement).value).toBe(
      '3',
    );
  });

  it('clamps a page index beyond the last page and ignores a future date', async () => {
    installFakeServer(siteRoutes());
    renderApp('/?date=2099-01-01&page=40');
    await pageImage(/Saturday, 21 November 2026: Sport/);
  });

  it('picks a page from the thumbnail strip, which opens on the current page', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await pageImage(/Front Page/);
    await user.click(screen.getByRole('button', { name: /Page 1 \/ 3/ }));
    const strip = screen.getByRole('navigation', { name: 'Pages' });
    const thumbnails = within(strip).getAllByRole('button');
    expect(thumbnails.map((b) => b.textContent)).toEqual(['Front Page', 'City', 'Sport']);
    expect(document.activeElement).toBe(thumbnails[0]);
    // Thumbnails are decorative (alt=""): the button's text names the page.
    expect(strip.querySelectorAll('img')[2]?.getAttribute('src')).toBe(
      '/media/dh/2/20261121/page-3-thumb.webp',
    );
    await user.click(thumbnails[2] as HTMLElement);
    await pageImage(/Sport/);
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=2`);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('switches edition from the grouped selector, back to the front page', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/?page=2');
    await pageImage(/Sport/);
    const select = screen.getByRole('combobox', { name: 'Edition' });
    expect(
      within(select)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Bengaluru', 'Karnataka']);
    await user.selectOptions(select, '5');
    expect(await screen.findByText('Updating edition...')).toBeTruthy();
    await pageImage(/Mysuru, Saturday, 21 November 2026: Front Page/);
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=5&page=0`);
  });

  it('opens an article with its place in the query and remembers where the reader was', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/?date=2026-11-20&edition=2&page=1');
    await pageImage(/City/);
    await user.click(screen.getByRole('button', { name: 'Lead story of page 2' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        '/article/2-20261120-p2-a1?date=2026-11-20&edition_No=2&pageNumber=1&source=epaper',
      ),
    );
    expect(JSON.parse(sessionStorage.getItem('epaper_navigation_state') ?? '{}')).toMatchObject({
      date: '2026-11-20',
      edition: 2,
      page: 1,
    });
    expect(sessionStorage.getItem('epaper_scroll_position')).not.toBeNull();
  });

  it("selects and focuses the article a link names (a search hit's), until the page is turned", async () => {
    const user = userEvent.setup();
    const scrolledTo: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    installFakeServer(siteRoutes());
    const { router } = renderApp(`/?date=${TODAY}&edition=2&page=1&article=2-20261121-p2-a2`);
    await pageImage(/City/);
    const linked = screen.getByRole('button', { name: 'Second story of page 2' });
    expect(linked.getAttribute('aria-current')).toBe('true');
    expect(
      screen.getByRole('button', { name: 'Lead story of page 2' }).getAttribute('aria-current'),
    ).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(linked));
    expect(scrolledTo).toContain(linked);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await pageImage(/Sport/);
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=2`);
    expect(document.querySelector('[aria-current="true"]')).toBeNull();
  });

  it('opens the ad viewer for an ad hotspot', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await pageImage(/Front Page/);
    const visited: string[] = [];
    router.subscribe((state) => visited.push(`${state.location.pathname}${state.location.search}`));
    await user.click(screen.getByRole('button', { name: 'Advertisement' }));
    await waitFor(() =>
      expect(visited).toContain(
        `/ad-viewer/ad-1?imageFile=%2Fmedia%2Fdh%2Fads%2Fad-1.webp&date=${TODAY}&edition=2&pageNumber=0`,
      ),
    );
  });
});
