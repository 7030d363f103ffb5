// The header's logo and the side menu's Home (spec 1 §2: the logo returns to
// today's first page) lead to today's front page of the reader's edition, from
// any screen: the preferred edition when the reader's plan opens it, else the
// brand's default; never to a bare / that would reopen a saved place.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import {
  FREE_STATE,
  fakeSubscriptions,
  subscriberState,
  type FakeSubscriptionState,
} from '../../test/fake-subscriptions.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const logo = () =>
  screen.findByRole(
    'link',
    { name: "Deccan Herald e-paper: today's front page" },
    // The first screen a test file opens is loaded on first visit.
    { timeout: 3000 },
  );

function readerWith(preferredEditionId: number, state: FakeSubscriptionState) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone }, preferredEditionId });
  const subscriptions = fakeSubscriptions({ signedIn: () => true, state });
  return installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
}

async function homeHref() {
  fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  const menu = within(await screen.findByRole('dialog', { name: 'Menu' }));
  return menu.getByRole('link', { name: 'Home' }).getAttribute('href');
}

describe('the logo and Home', () => {
  it("take a visitor from an article of another day and edition to today's front page of the default edition", async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp(
      '/article/3-20261120-p2-a1?date=2026-11-20&edition_No=3&pageNumber=1&source=epaper',
    );
    const link = await logo();
    expect(link.getAttribute('href')).toBe(`/?date=${TODAY}&edition=2&page=0`);
    await user.click(link);
    expect(
      await screen.findByRole('img', {
        name: /Bengaluru City, Saturday, 21 November 2026: Front Page/,
      }),
    ).toBeTruthy();
    expect(currentUrl(router)).toBe(`/?date=${TODAY}&edition=2&page=0`);
  });

  it("lead a subscriber to today's front page of their preferred edition", async () => {
    readerWith(3, subscriberState());
    renderApp(`/?date=2026-11-20&edition=5&page=2`);
    const link = await logo();
    await waitFor(() => expect(link.getAttribute('href')).toBe(`/?date=${TODAY}&edition=3&page=0`));
    expect(await homeHref()).toBe(`/?date=${TODAY}&edition=3&page=0`);
  });

  it('lead a free reader to the free edition, whatever edition they prefer', async () => {
    const server = readerWith(3, FREE_STATE);
    renderApp(`/?date=${TODAY}&edition=3&page=1`);
    const link = await logo();
    await waitFor(() => expect(server.calls('/api/users/preferences')).toHaveLength(1));
    await waitFor(() => expect(sessionStorage.getItem('user_paid_status')).toBe('unpaid'));
    expect(link.getAttribute('href')).toBe(`/?date=${TODAY}&edition=2&page=0`);
    expect(await homeHref()).toBe(`/?date=${TODAY}&edition=2&page=0`);
  });
});
