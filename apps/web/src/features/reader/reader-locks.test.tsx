import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { FREE_STATE, fakeSubscriptions, subscriberState } from '../../test/fake-subscriptions.ts';
import { siteRoutes, TODAY, withLaterPagesLocked } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** As the server sends today's issues to a visitor or a free reader: edition 2's front page only. */
const lockedRoutes = (extra = {}) =>
  siteRoutes({
    '/api/epaper/data': (url) => {
      const edition = Number(url.searchParams.get('edition'));
      return withLaterPagesLocked(TODAY, edition, edition === 2 ? 1 : 0);
    },
    ...extra,
  });

const editionSelect = () => screen.findByRole('combobox', { name: 'Edition' });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.getAttribute('aria-label') ?? option.textContent);

describe('locked pages in the reader', () => {
  it('draws a locked page blurred with a lock, and shows a visitor the login-or-subscribe popup', async () => {
    installFakeServer(lockedRoutes());
    renderApp('/?page=1');
    const lock = await screen.findByRole('button', {
      name: /locked\. Subscribe to read this page/,
    });
    // The label is for screen readers; the page shows a few words and the way in.
    expect(lock.textContent).toBe('Subscribe to read this pageSee plans or log in');
    const figure = lock.closest('figure') as HTMLElement;
    expect(figure.querySelector('img')?.getAttribute('src')).toContain('p02-locked.webp');
    // No hotspot of a locked page reaches the screen.
    expect(within(figure).getAllByRole('button')).toHaveLength(1);
    const popup = await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' });
    expect(popup.textContent).toContain('Already a subscriber? Log in here');
    expect(within(popup).getByRole('link', { name: 'Log in here' }).getAttribute('href')).toMatch(
      /^\/auth\?/,
    );
  });

  it('opens no popup on an open page, and the lock opens it again after closing', async () => {
    installFakeServer(lockedRoutes());
    renderApp('/');
    await screen.findByRole('img', { name: /Front Page/ });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByRole('dialog')).toBeNull();
    renderApp('/?page=2');
    const user = userEvent.setup();
    const lock = await screen.findByRole('button', {
      name: /locked\. Subscribe to read this page/,
    });
    await user.click(lock);
    const popup = await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' });
    await user.click(within(popup).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(lock);
    expect(await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeTruthy();
  });

  it('offers a subscriber whose archive ends before the date an upgrade, naming the plan', async () => {
    const auth = fakeAuth({ signedInAs: readerByPhone });
    installFakeServer(
      lockedRoutes({
        ...auth.routes,
        '/api/users/subscription': () => ({
          entitlement: { kind: 'subscriber', archiveDays: 0, planName: 'ePaper Lite' },
          subscription: null,
          scheduled: null,
        }),
        '/api/epaper/data': () => withLaterPagesLocked('2026-11-20', 2),
      }),
    );
    renderApp('/?date=2026-11-20&page=1');
    const popup = await screen.findByRole(
      'dialog',
      { name: 'Premium Feature Access' },
      { timeout: 3000 },
    );
    expect(within(popup).getByText(/ePaper Lite/)).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: /: locked\. Upgrade your plan to read this page\. See upgrade options$/,
      }).textContent,
    ).toBe('Upgrade your plan to read this pageSee upgrade options');
  });
});

describe('locked editions in the edition selector', () => {
  const LOCKED_FOR_FREE = ['Bengaluru City', 'Bengaluru Rural, locked', 'Mysuru, locked'];

  it('marks the editions a visitor may not open with a lock, and one chosen shows the login-or-subscribe popup', async () => {
    const user = userEvent.setup();
    installFakeServer(lockedRoutes());
    renderApp('/');
    await screen.findByRole('img', { name: /Front Page/ });
    const select = await editionSelect();
    await waitFor(() => expect(optionNames(select)).toEqual(LOCKED_FOR_FREE));
    const rural = within(select).getByRole('option', { name: 'Bengaluru Rural, locked' });
    expect(rural.textContent).toBe('Bengaluru Rural \u{1F512}');
    expect(within(select).getByRole('option', { name: 'Bengaluru City' }).textContent).toBe(
      'Bengaluru City',
    );
    await user.selectOptions(select, '5');
    expect(
      await screen.findByRole('button', { name: /locked\. Subscribe to read this page/ }),
    ).toBeTruthy();
    const popup = await screen.findByRole(
      'dialog',
      { name: 'Subscriber-Only Feature' },
      { timeout: 3000 },
    );
    expect(popup.textContent).toContain('Already a subscriber? Log in here');
  });

  it("marks the editions a free reader's plan does not open, and one chosen shows the subscriber popup", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ signedInAs: readerByPhone });
    const subscriptions = fakeSubscriptions({ signedIn: () => true, state: FREE_STATE });
    installFakeServer(lockedRoutes({ ...auth.routes, ...subscriptions.routes }));
    renderApp('/');
    const select = await editionSelect();
    await waitFor(() => expect(optionNames(select)).toEqual(LOCKED_FOR_FREE));
    await user.selectOptions(select, '3');
    const popup = await screen.findByRole(
      'dialog',
      { name: 'Subscriber-Only Feature' },
      { timeout: 3000 },
    );
    // Signed in already: the popup offers plans, not a sign-in.
    expect(popup.textContent).not.toContain('Log in here');
  });

  it("marks no edition for a subscriber, nor while the server has not yet said what the reader's plan is", async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const auth = fakeAuth({ signedInAs: readerByPhone });
    const subscriptions = fakeSubscriptions({
      signedIn: () => true,
      state: subscriberState(),
      answerWhen: answered,
    });
    const server = installFakeServer(siteRoutes({ ...auth.routes, ...subscriptions.routes }));
    renderApp('/');
    const select = await editionSelect();
    await waitFor(() => expect(server.calls('/api/users/subscription')).toHaveLength(1));
    expect(optionNames(select)).toEqual(['Bengaluru City', 'Bengaluru Rural', 'Mysuru']);
    answer();
    await waitFor(() => expect(sessionStorage.getItem('isSubscribed')).toBe('true'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(optionNames(select)).toEqual(['Bengaluru City', 'Bengaluru Rural', 'Mysuru']);
  });
});
