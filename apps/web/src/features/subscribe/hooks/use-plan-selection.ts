// The reader's choice of plan on /subscribe (spec 2 §4 "Plan selection",
// "Preselection"): restored from session storage, preselected once the plans and
// the reader's subscription are known, toggled by the card buttons, and kept in
// session storage so sign-in and /review find it.
import type { SubscriptionPlan, UserSubscription } from '@folio/core';
import { useEffect, useRef, useState } from 'react';
import { cheapestPlanAbove } from '../../../shared/api/subscription-plans.ts';
import {
  clearSelectedPlan,
  readSelectedPlan,
  storeSelectedPlan,
} from '../../../shared/lib/selected-plan.ts';
import { isCurrentPlan, type Buyer } from '../lib/plan-actions.ts';

interface SelectionInput {
  plans: readonly SubscriptionPlan[] | undefined;
  buyer: Buyer;
  subscription: UserSubscription | null | undefined;
  fromUpgrade: boolean;
  onSelect: (plan: SubscriptionPlan) => void;
}

/** The subscriber's preselection: the upgrade target when they came to upgrade, else their stored choice. */
function subscriberChoice(
  plans: readonly SubscriptionPlan[],
  buyer: Buyer,
  subscription: UserSubscription,
  fromUpgrade: boolean,
  storedId: number | undefined,
): SubscriptionPlan | undefined {
  const upgrade = fromUpgrade
    ? cheapestPlanAbove(plans, {
        priceMinor: subscription.plan_amount_cents,
        currency: subscription.plan_amount_currency,
      })
    : undefined;
  return upgrade ?? plans.find((p) => p.id === storedId && !isCurrentPlan(p.id, buyer));
}

export function usePlanSelection({
  plans,
  buyer,
  subscription,
  fromUpgrade,
  onSelect,
}: SelectionInput) {
  const [selectedId, setSelectedId] = useState<number | undefined>(() => readSelectedPlan()?.id);
  const preselected = useRef(false);

  useEffect(() => {
    if (preselected.current || !plans || !buyer.known) return;
    preselected.current = true;
    const storedId = readSelectedPlan()?.id;
    if (buyer.subscribed && subscription) {
      // A subscriber's stored plan is taken once, then removed (spec 2 §4).
      clearSelectedPlan();
      setSelectedId(subscriberChoice(plans, buyer, subscription, fromUpgrade, storedId)?.id);
      return;
    }
    // A stored plan that is no longer on sale is no choice at all.
    if (storedId !== undefined && !plans.some((p) => p.id === storedId)) {
      clearSelectedPlan();
      setSelectedId(undefined);
    }
  }, [plans, buyer, subscription, fromUpgrade]);

  /** Select a plan, or deselect it when it is the selected one; the current plan is never chosen. */
  const toggle = (plan: SubscriptionPlan) => {
    if (isCurrentPlan(plan.id, buyer)) return;
    if (plan.id === selectedId) {
      clearSelectedPlan();
      setSelectedId(undefined);
      return;
    }
    storeSelectedPlan(plan);
    setSelectedId(plan.id);
    onSelect(plan);
  };

  const selected = plans?.find((p) => p.id === selectedId);
  return { selected, selectedId, toggle };
}
