// Google One Tap (spec 2 §4 "One Tap login", §8): offered to signed-out visitors
// when Google sign-in is configured. It draws Google's own prompt, so it renders
// nothing itself.
import { AUTH_MESSAGES } from '@folio/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { useAuth, useRefreshAuth } from '../../../shared/api/auth-session.ts';
import { isApiError, NETWORK_ERROR_STATUS } from '../../../shared/lib/http.ts';
import { rememberLoginMethod } from '../../../shared/lib/session-keys.ts';
import { notify } from '../../../shared/ui/toaster.tsx';
import { useOneTapSignIn } from '../api.ts';
import { afterOneTapSignIn } from '../lib/after-sign-in.ts';
import { loadGoogleIdentity, type CredentialResponse } from '../lib/google-identity.ts';

const CALLBACK_PATH = '/auth/callback/';

function oneTapProblem(failure: unknown): string {
  if (!isApiError(failure) || failure.status === NETWORK_ERROR_STATUS || failure.status >= 500) {
    return AUTH_MESSAGES.oneTapException;
  }
  // A Google account without an e-mail has its own message; other refusals are "not OK".
  return failure.message === AUTH_MESSAGES.socialNoEmail
    ? failure.message
    : AUTH_MESSAGES.oneTapNotOk;
}

export function GoogleOneTap() {
  const { googleClientId } = useAppConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const { mutateAsync: signIn } = useOneTapSignIn();
  // Google calls back long after the prompt opened; read the latest handlers then.
  const onCredential = useRef<(response: CredentialResponse) => void>(() => undefined);
  const handleCredential = (response: CredentialResponse) => {
    if (!response.credential) {
      notify.error(AUTH_MESSAGES.oneTapStateMissing);
      return;
    }
    signIn(response.credential).then(
      async (answer) => {
        rememberLoginMethod('google_one_tap');
        await refreshAuth().catch(() => null);
        const next = afterOneTapSignIn({
          createdNewRecipeUser: answer.createdNewRecipeUser,
          email: answer.user.emails[0],
        });
        await navigate(next.to, { replace: true, state: next.state });
      },
      (failure: unknown) => notify.error(oneTapProblem(failure)),
    );
  };
  useEffect(() => {
    onCredential.current = handleCredential;
  });

  // Not over the Google redirect's own return page, which is signing the reader in already.
  const { pathname } = useLocation();
  const offer =
    auth.status === 'signed-out' && Boolean(googleClientId) && !pathname.startsWith(CALLBACK_PATH);
  useEffect(() => {
    if (!offer || !googleClientId) return;
    let prompt: { cancel: () => void } | undefined;
    let cancelled = false;
    loadGoogleIdentity().then(
      (id) => {
        if (cancelled) return;
        id.initialize({
          client_id: googleClientId,
          callback: (response) => onCredential.current(response),
          cancel_on_tap_outside: true,
          use_fedcm_for_prompt: true,
        });
        id.prompt();
        prompt = id;
      },
      // Without Google's script there is no prompt; the other sign-in ways remain.
      () => undefined,
    );
    return () => {
      cancelled = true;
      prompt?.cancel();
    };
  }, [offer, googleClientId]);

  return null;
}
