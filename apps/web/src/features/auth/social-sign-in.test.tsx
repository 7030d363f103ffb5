import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, readerByGoogle, setSessionHint } from '../../test/fake-auth.ts';
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

/** Signs the fake account in when Google's credential is accepted, as the server would. */
function serveOneTap(answer: Handler) {
  const auth = fakeAuth();
  let signedIn = false;
  const me = auth.routes['/api/auth/me']!;
  return installFakeServer(
    siteRoutes({
      ...auth.routes,
      '/api/config': () => ({ ...siteConfig, googleClientId: 'client.apps.googleusercontent.com' }),
      '/api/auth/me': (url, request) =>
        signedIn
          ? {
              userData: { emails: readerByGoogle.emails, phoneNumbers: [] },
              metadata: { first_name: null },
              loginMethod: readerByGoogle.loginMethod,
              isNewUser: false,
            }
          : me(url, request),
      '/api/auth/one-tap': (url, request) => {
        const result = answer(url, request);
        signedIn = !(result instanceof Response);
        // The server sets the session cookie and its readable hint.
        if (signedIn) setSessionHint(true);
        return result;
      },
    }),
  );
}

describe('Google redirect sign-in', () => {
  const signedInByGoogle = () =>
    installFakeServer(siteRoutes(fakeAuth({ signedInAs: { ...readerByGoogle } }).routes));

  it('shows "Processing your login..." and welcomes a new reader', async () => {
    signedInByGoogle();
    const { router } = renderApp(
      '/auth/callback/google?status=ok&newUser=true&redirectUrl=%2Fprofile',
    );
    expect(await screen.findByText('Processing your login...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Successfully Verified' });
    expect(router.state.location.state).toEqual({
      isNewUser: true,
      verificationMethod: 'email',
      email: 'asha@example.in',
      redirectAfterOTP: '/profile',
    });
    expect(sessionStorage.getItem('user_login_method')).toBe('third_party');
  });

  it('sends a returning reader to the target the sign-in started with', async () => {
    signedInByGoogle();
    sessionStorage.setItem('user_paid_status', 'paid');
    // The stale paid status is dropped at sign-in (the server's answer refills it later).
    const removed = vi.spyOn(sessionStorage, 'removeItem');
    const { router } = renderApp(
      '/auth/callback/google?status=ok&newUser=false&redirectUrl=%2Fprofile',
    );
    await screen.findByRole('heading', { name: 'Profile Information' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(removed).toHaveBeenCalledWith('user_paid_status');
    expect(sessionStorage.getItem('user_paid_status')).not.toBe('paid');
  });

  it('never follows a target on another site', async () => {
    signedInByGoogle();
    const { router } = renderApp(
      '/auth/callback/google?status=ok&newUser=false&redirectUrl=%2F%2Fevil.example',
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it("repeats the server's reason and returns to /auth with the target", async () => {
    installFakeServer(siteRoutes());
    sessionStorage.setItem('social_login_redirect', '/profile');
    const reason = 'No email provided by social login. Please use another form of login';
    const { router } = renderApp(`/auth/callback/google?error=${encodeURIComponent(reason)}`);
    expect(await screen.findByText(reason)).toBeTruthy();
    await waitFor(() => expect(currentUrl(router)).toBe('/auth?redirect_url=%2Fprofile'));
  });

  it('says "Oops! Something went wrong." for any other outcome, whatever the link says', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/auth/callback/google?error=Call%20us%20on%20this%20number');
    expect(await screen.findByText('Oops! Something went wrong.')).toBeTruthy();
    expect(screen.queryByText('Call us on this number')).toBeNull();
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
    const server = serveOneTap(() => ({
      status: 'OK',
      createdNewRecipeUser: false,
      user: googleUser,
    }));
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
    serveOneTap((url, request) => answer(url, request));
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
    renderApp('/');
    // One Tap is decided once the session check says "signed out", which the
    // header's login link shows; then let Google's script promise settle.
    await screen.findByRole('link', { name: 'Log in' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(google.id.prompt).not.toHaveBeenCalled();
  });
});
