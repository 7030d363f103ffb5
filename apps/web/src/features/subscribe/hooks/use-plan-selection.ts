// The reader's choice of plan on /subscribe (spec 2 §4 "Plan selection",
// "Preselection"): restored from session storage, preselected once the plans and
// the reader's subscription are known, toggled by the card buttons, and kept in
// session storage so sign-in and /review find it. The currency the page shows is
// the chosen plan's own, so the cards, the footer bar and /review never name two
// currencies; switching currency moves the choice to the same plan in the other
// currency, or drops it where that currency does not sell it.
import type { Currency, SubscriptionPlan, UserSubscription } from '@folio/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { cheapestPlanAbove } from '../../../shared/api/subscription-plans.ts';
import {
  clearSelectedPlan,
  readSelectedPlan,
  storeSelectedPlan,
} from '../../../shared/lib/selected-plan.ts';
import { isCurrentPlan, type Buyer } from '../lib/plan-actions.ts';
import { samePlanIn } from '../lib/plan-in-currency.ts';

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
  const [switchedTo, setSwitchedTo] = useState<Currency>();
  const preselected = useRef(false);

  /** The one way the choice changes: session storage and the page move together. */
  const choose = (plan: SubscriptionPlan | undefined) => {
    if (plan) storeSelectedPlan(plan);
    else clearSelectedPlan();
    setSelectedId(plan?.id);
  };

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
      choose(undefined);
      return;
    }
    choose(plan);
    onSelect(plan);
  };

  const selected = plans?.find((p) => p.id === selectedId);

  const currencies = useMemo(
    () => [...new Set((plans ?? []).map((p) => p.price_currency))].sort(),
    [plans],
  );
  // The chosen plan decides the currency, so the grid cannot show one currency while
  // the bar and /review name another; with nothing chosen, the one the reader
  // switched to, else the current plan's, else INR.
  const currency: Currency =
    selected?.price_currency ??
    switchedTo ??
    subscription?.plan_amount_currency ??
    (currencies.includes('INR') ? 'INR' : (currencies[0] ?? 'INR'));

  const switchCurrency = (next: Currency) => {
    setSwitchedTo(next);
    if (!selected || !plans) return;
    const same = samePlanIn(plans, selected, next);
    choose(same && !isCurrentPlan(same.id, buyer) ? same : undefined);
  };

  return { selected, selectedId, currency, currencies, toggle, switchCurrency };
}
