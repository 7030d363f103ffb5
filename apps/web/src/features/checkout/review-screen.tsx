// /review (spec 2 §2 "Review page", §4 "Proceeding", "Logout on review page"): the
// server's quote for the stored plan, the contact a mandate still needs when the
// quote says so (issue 23 part 5), the terms, and Proceed, which starts the
// checkout. A visitor signs in first and comes back here.
import { SUBSCRIPTION_MESSAGES, type Quote } from '@folio/core';
import { useRef, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useAuth, useLogout, type UserData } from '../../shared/api/auth-session.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { AUTH_PATHS, loginHref } from '../../shared/lib/auth-navigation.ts';
import { readSelectedPlan, type SelectedPlan } from '../../shared/lib/selected-plan.ts';
import { SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import { refusalMessage, useCheckout, useQuote } from './api.ts';
import { BillingContactField } from './components/billing-contact-field.tsx';
import { ProcessingOverlay } from './components/processing-overlay.tsx';
import { QuoteSummary, changeNote } from './components/quote-summary.tsx';
import { SignedInAs } from './components/signed-in-as.tsx';
import { TermsConsent } from './components/terms-consent.tsx';
import { billingContactOf } from './lib/billing-contact.ts';

export function ReviewScreen() {
  const auth = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);
  // Logging out leaves for / on its own; nothing here should send the reader to sign in.
  if (loggingOut) return <ScreenStatus>Loading...</ScreenStatus>;
  if (auth.status === 'checking') return <ScreenStatus>Authenticating...</ScreenStatus>;
  if (auth.status === 'signed-out') return <Navigate to={loginHref(AUTH_PATHS.review)} replace />;
  return <Review user={auth.user} onLoggingOut={setLoggingOut} />;
}

interface ReviewProps {
  user: UserData;
  onLoggingOut: (loggingOut: boolean) => void;
}

function Review({ user, onLoggingOut }: ReviewProps) {
  const { brand, publisher } = useAppConfig();
  // Read once: a stored plan that cannot be parsed is removed by the read itself.
  const [plan] = useState(readSelectedPlan);
  const quote = useQuote(publisher, plan?.id, plan !== undefined);
  const { entitlement } = useEntitlement(publisher);
  const logout = useLogout();

  if (!plan) return <Navigate to={AUTH_PATHS.subscribe} replace />;

  const signOut = async () => {
    onLoggingOut(true);
    // Logout forgets every stored value; an unsubscribed reader keeps the plan they were buying.
    const keep = entitlement.kind === 'subscriber' ? null : plan;
    try {
      await logout.mutateAsync();
      if (keep) sessionValue.setJson(SESSION_KEYS.selectedPlan, keep);
    } catch {
      onLoggingOut(false);
    }
  };

  return (
    <>
      <SiteHeader brand={brand} />
      <main id="main" className="mx-auto w-full max-w-lg px-4 pt-20 pb-12 sm:px-6">
        {quote.isPending ? (
          <ScreenStatus>Loading...</ScreenStatus>
        ) : quote.isError ? (
          <QuoteProblem error={quote.error} />
        ) : (
          <ReviewForm
            quote={quote.data}
            plan={plan}
            publisher={publisher}
            signedInAs={
              <SignedInAs user={user} onLogout={() => void signOut()} busy={logout.isPending} />
            }
          />
        )}
      </main>
    </>
  );
}

function QuoteProblem({ error }: { error: Error }) {
  const message = refusalMessage(error);
  return (
    <ScreenStatus
      tone="problem"
      actions={
        <Link to={AUTH_PATHS.subscribe} className={buttonClasses('primary')}>
          View Subscription Plans
        </Link>
      }
    >
      {message}
    </ScreenStatus>
  );
}

interface ReviewFormProps {
  quote: Quote;
  plan: SelectedPlan;
  publisher: string;
  signedInAs: ReactNode;
}

function ReviewForm({ quote, plan, publisher, signedInAs }: ReviewFormProps) {
  const needed = quote.contact_needed;
  const [contact, setContact] = useState('');
  const [contactError, setContactError] = useState<string | null>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const checkout = useCheckout(publisher, {
    onContactRefused: (message) => (needed ? setContactError(message) : notify.error(message)),
  });
  const [agreed, setAgreed] = useState(true);
  const [termsError, setTermsError] = useState<string | null>(null);
  // A renewal is the same plan paid again: the screen reads as a purchase.
  const change = quote.change === 'upgrade' || quote.change === 'downgrade';

  const proceed = () => {
    const billing = needed ? billingContactOf(needed, contact) : { contact: undefined };
    const termsProblem = agreed ? null : SUBSCRIPTION_MESSAGES.termsRequired;
    setTermsError(termsProblem);
    if ('error' in billing) {
      setContactError(billing.error);
      contactRef.current?.focus();
      return;
    }
    if (termsProblem) return;
    checkout.start(plan.id, billing.contact);
  };

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-7">
      <h1 className="mb-6 font-serif text-2xl font-bold text-brand sm:text-3xl">
        {change ? 'Change Plan' : 'Review & Pay'}
      </h1>
      <QuoteSummary quote={quote} />
      {needed && (
        <div className="mt-6">
          <BillingContactField
            ref={contactRef}
            kind={needed}
            value={contact}
            error={contactError}
            onChange={(value) => {
              setContact(value);
              setContactError(null);
            }}
          />
        </div>
      )}
      <div className="mt-6">
        <TermsConsent
          checked={agreed}
          error={termsError}
          onChange={(checked) => {
            setAgreed(checked);
            if (checked) setTermsError(null);
          }}
        />
      </div>
      <Button className="mt-6 w-full" onClick={proceed} disabled={checkout.pending}>
        {change ? 'Proceed To Change Plan' : 'Proceed To Pay'}
      </Button>
      <p className="mt-3 text-center text-xs text-ink-soft">{changeNote(quote)}</p>
      <div className="mt-6 border-t border-ink/10 pt-4">{signedInAs}</div>
      {checkout.pending && <ProcessingOverlay>Processing your payment...</ProcessingOverlay>}
    </div>
  );
}
