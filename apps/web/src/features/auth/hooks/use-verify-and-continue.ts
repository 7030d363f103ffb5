// Verifying the code and moving on (spec 1 §4 "One-time code flow" 3): a sign-in
// remembers the regular login method, refreshes the account, waits 500 ms and
// routes; a profile or popup contact change confirms itself with a toast.
import { AUTH_MESSAGES, MESSAGES, otpCodeSchema, type VerifyCodeResponse } from '@folio/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshAuth } from '../../../shared/api/auth-session.ts';
import {
  AUTH_PATHS,
  safeRedirect,
  type VerifyOtpState,
} from '../../../shared/lib/auth-navigation.ts';
import { isApiError } from '../../../shared/lib/http.ts';
import {
  rememberLoginMethod,
  SESSION_KEYS,
  sessionValue,
} from '../../../shared/lib/session-keys.ts';
import { notify } from '../../../shared/ui/toaster.tsx';
import { pendingCode } from '../../../shared/lib/pending-code.ts';
import { track } from '../../../shared/lib/tracking.ts';
import { useVerifyCode } from '../api.ts';
import { afterCodeSignIn, POST_LOGIN_WAIT_MS, wait } from '../lib/after-sign-in.ts';

const CONTACT_UPDATED = {
  phone: 'Mobile number updated successfully',
  email: 'Email updated successfully',
} as const;

export function useVerifyAndContinue(target: VerifyOtpState, onProblem: (message: string) => void) {
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const { mutateAsync: verifyCode } = useVerifyCode();
  const [busy, setBusy] = useState(false);
  // The code sends itself at the sixth digit; a Verify pressed meanwhile (or a
  // second completion) must not spend a second attempt on the same code.
  const running = useRef(false);

  // The code is spent once verified: a failed account refresh must not strand the
  // reader here, so it is best-effort and the screens after this one refetch anyway.
  const refresh = () => refreshAuth().catch(() => null);

  const proceed = async (answer: VerifyCodeResponse) => {
    pendingCode.forget();
    if ('changed' in answer) {
      await refresh();
      await wait(POST_LOGIN_WAIT_MS);
      notify.success(CONTACT_UPDATED[answer.changed]);
      if (target.fromPopup) {
        sessionValue.remove(SESSION_KEYS.fromPopupOTP);
        await navigate(safeRedirect(target.redirectAfterOTP), { replace: true });
      } else {
        await navigate(AUTH_PATHS.profile, { replace: true, state: { fromOTP: true } });
      }
      return;
    }
    rememberLoginMethod('regular');
    await refresh();
    await wait(POST_LOGIN_WAIT_MS);
    track('login', { method: target.verificationMethod });
    if (target.fromPopup) {
      await navigate(safeRedirect(target.redirectAfterOTP), { replace: true });
      return;
    }
    const { verificationMethod, phoneNumber, email } = target;
    const next = afterCodeSignIn(
      { verificationMethod, phoneNumber, email, createdNewRecipeUser: answer.createdNewRecipeUser },
      target.redirectAfterOTP,
    );
    await navigate(next.to, { replace: true, state: next.state });
  };

  const verify = async (code: string) => {
    if (!otpCodeSchema.safeParse(code).success) {
      onProblem(AUTH_MESSAGES.otpInvalid);
      return;
    }
    const lookup = pendingCode.lookup();
    if ('problem' in lookup) {
      onProblem(lookup.problem);
      return;
    }
    if (running.current) return;
    running.current = true;
    setBusy(true);
    let answer: VerifyCodeResponse;
    try {
      answer = await verifyCode({ pending: lookup.pending, code });
    } catch (failure) {
      onProblem(isApiError(failure) ? failure.message : MESSAGES.genericError);
      running.current = false;
      setBusy(false);
      return;
    }
    await proceed(answer);
  };

  return { verify, busy };
}
