// What a plan card shows (spec 2 §2 "Subscribe page", §5): prices with their
// symbol, the saving against the MRP, badges and description bullets, worked out
// once from the plan so the card, the details sheet and the footer bar agree.
import {
  CURRENCY_SYMBOLS,
  attributeOf,
  durationLabel,
  formatListPrice,
  mrpMinorOf,
  savingMinor,
  type SubscriptionPlan,
} from '@folio/core';
import { taglineOf } from '../../../shared/lib/selected-plan.ts';

export interface PlanView {
  title: string;
  /** e.g. "₹199" or "$1.99": whole amounts without decimals, else two. */
  price: string;
  duration: string;
  tagline: string;
  badges: string[];
  /** The struck-through MRP and the saving, only when the MRP is above the price. */
  mrp: { price: string; saving: string } | undefined;
  bullets: string[];
}

export function planView(plan: SubscriptionPlan): PlanView {
  const symbol = CURRENCY_SYMBOLS[plan.price_currency];
  const mrpMinor = mrpMinorOf(plan);
  const saving = savingMinor(plan.price_cents, mrpMinor);
  return {
    title: plan.title,
    price: `${symbol}${formatListPrice(plan.price_cents)}`,
    duration: durationLabel(plan.duration_unit, plan.duration_length),
    tagline: taglineOf(plan),
    badges: plan.group.metadata_fields.map((field) => field.toUpperCase()),
    mrp:
      mrpMinor !== undefined && saving > 0
        ? {
            price: `${symbol}${formatListPrice(mrpMinor)}`,
            saving: `Save ${symbol}${formatListPrice(saving)}`,
          }
        : undefined,
    bullets: (attributeOf(plan.custom_attributes, 'Description') ?? '')
      .split(/\r?\n|\|/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  };
}
