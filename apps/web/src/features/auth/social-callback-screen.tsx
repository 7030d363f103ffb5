// /auth/callback/{provider} (spec 1 §2, §4 "Social sign-in"; spec 2 §4 "After
// third-party login", §8). Google returns the browser to this address; the
// server finishes the sign-in there and sends the browser on to the same page
// with the outcome in the query (docs/auth-api.md "Google"): status=ok with
// newUser and redirectUrl, or error with the reason.
import { AUTH_MESSAGES, MESSAGES } from '@folio/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useRefreshAuth } from '../../shared/api/auth-session.ts';
import { AUTH_PATHS } from '../../shared/lib/auth-navigation.ts';
import { rememberLoginMethod } from '../../shared/lib/session-keys.ts';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import { takeSocialRedirect } from './api.ts';
import { afterThirdPartySignIn } from './lib/after-sign-in.ts';

/**
 * The reasons the server gives for a failed sign-in. Anyone can put words in a
 * link's query, so only these are repeated; anything else reads as generic.
 */
const SERVER_REASONS = new Set<string>([
  AUTH_MESSAGES.socialNoEmail,
  AUTH_MESSAGES.socialLoginFailed,
  AUTH_MESSAGES.signInNotAllowed,
  AUTH_MESSAGES.oneTapStateMissing,
]);

function loginAgainHref(redirect: string): string {
  return redirect === '/'
    ? AUTH_PATHS.login
    : `${AUTH_PATHS.login}?redirect_url=${encodeURIComponent(redirect)}`;
}

export function SocialCallbackScreen() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const handled = useRef(false);

  useEffect(() => {
    // Once only: the outcome must not be acted on twice (React's dev double effect).
    if (handled.current) return;
    handled.current = true;
    const reason = params.get('error');
    if (provider !== 'google' || params.get('status') !== 'ok') {
      notify.error(reason && SERVER_REASONS.has(reason) ? reason : MESSAGES.genericError);
      void navigate(loginAgainHref(takeSocialRedirect()), { replace: true });
      return;
    }
    takeSocialRedirect();
    rememberLoginMethod('third_party');
    void (async () => {
      const user = await refreshAuth().catch(() => null);
      const next = await afterThirdPartySignIn(
        { createdNewRecipeUser: params.get('newUser') === 'true', email: user?.email },
        params.get('redirectUrl') ?? '/',
      );
      await navigate(next.to, { replace: true, state: next.state });
    })();
  }, [navigate, params, provider, refreshAuth]);

  return <ScreenStatus>Processing your login...</ScreenStatus>;
}
