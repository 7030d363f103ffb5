// What /review shows before a purchase (spec 2 §4 "Plan change"): the kind of
// change (a new plan, an upgrade, a downgrade or a renewal), its dates, the total
// and an upgrade's refund. A plan not on sale, or a change that clashes with the
// reader's current or scheduled plan, is refused with a clear 4xx.
import {
  SUBSCRIPTION_MESSAGES,
  addDays,
  isHiddenPlan,
  planChangeKind,
  type PlanChange,
  planEndDate,
  unusedRefundMinor,
  type Brand,
  type Quote,
  type SubscriptionPlan,
} from '@folio/core';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Viewer } from '../auth/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { Catalogue } from './catalogue.ts';
import { currentSubscription, renewsByPayment, scheduledChange } from './standing.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

/** RBI e-mandates are for INR; a non-INR card renews by a fresh payment. */
export const makesMandate = (plan: SubscriptionPlan) =>
  plan.recurring && plan.price_currency === 'INR';

/** A reader's live subscriptions (within the grace days) and the publisher's date. */
export interface LiveSubscriptions {
  today(): string;
  rows(userId: string, brand: Brand): Promise<SubscriptionRow[]>;
}

export class Quotes {
  constructor(
    private readonly live: LiveSubscriptions,
    private readonly catalogue: Catalogue,
    private readonly provider: PaymentProvider,
    private readonly settings: { graceDays: number },
  ) {}

  /** A plan on sale for this brand; hidden and unknown plans are refused with a clear 4xx. */
  private async planOnSale(brand: Brand, planId: number): Promise<SubscriptionPlan> {
    const plan = await this.catalogue.findPlan(brand.id, planId);
    if (!plan) throw new NotFoundError(SUBSCRIPTION_MESSAGES.unknownPlan);
    if (isHiddenPlan(plan)) throw new NotFoundError(SUBSCRIPTION_MESSAGES.hiddenPlan);
    return plan;
  }

  /** What /review shows: the kind of change, the dates, the total and an upgrade's refund. */
  async quote(viewer: Viewer, brand: Brand, planId: number): Promise<Quote> {
    const plan = await this.planOnSale(brand, planId);
    const rows = await this.live.rows(viewer.reader.id, brand);
    const today = this.live.today();
    const current = currentSubscription(rows, today, this.settings.graceDays);
    const renewal =
      current?.plan_id === plan.id &&
      renewsByPayment(current, rows, today, this.settings.graceDays);
    if (!renewal) this.refuseClash(current, scheduledChange(rows), plan);
    const change: PlanChange = renewal
      ? 'renewal'
      : planChangeKind(current && { priceMinor: current.price_minor }, {
          priceMinor: plan.price_cents,
        });
    // A renewal runs on from the current plan's end, as the scheduler's renewals do.
    const start =
      change === 'renewal' && current
        ? current.end_date
        : change === 'downgrade' && current
          ? addDays(current.end_date, 1)
          : today;
    return {
      change,
      plan,
      start_date: start,
      end_date: planEndDate(start, plan.duration_unit, plan.duration_length),
      total_cents: plan.price_cents,
      currency: plan.price_currency,
      refund_cents: change === 'upgrade' && current ? this.refundOf(current, today) : 0,
      contact_needed: this.contactNeeded(plan, viewer.reader),
      current: current
        ? {
            plan_name: current.plan_title,
            start_date: current.start_date,
            end_date: current.end_date,
          }
        : null,
    };
  }

  /**
   * What the provider still needs before this plan's mandate can be made: Razorpay
   * declines a recurring payment without both an e-mail and a phone number.
   */
  contactNeeded(
    plan: SubscriptionPlan,
    contact: { email: string | null; phoneNumber: string | null },
  ): 'email' | 'phone' | null {
    if (!makesMandate(plan) || !this.provider.mandateNeedsContact) return null;
    if (contact.phoneNumber === null) return 'phone';
    return contact.email === null ? 'email' : null;
  }

  private refundOf(current: SubscriptionRow, today: string): number {
    return unusedRefundMinor(current.price_minor, current.start_date, current.end_date, today);
  }

  private refuseClash(
    current: SubscriptionRow | undefined,
    scheduled: SubscriptionRow | undefined,
    plan: SubscriptionPlan,
  ): void {
    if (!current) return;
    if (current.plan_id === plan.id) throw new ConflictError(SUBSCRIPTION_MESSAGES.currentPlan);
    if (current.currency !== plan.price_currency)
      throw new ConflictError(SUBSCRIPTION_MESSAGES.currencyMismatch);
    if (scheduled) throw new ConflictError(SUBSCRIPTION_MESSAGES.changeAlreadyScheduled);
  }
}
