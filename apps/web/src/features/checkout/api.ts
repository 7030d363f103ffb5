// Checkout calls (spec 2 §4 "Plan change", "Purchase result"; docs/decisions/0014):
// the server's quote for the selected plan, and starting a checkout, which either
// hands the page to the payment provider or schedules a downgrade.
import {
  SUBSCRIPTION_MESSAGES,
  checkoutResponseSchema,
  quoteSchema,
  type CheckoutResponse,
} from '@folio/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUBSCRIPTION_KEY } from '../../shared/api/subscription.ts';
import { retryOnce } from '../../shared/lib/cache-policy.ts';
import { isApiError, sendJson } from '../../shared/lib/http.ts';
import { clearSelectedPlan } from '../../shared/lib/selected-plan.ts';
import { notify } from '../../shared/ui/toaster.tsx';
import type { BillingContact } from './lib/billing-contact.ts';
import { goToCheckout } from './lib/go-to-checkout.ts';

const CHECKOUT_PATHS = { downgrade: '/downgrade-popup' } as const;

/** Under ['users'] so a sign-in or logout drops it with the rest of the account's answers. */
const quoteKey = (publisher: string) => ['users', 'subscription-quote', publisher] as const;

export const quoteQueryOptions = (publisher: string, planId: number) =>
  queryOptions({
    queryKey: [...quoteKey(publisher), planId],
    queryFn: ({ signal }) =>
      sendJson('POST', '/api/subscriptions/quote', quoteSchema, { publisher, planId }, { signal }),
    // Dates and the refund move with the day; a quote is asked afresh on each visit.
    staleTime: 0,
    retry: retryOnce,
  });

export function useQuote(publisher: string, planId: number | undefined, enabled: boolean) {
  return useQuery({ ...quoteQueryOptions(publisher, planId ?? 0), enabled: enabled && !!planId });
}

interface CheckoutRequest {
  publisher: string;
  planId: number;
  idempotencyKey: string;
  /** The contact the mandate needs and the account lacks (Quote['contact_needed']). */
  billingContact?: BillingContact;
}

export function startCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  return sendJson('POST', '/api/subscriptions/checkout', checkoutResponseSchema, {
    ...request,
    termsAccepted: true,
  });
}

/** The server's own words for a refusal; anything else reads as the spec's generic failure. */
export function refusalMessage(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500
    ? error.message
    : SUBSCRIPTION_MESSAGES.somethingWrong;
}

interface CheckoutOptions {
  /**
   * Shows the server's refusal for want of a mandate's contact where the reader
   * types it; without this, it is a toast as every other refusal.
   */
  onContactRefused?: (message: string) => void;
}

/**
 * Starts a checkout for a plan. One Proceed makes one idempotency key, kept while
 * its request is in flight: a second click meanwhile sends nothing, and the server
 * would take a repeat of the same key as the same order anyway.
 */
export function useCheckout(publisher: string, { onContactRefused }: CheckoutOptions = {}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const inFlightKey = useRef<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { mutate, isPending } = useMutation({ mutationFn: startCheckout });

  // Back from the provider's page through the browser's page cache: the page is
  // shown as it was left, mid-checkout, so let the reader try again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlightKey.current = null;
      setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(
    (planId: number, billingContact?: BillingContact) => {
      if (inFlightKey.current) return;
      const idempotencyKey = crypto.randomUUID();
      inFlightKey.current = idempotencyKey;
      mutate(
        { publisher, planId, idempotencyKey, billingContact },
        {
          onSuccess: (answer) => {
            if (answer.kind === 'payment') {
              setLeaving(true);
              goToCheckout(answer.checkout);
              return;
            }
            inFlightKey.current = null;
            clearSelectedPlan();
            notify.success(SUBSCRIPTION_MESSAGES.planChanged);
            void client
              .invalidateQueries({ queryKey: SUBSCRIPTION_KEY })
              .then(() => navigate(CHECKOUT_PATHS.downgrade, { state: answer }));
          },
          onError: (error) => {
            inFlightKey.current = null;
            const message = refusalMessage(error);
            if (message === SUBSCRIPTION_MESSAGES.mandateContact) {
              // The quote that said which contact to ask for is older than the
              // answer: ask again, so Review shows the field the server wants.
              void client.invalidateQueries({ queryKey: quoteKey(publisher) });
              if (onContactRefused) {
                onContactRefused(message);
                return;
              }
            }
            notify.error(message);
            if (message === SUBSCRIPTION_MESSAGES.notLoggedInOrSubscriber) void navigate('/');
          },
        },
      );
    },
    [client, mutate, navigate, onContactRefused, publisher],
  );

  return { start, pending: isPending || leaving };
}
