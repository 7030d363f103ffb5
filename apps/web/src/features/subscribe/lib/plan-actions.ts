// The wording of the plan buttons (spec 2 §2 "Subscribe page"): on a card, in the
// details sheet and in the footer bar, for a visitor, a free reader or a subscriber.

/** Who is choosing, as far as the buttons care. */
export interface Buyer {
  /** False while sign-in or the subscription is still being checked. */
  known: boolean;
  signedIn: boolean;
  subscribed: boolean;
  /** The subscriber's current plan, which cannot be chosen again. */
  currentPlanId: number | undefined;
}

export type CardLabel = 'Select Plan' | 'Selected' | 'Change Plan' | 'Current Plan';
export type ProceedLabel = 'Review & Pay' | 'Change Plan' | 'Current Plan' | 'Loading...';

export const isCurrentPlan = (planId: number, buyer: Buyer) =>
  buyer.subscribed && buyer.currentPlanId === planId;

export function cardLabel(planId: number, selectedId: number | undefined, buyer: Buyer): CardLabel {
  if (isCurrentPlan(planId, buyer)) return 'Current Plan';
  if (planId === selectedId) return 'Selected';
  return buyer.subscribed ? 'Change Plan' : 'Select Plan';
}

/** The sheet's and footer's button; "Loading..." until it is known what it will do. */
export function proceedLabel(planId: number, buyer: Buyer, busy: boolean): ProceedLabel {
  if (!buyer.known || busy) return 'Loading...';
  if (isCurrentPlan(planId, buyer)) return 'Current Plan';
  return buyer.subscribed ? 'Change Plan' : 'Review & Pay';
}
