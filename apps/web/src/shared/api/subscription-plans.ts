// The plans on sale (spec 2 §3 "Subscription plan"), as the server lists them:
// visible plans only, sorted by duration then price, in both currencies. The
// subscribe page draws them and the profile asks whether a dearer one exists.
import { subscriptionPlansSchema, type Currency, type SubscriptionPlan } from '@folio/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MINUTE_MS, retryOnce } from '../lib/cache-policy.ts';
import { getJson } from '../lib/http.ts';

/** Spec 2 §9: the plan list is cached for 5 minutes. */
const PLANS_STALE_MS = 5 * MINUTE_MS;

export const subscriptionPlansQueryOptions = (publisher: string) =>
  queryOptions({
    queryKey: ['subscription-plans', publisher],
    queryFn: ({ signal }) =>
      getJson('/api/subscription-plans', subscriptionPlansSchema, {
        query: { publisher },
        signal,
      }),
    staleTime: PLANS_STALE_MS,
    retry: retryOnce,
  });

export function useSubscriptionPlans(publisher: string, enabled = true) {
  return useQuery({ ...subscriptionPlansQueryOptions(publisher), enabled });
}

/**
 * The plan an upgrade leads to (spec 2 §4 "Preselection"): the cheapest plan
 * priced above the current one in the current plan's currency, or undefined
 * when the reader already has the dearest.
 */
export function cheapestPlanAbove(
  plans: readonly SubscriptionPlan[],
  current: { priceMinor: number; currency: Currency },
): SubscriptionPlan | undefined {
  let best: SubscriptionPlan | undefined;
  for (const plan of plans) {
    if (plan.price_currency !== current.currency || plan.price_cents <= current.priceMinor)
      continue;
    if (!best || plan.price_cents < best.price_cents) best = plan;
  }
  return best;
}
