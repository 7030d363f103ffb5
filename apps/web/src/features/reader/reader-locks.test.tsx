import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteRoutes, TODAY, withLaterPagesLocked } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const lockedRoutes = (extra = {}) =>
  siteRoutes({
    '/api/epaper/data': (url) =>
      withLaterPagesLocked(TODAY, Number(url.searchParams.get('edition'))),
    ...extra,
  });

describe('locked pages in the reader', () => {
  it('draws a locked page blurred with a lock, and shows a visitor the login-or-subscribe popup', async () => {
    installFakeServer(lockedRoutes());
    renderApp('/?page=1');
    const lock = await screen.findByRole('button', {
      name: /locked\. Subscribe to read this page/,
    });
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
  });
});
