// /payment-failure (spec 2 §2 "Payment failure", §4 "Retry payment", §8): the
// server sends the reader here with why the payment did not complete. Retry
// starts a new checkout for the stored plan; Go Back returns to /review.
import { SUBSCRIPTION_MESSAGES, paymentFailureMessage } from '@folio/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { AUTH_PATHS } from '../../shared/lib/auth-navigation.ts';
import { readSelectedPlan } from '../../shared/lib/selected-plan.ts';
import { track } from '../../shared/lib/tracking.ts';
import { Button } from '../../shared/ui/button.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import { useCheckout } from './api.ts';
import { PaymentResult } from './components/payment-result.tsx';
import { ProcessingOverlay } from './components/processing-overlay.tsx';

export function PaymentFailureScreen() {
  const { publisher } = useAppConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // A retry refused for want of the contact a mandate needs goes back to Review,
  // where the reader types it (it was typed there, not kept for a retry).
  const checkout = useCheckout(publisher, {
    onContactRefused: () => void navigate(AUTH_PATHS.review),
  });
  const reason = params.get('reason');
  const told = useRef(false);

  useEffect(() => {
    if (told.current) return;
    told.current = true;
    track('payment_failure', { reason });
    notify.error(paymentFailureMessage(reason));
  }, [reason]);

  const retry = () => {
    const plan = readSelectedPlan();
    if (!plan) {
      notify.error(SUBSCRIPTION_MESSAGES.noPlanSelected);
      void navigate(AUTH_PATHS.subscribe);
      return;
    }
    checkout.start(plan.id);
  };

  return (
    <>
      <PaymentResult outcome="failure" title="Payment Failed!">
        <p className="mt-3 text-base text-ink">
          Your payment was unsuccessful. Please try again or use a different mode of payment.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={retry} disabled={checkout.pending}>
            Retry Payment
          </Button>
          <Button variant="secondary" onClick={() => void navigate(AUTH_PATHS.review)}>
            Go Back
          </Button>
        </div>
      </PaymentResult>
      {checkout.pending && <ProcessingOverlay>Retrying your payment...</ProcessingOverlay>}
    </>
  );
}
