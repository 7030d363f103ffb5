// /auth/callback/{provider} (spec 1 §2, §4 "Social sign-in"; spec 2 §4 "After
// third-party login", §8): Google sends the reader back here with a code, which
// the server exchanges for a session; then the reader moves on.
import { MESSAGES } from '@folio/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useRefreshAuth } from '../../shared/api/auth-session.ts';
import { AUTH_PATHS } from '../../shared/lib/auth-navigation.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { rememberLoginMethod } from '../../shared/lib/session-keys.ts';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { useToast } from '../../shared/ui/toast/toast-context.ts';
import { takeSocialRedirect, useCompleteGoogleSignIn } from './api.ts';
import { afterThirdPartySignIn } from './lib/after-sign-in.ts';

/** A refusal the server explained (4xx) is shown in its words; anything else is generic. */
function signInProblem(failure: unknown): string {
  return isApiError(failure) && failure.status >= 400 && failure.status < 500
    ? failure.message
    : MESSAGES.genericError;
}

function loginAgainHref(redirect: string): string {
  return redirect === '/'
    ? AUTH_PATHS.login
    : `${AUTH_PATHS.login}?redirect_url=${encodeURIComponent(redirect)}`;
}

export function SocialCallbackScreen() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const refreshAuth = useRefreshAuth();
  const { mutateAsync: complete } = useCompleteGoogleSignIn();
  const started = useRef(false);

  useEffect(() => {
    // The code is single-use: a second exchange (a re-render, React's dev double
    // effect) would fail and bounce a reader who is in fact signed in.
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      toast.error(message);
      void navigate(loginAgainHref(takeSocialRedirect()), { replace: true });
    };
    const code = params.get('code');
    const state = params.get('state');
    if (provider !== 'google' || !code || !state) {
      fail(MESSAGES.genericError);
      return;
    }
    complete({ code, state }).then(
      async (answer) => {
        takeSocialRedirect();
        rememberLoginMethod('third_party');
        await refreshAuth().catch(() => null);
        const next = await afterThirdPartySignIn(
          { createdNewRecipeUser: answer.createdNewRecipeUser, email: answer.user.emails[0] },
          answer.redirectUrl,
        );
        await navigate(next.to, { replace: true, state: next.state });
      },
      (failure: unknown) => fail(signInProblem(failure)),
    );
  }, [complete, navigate, params, provider, refreshAuth, toast]);

  return <ScreenStatus>Processing your login...</ScreenStatus>;
}
