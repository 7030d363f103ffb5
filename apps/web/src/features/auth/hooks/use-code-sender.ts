// Sending and resending the one-time code (spec 1 §4 "One-time code flow" 1-2).
// Opening the screen asks for a code, except when the profile or the welcome
// popup already did with their change call; each send restarts the countdown.
import {
  AUTH_MESSAGES,
  RESEND_AFTER_SECONDS,
  withCountryPrefix,
  type CodeRequest,
} from '@folio/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VerifyOtpState } from '../../../shared/lib/auth-navigation.ts';
import { isApiError } from '../../../shared/lib/http.ts';
import { notify } from '../../../shared/ui/toaster.tsx';
import { pendingCode } from '../../../shared/lib/pending-code.ts';
import { useRequestCode, useResendCode } from '../api.ts';
import { useCountdown } from './use-countdown.ts';

const CHECK_INBOX = {
  mobile: 'Please check your phone for the OTP',
  email: 'Please check your email for the OTP',
} as const;
const CODE_SENT = {
  mobile: 'Verification code sent to your phone',
  email: 'Verification code sent to your email',
} as const;
const RESEND_FAILED = {
  mobile: AUTH_MESSAGES.resendPhoneFailed,
  email: AUTH_MESSAGES.resendEmailFailed,
} as const;

const RESTART_FLOW = 'RESTART_FLOW';

/** A 429 carries the server's own words (how long to wait); other failures get the spec's. */
const limitOr = (error: unknown, fallback: string) =>
  isApiError(error, 429) ? error.message : fallback;

function destinationOf(target: VerifyOtpState): CodeRequest {
  return target.verificationMethod === 'mobile'
    ? { phoneNumber: withCountryPrefix(target.phoneNumber ?? '') }
    : { email: target.email ?? '' };
}

export function useCodeSender(target: VerifyOtpState) {
  const [secondsLeft, restartCountdown] = useCountdown();
  const [error, setError] = useState<string | null>(null);
  const { mutate: request, isPending: requesting } = useRequestCode();
  const { mutate: resend, isPending: resending } = useResendCode();
  const opened = useRef(false);
  const method = target.verificationMethod;
  const sentByChangeCall = Boolean(target.fromProfile || target.fromPopup);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (sentByChangeCall) {
      restartCountdown(RESEND_AFTER_SECONDS);
      return;
    }
    // A code pending from an earlier visit belongs to another attempt, maybe another number.
    pendingCode.forget();
    request(destinationOf(target), {
      onSuccess: () => {
        notify.info(CHECK_INBOX[method]);
        restartCountdown(RESEND_AFTER_SECONDS);
      },
      onError: (failure) => setError(limitOr(failure, AUTH_MESSAGES.startFailed)),
    });
  }, [sentByChangeCall, request, target, method, restartCountdown]);

  const sendAgain = useCallback(() => {
    setError(null);
    const callbacks = {
      onSuccess: () => {
        notify.success(CODE_SENT[method]);
        restartCountdown(RESEND_AFTER_SECONDS);
      },
      onError: (failure: Error) => {
        // The server no longer knows this attempt: the next resend starts a new one.
        if (isApiError(failure) && failure.reason === RESTART_FLOW) pendingCode.forget();
        setError(limitOr(failure, RESEND_FAILED[method]));
        // A refused resend may be tried again straight away (spec 1 §4).
        restartCountdown(0);
      },
    };
    const lookup = pendingCode.lookup();
    if ('pending' in lookup) resend(lookup.pending, callbacks);
    else if (!sentByChangeCall) request(destinationOf(target), callbacks);
    else setError(lookup.problem);
  }, [method, resend, request, restartCountdown, sentByChangeCall, target]);

  return { secondsLeft, error, setError, sending: requesting || resending, sendAgain };
}
