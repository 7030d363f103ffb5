// /auth/verify_otp (spec 1 §2 "One-time code screen", §4 "One-time code flow").
// It only makes sense with the state the login screen, the profile or the welcome
// popup sent along; opened any other way it returns to /auth.
import { OTP_LENGTH } from '@folio/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import {
  AUTH_PATHS,
  loginHref,
  readState,
  safeRedirect,
  verifyOtpStateSchema,
  type LoginState,
  type VerifyOtpState,
} from '../../shared/lib/auth-navigation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { OtpInput } from '../../shared/ui/otp-input.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { useCodeSender } from './hooks/use-code-sender.ts';
import { useVerifyAndContinue } from './hooks/use-verify-and-continue.ts';

function hasDestination(state: VerifyOtpState): boolean {
  return state.verificationMethod === 'mobile' ? Boolean(state.phoneNumber) : Boolean(state.email);
}

export function VerifyOtpScreen() {
  const location = useLocation();
  const target = useMemo(() => readState(verifyOtpStateSchema, location.state), [location.state]);
  if (!target || !hasDestination(target)) return <Navigate to={AUTH_PATHS.login} replace />;
  return <VerifyOtp target={target} />;
}

/** Where "Change" leads: back to whatever asked for this number or address. */
function changeLink(target: VerifyOtpState): { to: string; state?: LoginState } {
  if (target.fromProfile) return { to: AUTH_PATHS.profile };
  if (target.fromPopup) return { to: safeRedirect(target.redirectAfterOTP) };
  return {
    to: loginHref(target.redirectAfterOTP ?? '/'),
    state: { activeTab: target.verificationMethod },
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function VerifyOtp({ target }: { target: VerifyOtpState }) {
  const { brand } = useAppConfig();
  const [code, setCode] = useState('');
  const sender = useCodeSender(target);
  const { verify, busy } = useVerifyAndContinue(target, sender.setError);
  const errorId = useId();
  const change = changeLink(target);

  const typeCode = (next: string) => {
    setCode(next);
    sender.setError(null);
  };

  const resend = () => {
    setCode('');
    sender.sendAgain();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <AuthLayout brand={brand}>
      <h1 className="font-serif text-2xl font-bold text-brand sm:text-3xl">Verification</h1>
      <p className="mt-3 text-sm leading-relaxed text-ink-soft">
        {target.verificationMethod === 'mobile' ? (
          <>
            We have sent a 6-digit code by SMS to{' '}
            <span className="font-semibold whitespace-nowrap text-ink">
              +91 {target.phoneNumber}
            </span>
          </>
        ) : (
          <>
            We have sent a 6-digit code by email to{' '}
            <span className="font-semibold [overflow-wrap:anywhere] text-ink">{target.email}</span>
          </>
        )}{' '}
        <Link
          to={change.to}
          state={change.state}
          className="font-semibold whitespace-nowrap text-brand underline"
        >
          Change
        </Link>
      </p>
      <form noValidate onSubmit={submit} className="mt-7 flex flex-col gap-4">
        <OtpInput
          value={code}
          length={OTP_LENGTH}
          onChange={typeCode}
          // The sixth digit sends the code; Verify stays for a retry.
          onComplete={(full: string) => void verify(full)}
          invalid={sender.error !== null}
          disabled={busy}
          errorId={sender.error ? errorId : undefined}
        />
        {sender.error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {sender.error}
          </p>
        )}
        <div className="min-h-6 text-sm">
          {sender.secondsLeft > 0 ? (
            <span className="text-ink-soft">Resend OTP in 00:{twoDigits(sender.secondsLeft)}</span>
          ) : (
            <button
              type="button"
              onClick={resend}
              disabled={sender.sending || busy}
              className="font-semibold text-brand underline disabled:opacity-50"
            >
              Resend OTP
            </button>
          )}
        </div>
        <Button type="submit" disabled={busy} className="w-full">
          Verify
        </Button>
      </form>
    </AuthLayout>
  );
}
