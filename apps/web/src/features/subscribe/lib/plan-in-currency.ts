// Which plan a choice becomes when the reader switches currency on /subscribe:
// the plan they chose, sold in the other currency. Plans are sold in groups
// (Today's Paper, Digital Access ...) and a group sells each term once per
// currency, so the group and the term name the same plan across currencies,
// whatever its title says.
import { durationInMonths, type Currency, type SubscriptionPlan } from '@folio/core';

const termOf = (plan: SubscriptionPlan) =>
  durationInMonths(plan.duration_unit, plan.duration_length);

/** The same plan in `currency`, or undefined when that currency does not sell it. */
export function samePlanIn(
  plans: readonly SubscriptionPlan[],
  plan: SubscriptionPlan,
  currency: Currency,
): SubscriptionPlan | undefined {
  if (plan.price_currency === currency) return plan;
  return plans.find(
    (candidate) =>
      candidate.price_currency === currency &&
      candidate.subscription_group_id === plan.subscription_group_id &&
      termOf(candidate) === termOf(plan),
  );
}
