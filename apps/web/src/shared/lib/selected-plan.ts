// The plan a reader has picked (spec 2 §3 "Selected plan"), kept in session
// storage between /subscribe, sign-in, /review and a retried payment. It is only
// the reader's choice: prices and dates on /review come from the server's quote.
import { subscriptionPlanSchema, attributeOf, type SubscriptionPlan } from '@folio/core';
import { z } from 'zod';
import { SESSION_KEYS, sessionValue } from './session-keys.ts';

export const selectedPlanSchema = subscriptionPlanSchema
  .pick({
    id: true,
    title: true,
    price_cents: true,
    price_currency: true,
    duration_unit: true,
    duration_length: true,
    recurring: true,
    assets: true,
  })
  .extend({ tagline: z.string() });
export type SelectedPlan = z.infer<typeof selectedPlanSchema>;

/** Router state of /subscribe: the reader came to move up from the current plan. */
export const subscribeStateSchema = z.object({ fromUpgrade: z.boolean().optional() });

export function taglineOf(plan: Pick<SubscriptionPlan, 'custom_attributes'>): string {
  return attributeOf(plan.custom_attributes, 'Tagline') ?? '';
}

/** The stored choice; one that no longer parses is removed and reads as none (spec 2 §4). */
export function readSelectedPlan(): SelectedPlan | undefined {
  return sessionValue.getJson(SESSION_KEYS.selectedPlan, selectedPlanSchema);
}

export function storeSelectedPlan(plan: SubscriptionPlan): void {
  const stored: SelectedPlan = {
    id: plan.id,
    title: plan.title,
    price_cents: plan.price_cents,
    price_currency: plan.price_currency,
    duration_unit: plan.duration_unit,
    duration_length: plan.duration_length,
    recurring: plan.recurring,
    assets: plan.assets,
    tagline: taglineOf(plan),
  };
  sessionValue.setJson(SESSION_KEYS.selectedPlan, stored);
}

export function clearSelectedPlan(): void {
  sessionValue.remove(SESSION_KEYS.selectedPlan);
}
