import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

describe('auth guard', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows "Authenticating..." while it checks, then the screen', async () => {
    installFakeServer(siteRoutes(fakeAuth({ signedInAs: readerByPhone }).routes));
    renderApp('/profile');
    expect(await screen.findByText('Authenticating...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Profile Information' })).toBeTruthy();
  });

  it('sends a visitor to / when there is no page to go back to', async () => {
    installFakeServer(siteRoutes());
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const { router } = renderApp(['/profile']);
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('sends a visitor back one page when the history is longer than 2', async () => {
    installFakeServer(siteRoutes());
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const { router } = renderApp(['/?page=2', '/profile']);
    await waitFor(() => expect(currentUrl(router)).toBe('/?page=2'));
    expect(router.state.historyAction).toBe('POP');
  });
});
