import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../test/fake-server.ts';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { fakeSubscriptions, subscriberState } from '../../test/fake-subscriptions.ts';
import { epaperData, noEdition, siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';
import { rememberReturnPoint } from './lib/scroll-memory.ts';

describe('reader dates', () => {
  it("shows the date as dd/MM/yyyy, the spec's one display style, and says it in words", async () => {
    installFakeServer(siteRoutes());
    renderApp('/');
    await screen.findByRole('img', { name: /Saturday, 21 November 2026: Front Page/ });
    const toggle = screen.getByRole('button', { name: /^Choose date/ });
    expect(toggle.textContent).toBe('Choose date, 21/11/2026');
  });

  it('offers past days with an edition or a holiday in the 280 px calendar, marking holidays and locked days', async () => {
    const user = userEvent.setup();
    const server = installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await screen.findByRole('img', { name: /Front Page/ });
    await user.click(screen.getByRole('button', { name: /^Choose date/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date' });
    // The grid's code is fetched on first opening (a cold transform here can take seconds).
    const grid = await within(dialog).findByRole(
      'grid',
      { name: 'November 2026' },
      { timeout: 15_000 },
    );
    expect(grid.closest<HTMLElement>('[style]')?.style.width).toBe('280px');

    const day = (name: string) => within(dialog).getByRole('button', { name }) as HTMLButtonElement;
    // A visitor reads today's free edition only: earlier days are drawn locked.
    await waitFor(() => expect(day('Friday, 20 November 2026, locked').disabled).toBe(false));
    expect(day('Sunday, 22 November 2026').disabled).toBe(true); // future
    expect(day('Monday, 16 November 2026').disabled).toBe(true); // no edition
    // No edition, but a holiday notice: it can be picked to read why.
    const holiday = day('Sunday, 15 November 2026, holiday, locked');
    expect(holiday.disabled).toBe(false);
    expect(holiday.closest('.is-holiday')).toBeTruthy();
    const chosen = day('Saturday, 21 November 2026, selected');
    expect(chosen.closest('[role="gridcell"]')?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(chosen);
    expect(
      within(dialog).getByRole('button', { name: 'Next month' }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(server.calls('/api/epaper/available-dates')[0]?.searchParams.toString()).toBe(
      'month=11&year=2026&publisher=DH',
    );

    await user.click(day('Friday, 20 November 2026, locked'));
    await screen.findByRole('img', { name: /Friday, 20 November 2026: Front Page/ });
    expect(currentUrl(router)).toBe('/?date=2026-11-20&edition=2&page=0');
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('moves between the days that can be chosen with the arrow keys inside the grid', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/');
    await screen.findByRole('img', { name: /Front Page/ });
    await user.click(screen.getByRole('button', { name: /^Choose date/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date' });
    await within(dialog).findByRole('grid', { name: 'November 2026' }, { timeout: 15_000 });
    const focusedName = () => document.activeElement?.getAttribute('aria-label');
    expect(focusedName()).toBe('Saturday, 21 November 2026, selected');

    await user.keyboard('{ArrowRight}'); // tomorrow and later are the future: focus stays
    expect(focusedName()).toBe('Saturday, 21 November 2026, selected');
    await user.keyboard('{ArrowUp}');
    expect(focusedName()).toBe('Saturday, 14 November 2026, locked');
    await user.keyboard('{ArrowRight}'); // the 15th is a holiday: it can be chosen
    expect(focusedName()).toBe('Sunday, 15 November 2026, holiday, locked');
    await user.keyboard('{ArrowRight}'); // the 16th has no edition and is skipped
    expect(focusedName()).toBe('Tuesday, 17 November 2026, locked');
    await user.keyboard('{Enter}');
    await screen.findByRole('img', { name: /Tuesday, 17 November 2026: Front Page/ });
    expect(currentUrl(router)).toBe('/?date=2026-11-17&edition=2&page=0');
  }, 30_000);

  it('explains a missing edition, with its holiday notice, and offers another date or today', async () => {
    const user = userEvent.setup();
    installFakeServer(
      siteRoutes({
        '/api/pop-up/by-date': (url) =>
          url.searchParams.get('date') === '2026-11-15'
            ? [
                {
                  date: '2026-11-15',
                  holiday_message: 'No edition today: Kannada Rajyotsava holiday.',
                },
              ]
            : [],
      }),
    );
    const { router } = renderApp('/?date=2026-11-15');
    // The holiday's message is the notice's one statement (reader-notices.test.tsx).
    expect(
      await screen.findByRole('heading', { name: 'No edition today: Kannada Rajyotsava holiday.' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose Another Date' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a date' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: "Go To Today's Edition" }));
    await screen.findByRole('img', { name: /Saturday, 21 November 2026: Front Page/ });
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=0`);
  });

  it("offers yesterday's edition and the archives when today's is not out", async () => {
    const user = userEvent.setup();
    installFakeServer(
      siteRoutes({
        '/api/epaper/data': (url) => {
          const compact = url.searchParams.get('date') ?? '';
          const date = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
          return date === TODAY
            ? noEdition()
            : epaperData(date, Number(url.searchParams.get('edition')));
        },
      }),
    );
    const { router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { name: "Today's Edition Is Not Available" }),
    ).toBeTruthy();
    // The archives open the calendar; closing it comes back to the same notice.
    await user.click(screen.getByRole('button', { name: 'Check Out Archives' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a date' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: "View Yesterday's Edition" }));
    await screen.findByRole('img', { name: /Friday, 20 November 2026: Front Page/ });
    expect(currentUrl(router)).toBe('/?date=2026-11-20&edition=2&page=0');
  });

  it('tells a subscriber when a day inside their archive has no edition', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId: 2 });
    const subscriptions = fakeSubscriptions({
      signedIn: () => auth.account() !== null,
      state: subscriberState(),
    });
    installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
    renderApp('/?date=2026-11-15');
    expect(await screen.findByRole('heading', { name: 'No Edition That Day' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Another Date' })).toBeTruthy();
  });

  it("opens a subscriber's preferred edition by default and stores it; a link's edition wins", async () => {
    localStorage.clear();
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId: 3 });
    const subscriptions = fakeSubscriptions({
      signedIn: () => auth.account() !== null,
      state: subscriberState(),
    });
    installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
    const first = renderApp('/');
    expect(
      await screen.findByRole('img', { name: /Bengaluru Rural, .*: Front Page/ }),
    ).toBeTruthy();
    expect(localStorage.getItem('preferredEditionId')).toBe('3');
    first.unmount();
    renderApp('/?edition=5');
    expect(await screen.findByRole('img', { name: /Mysuru, .*: Front Page/ })).toBeTruthy();
  });

  it('keeps a free reader on the free edition whatever edition they prefer', async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId: 3 });
    const subscriptions = fakeSubscriptions({ signedIn: () => auth.account() !== null });
    const server = installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
    renderApp('/');
    await waitFor(() => expect(server.calls('/api/users/preferences').length).toBeGreaterThan(0));
    expect(await screen.findByRole('img', { name: /Bengaluru City, .*: Front Page/ })).toBeTruthy();
    expect(
      server.calls('/api/epaper/data').every((url) => url.searchParams.get('edition') === '2'),
    ).toBe(true);
  });

  it('returns to the saved scroll position and marks the article that was open', async () => {
    rememberReturnPoint(
      { date: TODAY, edition: 2, page: 1 },
      { scrollY: 640, articleId: '2-20261121-p2-a2' },
    );
    const scrolls: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      scrolls.push(options.top ?? 0);
    }) as typeof window.scrollTo);
    installFakeServer(siteRoutes());
    renderApp(`/?date=${TODAY}&edition=2&page=1`);
    await screen.findByRole('img', { name: /City/ });
    await waitFor(() => expect(scrolls).toContain(640));
    const opened = screen.getByRole('button', { name: 'Second story of page 2' });
    expect(opened.getAttribute('aria-current')).toBe('true');
    expect(sessionStorage.getItem('epaper_navigation_state')).toBeNull();
  });
});
