import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByGoogle } from '../../test/fake-auth.ts';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { siteConfig, siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';
import type { CredentialResponse, GoogleAccountsId } from './lib/google-identity.ts';

const googleUser = {
  id: 'user-g',
  emails: ['asha@example.in'],
  phoneNumbers: [],
  loginMethod: 'third_party',
};
const noEmail = () =>
  reply(400, {
    status: 'ERROR',
    message: 'No email provided by social login. Please use another form of login',
  });

/**
 * Signs the fake account in when Google's answer is accepted, as the server would.
 * Only One Tap needs the client id in the config: the redirect's return page does not.
 */
function serveGoogle(answer: Handler, path: string) {
  const googleClientId = path === '/api/auth/one-tap' ? 'client.apps.googleusercontent.com' : null;
  const auth = fakeAuth();
  let signedIn = false;
  const me = auth.routes['/api/auth/me']!;
  return installFakeServer(
    siteRoutes({
      ...auth.routes,
      '/api/config': () => ({ ...siteConfig, googleClientId }),
      '/api/auth/me': (url, request) =>
        signedIn
          ? {
              userData: { emails: readerByGoogle.emails, phoneNumbers: [] },
              metadata: { first_name: null },
              loginMethod: readerByGoogle.loginMethod,
              isNewUser: false,
            }
          : me(url, request),
      [path]: (url, request) => {
        const result = answer(url, request);
        signedIn = !(result instanceof Response);
        return result;
      },
    }),
  );
}

describe('Google redirect sign-in', () => {
  it('shows "Processing your login..." and welcomes a new reader', async () => {
    const server = serveGoogle(
      () => ({
        status: 'OK',
        createdNewRecipeUser: true,
        user: googleUser,
        redirectUrl: '/profile',
      }),
      '/api/auth/google/callback',
    );
    const { router } = renderApp('/auth/callback/google?code=c-1&state=s-1');
    expect(await screen.findByText('Processing your login...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Successfully Verified' });
    expect(server.sent.find((r) => r.url.pathname === '/api/auth/google/callback')?.body).toEqual({
      code: 'c-1',
      state: 's-1',
    });
    expect(router.state.location.state).toMatchObject({
      isNewUser: true,
      email: 'asha@example.in',
    });
    expect(sessionStorage.getItem('user_login_method')).toBe('third_party');
  });

  it('sends a returning reader to the target the sign-in started with', async () => {
    serveGoogle(
      () => ({
        status: 'OK',
        createdNewRecipeUser: false,
        user: googleUser,
        redirectUrl: '/profile',
      }),
      '/api/auth/google/callback',
    );
    sessionStorage.setItem('user_paid_status', 'unpaid');
    const { router } = renderApp('/auth/callback/google?code=c-1&state=s-1');
    await screen.findByRole('heading', { name: 'Profile Information' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(sessionStorage.getItem('user_paid_status')).toBeNull();
  });

  it('refuses an account without an e-mail and returns to /auth with the target', async () => {
    serveGoogle(noEmail, '/api/auth/google/callback');
    sessionStorage.setItem('social_login_redirect', '/profile');
    const { router } = renderApp('/auth/callback/google?code=c-1&state=s-1');
    expect(
      await screen.findByText(
        'No email provided by social login. Please use another form of login',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/auth?redirect_url=%2Fprofile'));
  });

  it('says "Oops! Something went wrong." when Google sent no code back', async () => {
    serveGoogle(noEmail, '/api/auth/google/callback');
    const { router } = renderApp('/auth/callback/google?error=access_denied');
    expect(await screen.findByText('Oops! Something went wrong.')).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/auth'));
  });
});

describe('Google One Tap', () => {
  afterEach(() => {
    delete window.google;
  });

  /** Google's side of One Tap: the prompt, and a way to answer it as a reader would. */
  function fakeGoogleIdentity() {
    let callback: ((response: CredentialResponse) => void) | undefined;
    const id: GoogleAccountsId = {
      initialize: (config) => {
        callback = config.callback;
      },
      prompt: vi.fn(),
      cancel: vi.fn(),
    };
    window.google = { accounts: { id } };
    return {
      id,
      answer: (response: CredentialResponse) => act(() => callback?.(response)),
    };
  }

  it('prompts signed-out visitors and signs them in with the credential', async () => {
    const google = fakeGoogleIdentity();
    const server = serveGoogle(
      () => ({ status: 'OK', createdNewRecipeUser: false, user: googleUser }),
      '/api/auth/one-tap',
    );
    renderApp('/auth');
    await waitFor(() => expect(google.id.prompt).toHaveBeenCalled());
    google.answer({ credential: 'id-token' });
    await waitFor(() => expect(sessionStorage.getItem('user_login_method')).toBe('google_one_tap'));
    expect(server.sent.find((r) => r.url.pathname === '/api/auth/one-tap')?.body).toEqual({
      credential: 'id-token',
    });
  });

  it('explains each way One Tap can fail', async () => {
    const google = fakeGoogleIdentity();
    let answer: Handler = () => reply(400, { status: 'ERROR', message: 'Token rejected' });
    serveGoogle((url, request) => answer(url, request), '/api/auth/one-tap');
    renderApp('/auth');
    await waitFor(() => expect(google.id.prompt).toHaveBeenCalled());
    google.answer({});
    expect(
      await screen.findByText('Google authentication state not found. Please try again.'),
    ).toBeTruthy();
    google.answer({ credential: 'id-token' });
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
    answer = () => reply(503, { status: 'ERROR', message: 'Unavailable' });
    google.answer({ credential: 'id-token' });
    expect(
      await screen.findByText('Error during login. Please try again or use another login method.'),
    ).toBeTruthy();
  });

  it('is not offered when Google sign-in is not configured', async () => {
    const google = fakeGoogleIdentity();
    installFakeServer(siteRoutes());
    renderApp('/auth');
    await screen.findByRole('heading', { name: 'Log in or Create Your Account' });
    expect(google.id.prompt).not.toHaveBeenCalled();
  });
});
