// /auth/authenticate (spec 2 §2 "Post-verification screen", §4 "Post-verification
// Finish"): a new reader's consent choices. Shown to new readers only; anyone else
// arriving here loses a stale plan choice and goes to /.
import type { MetadataRequest } from '@folio/core';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useRefreshAuth } from '../../shared/api/auth-session.ts';
import {
  AUTH_PATHS,
  authenticateStateSchema,
  readState,
  safeRedirect,
  type AuthenticateState,
} from '../../shared/lib/auth-navigation.ts';
import { hasSelectedPlan, SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useSaveSignUpMetadata } from './api.ts';
import { ConsentCheckbox } from './components/consent-checkbox.tsx';

export function AuthenticateScreen() {
  const location = useLocation();
  const state = useMemo(() => readState(authenticateStateSchema, location.state), [location.state]);
  if (!state?.isNewUser) return <NotANewReader />;
  return <Welcome state={state} />;
}

function NotANewReader() {
  useEffect(() => sessionValue.remove(SESSION_KEYS.selectedPlan), []);
  return <Navigate to="/" replace />;
}

function verifiedLine(state: AuthenticateState): string {
  if (state.verificationMethod === 'mobile' && state.phoneNumber) {
    return `Your phone number +91 ${state.phoneNumber} has been verified.`;
  }
  return state.email
    ? `Your email ${state.email} has been verified.`
    : 'Your email has been verified.';
}

function Welcome({ state }: { state: AuthenticateState }) {
  const { brand } = useAppConfig();
  const navigate = useNavigate();
  const refreshAuth = useRefreshAuth();
  const { mutateAsync: saveMetadata } = useSaveSignUpMetadata();
  // Unticked until the reader ticks them: consent is a clear affirmative act
  // (DPDP Act 2023; docs/decisions/0024), where spec 2 §2 has them default on.
  const [marketing, setMarketing] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const email = state.email ?? '';
  const offersNewsletter = brand.id === 'dh' && email !== '';

  const finish = async () => {
    setFinishing(true);
    const metadata: MetadataRequest = {
      receiveMarketingAndPromitionalEmail: marketing,
      ...(offersNewsletter && {
        dh: {
          dhNewsLetterTopNewsOfTheDay: newsletter,
          newsLetter: { email: newsletter ? email : null },
        },
      }),
    };
    // Consent is worth asking for but not worth blocking the reader over (spec 2 §4).
    await refreshAuth().catch(() => null);
    await saveMetadata(metadata).catch((failure: unknown) => {
      console.error('Saving sign-up preferences failed', failure);
    });
    const next = hasSelectedPlan() ? AUTH_PATHS.review : safeRedirect(state.redirectAfterOTP);
    await navigate(next, { replace: true });
  };

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-paper p-4 sm:p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl sm:p-8">
        <img
          src={brand.afterLoginImage}
          alt=""
          width="480"
          height="360"
          className="mx-auto w-56 sm:w-64"
        />
        <h1 className="mt-5 font-serif text-2xl font-bold text-brand">Successfully Verified</h1>
        <p className="mt-2 text-sm break-words text-ink-soft">{verifiedLine(state)}</p>
        <div className="mt-6 flex flex-col gap-3 text-left">
          <ConsentCheckbox checked={marketing} onChange={setMarketing}>
            I agree to receive marketing and promotional communications.
          </ConsentCheckbox>
          {offersNewsletter && (
            <ConsentCheckbox checked={newsletter} onChange={setNewsletter}>
              Sign me up for &apos;Top News of the Day&apos; Newsletter
            </ConsentCheckbox>
          )}
        </div>
        <Button onClick={() => void finish()} disabled={finishing} className="mt-7 w-full">
          Finish
        </Button>
      </div>
    </main>
  );
}
