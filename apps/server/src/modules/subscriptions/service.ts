// Buying, changing and cancelling plans (spec 2 §4 "Plan change", "Proceeding",
// "Cancel auto-renewal"; issue 7 parts 3 and 4). The amount always comes from the
// server's plan; a paid subscription is made by PaymentCompletion alone.
import { randomUUID } from 'node:crypto';
import {
  SUBSCRIPTION_MESSAGES,
  addDays,
  archivalAccessOf,
  calendarToday,
  checkoutStartSchema,
  daysBetween,
  formatDisplayDate,
  formatMoney,
  isHiddenPlan,
  planChangeKind,
  type PlanChange,
  planEndDate,
  unusedRefundMinor,
  type Brand,
  type CheckoutResponse,
  type Currency,
  type Entitlement,
  type Quote,
  type SubscriptionPlan,
  type SubscriptionState,
} from '@folio/core';
import { BadGatewayError, ConflictError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { Viewer } from '../auth/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/index.ts';
import type { Catalogue } from './catalogue.ts';
import {
  coveredUntil,
  currentSubscription,
  renewsByPayment,
  entitlementOf,
  scheduledChange,
  toUserSubscription,
} from './standing.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import type { Terms } from './terms.ts';

/** RBI e-mandates are for INR; a non-INR card renews by a fresh payment. */
const makesMandate = (plan: SubscriptionPlan) => plan.recurring && plan.price_currency === 'INR';

/** How long a second request with the same idempotency key waits for the first one's checkout. */
const SAME_KEY_WAIT_MS = 10_000;

export interface SubscriptionSettings {
  graceDays: number;
  timeZone: string;
  publicUrl: string;
}

export class SubscriptionService {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly catalogue: Catalogue,
    private readonly provider: PaymentProvider,
    private readonly terms: Terms,
    private readonly completion: PaymentCompletion,
    private readonly settings: SubscriptionSettings,
    private readonly now: () => Date,
  ) {}

  /** The publisher's calendar date: subscriptions start and end on calendar days. */
  today(): string {
    return calendarToday(this.now(), this.settings.timeZone);
  }

  private rows(userId: string, brand: Brand): Promise<SubscriptionRow[]> {
    return this.repo.liveSubscriptions(
      userId,
      brand.id,
      addDays(this.today(), -this.settings.graceDays),
    );
  }

  /** What the viewer may read: decided from the session's reader and the subscriptions table only. */
  async entitlement(userId: string | null, brand: Brand): Promise<Entitlement> {
    if (userId === null) return { kind: 'visitor' };
    return entitlementOf(await this.rows(userId, brand), this.today(), this.settings.graceDays);
  }

  async state(viewer: Viewer, brand: Brand): Promise<SubscriptionState> {
    const rows = await this.rows(viewer.reader.id, brand);
    const today = this.today();
    const { graceDays } = this.settings;
    const current = currentSubscription(rows, today, graceDays);
    const scheduled = scheduledChange(rows);
    const entitlement = entitlementOf(rows, today, graceDays);
    return {
      entitlement: entitlement.kind === 'subscriber' ? entitlement : { kind: 'free' as const },
      subscription: current ? toUserSubscription(current, rows, today, graceDays) : null,
      scheduled: scheduled
        ? {
            plan_name: scheduled.plan_title,
            start_date: scheduled.start_date,
            end_date: scheduled.end_date,
          }
        : null,
    };
  }

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
    const rows = await this.rows(viewer.reader.id, brand);
    const today = this.today();
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
  private contactNeeded(
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

  /**
   * Proceed To Pay. A new plan or an upgrade makes one payment order per
   * idempotency key (a double click, or ten, is one order); a downgrade is
   * scheduled after the current plan and charges nothing now.
   */
  async checkout(
    viewer: Viewer,
    brand: Brand,
    planId: number,
    idempotencyKey: string,
    billingContact: { email?: string; phoneNumber?: string } = {},
  ): Promise<CheckoutResponse> {
    const quote = await this.quote(viewer, brand, planId);
    const rows = await this.rows(viewer.reader.id, brand);
    const current = currentSubscription(rows, this.today(), this.settings.graceDays);
    if (quote.change === 'downgrade' && current)
      return this.scheduleDowngrade(viewer, current, quote);
    const mandate = makesMandate(quote.plan);
    const email = viewer.reader.email ?? billingContact.email ?? null;
    const phone = viewer.reader.phoneNumber ?? billingContact.phoneNumber ?? null;
    if (this.contactNeeded(quote.plan, { email, phoneNumber: phone }))
      throw new ConflictError(SUBSCRIPTION_MESSAGES.mandateContact);
    const at = this.now();
    const { order, created } = await this.repo.insertOrder({
      id: randomUUID(),
      user_id: viewer.reader.id,
      brand: brand.id,
      plan_id: quote.plan.id,
      idempotency_key: idempotencyKey,
      change: quote.change,
      replaces_subscription_id: quote.change === 'upgrade' && current ? current.id : null,
      renewal_of_subscription_id: quote.change === 'renewal' && current ? current.id : null,
      amount_minor: quote.plan.price_cents,
      currency: quote.plan.price_currency,
      refund_minor: quote.refund_cents,
      provider: this.provider.id,
      status: 'created',
      created_at: at,
      updated_at: at,
    });
    if (!created) return this.sameOrder(order.id);
    try {
      const made = await this.provider.createOrder({
        receipt: order.id,
        amountMinor: order.amount_minor,
        currency: quote.plan.price_currency,
        mandate,
        returnUrl: `${this.settings.publicUrl}/api/payments/return/${this.provider.id}?order=${order.id}`,
        description: quote.plan.title,
        customer: { email, phone, name: viewer.reader.name || null },
      });
      await this.repo.setProviderOrder(order.id, made.providerOrderId, made.checkout, this.now());
      await this.repo.log(
        { orderId: order.id, event: 'order created', detail: made.providerOrderId },
        at,
      );
      return { kind: 'payment', orderId: order.id, checkout: made.checkout };
    } catch (error) {
      await this.repo.markOrderFailed(order.id, 'provider refused the order', this.now());
      if (error instanceof PaymentProviderError)
        throw new BadGatewayError(SUBSCRIPTION_MESSAGES.paymentUnavailable, { cause: error });
      throw error;
    }
  }

  /** The checkout of an order another request with the same key is making or made. */
  private async sameOrder(orderId: string): Promise<CheckoutResponse> {
    const deadline = Date.now() + SAME_KEY_WAIT_MS;
    for (;;) {
      const order = await this.repo.findOrder(orderId);
      if (order?.status === 'failed' && order.provider_order_id === null)
        throw new BadGatewayError(SUBSCRIPTION_MESSAGES.paymentUnavailable);
      const checkout = checkoutStartSchema.safeParse(order?.checkout);
      if (checkout.success) return { kind: 'payment', orderId, checkout: checkout.data };
      if (Date.now() > deadline)
        throw new BadGatewayError(SUBSCRIPTION_MESSAGES.paymentUnavailable);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async scheduleDowngrade(
    viewer: Viewer,
    current: SubscriptionRow,
    quote: Quote,
  ): Promise<CheckoutResponse> {
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      await this.repo.insertSubscription(
        {
          user_id: viewer.reader.id,
          brand: current.brand,
          plan_id: quote.plan.id,
          order_id: null,
          plan_title: quote.plan.title,
          archive_days: archivalAccessOf(quote.plan),
          duration_unit: quote.plan.duration_unit,
          duration_length: quote.plan.duration_length,
          status: 'scheduled',
          start_date: quote.start_date,
          end_date: quote.end_date,
          next_payment_due_date: quote.start_date,
          auto_renew: quote.plan.recurring,
          price_minor: quote.plan.price_cents,
          currency: quote.plan.price_currency,
          provider: current.provider,
          payment_id: null,
          mandate_id: current.mandate_id,
          replaces_subscription_id: current.id,
          created_at: at,
          updated_at: at,
        },
        trx,
      );
      // The current plan now ends for good; the downgrade takes over the day after.
      await this.repo.updateSubscription(
        current.id,
        { auto_renew: false, next_payment_due_date: null, updated_at: at },
        trx,
      );
      await this.repo.logPlanChange(this.planChangeRow(viewer, current, quote, at), trx);
      await this.repo.log(
        { subscriptionId: current.id, event: 'downgrade scheduled', detail: quote.plan.title },
        at,
        trx,
      );
    });
    return {
      kind: 'scheduled',
      current_end_date: current.end_date,
      start_date: quote.start_date,
      end_date: quote.end_date,
    };
  }

  planChangeRow(viewer: Viewer, current: SubscriptionRow, quote: Quote, at: Date) {
    return {
      user_id: viewer.reader.id,
      email: viewer.reader.email,
      current_plan_name: current.plan_title,
      current_plan_start_date: current.start_date,
      current_plan_end_date: current.end_date,
      current_plan_price: formatMoney(current.price_minor, current.currency as Currency),
      new_plan_name: quote.plan.title,
      new_plan_start_date: quote.start_date,
      new_plan_end_date: quote.end_date,
      new_plan_price: formatMoney(quote.plan.price_cents, quote.plan.price_currency),
      created_at: at,
    };
  }

  /**
   * Cancel auto-renewal: renewal stops, access runs to the end date, the reason is
   * kept. A second cancel says until when access continues (spec 2 §8).
   */
  async cancel(
    viewer: Viewer,
    brand: Brand,
    subscriptionId: number,
    reason: { reason: string; message: string | null },
  ): Promise<{ status: 'OK'; end_date: string }> {
    const row = await this.repo.findSubscription(subscriptionId);
    if (
      !row ||
      row.user_id !== viewer.reader.id ||
      row.brand !== brand.id ||
      row.status !== 'active'
    )
      throw new NotFoundError(SUBSCRIPTION_MESSAGES.noSubscription);
    const at = this.now();
    // Renewal stops, a downgrade waiting for this plan to end goes too (it would be
    // charged on the same mandate), and the mandate is cancelled at the provider:
    // all written in one transaction, the provider called after it.
    const cancellation = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.stopRenewal(row.id, { ...reason, at }, trx))) return undefined;
      for (const follower of await this.repo.followers(row.id, trx))
        if (follower.status === 'scheduled')
          await this.repo.updateSubscription(
            follower.id,
            { status: 'withdrawn', updated_at: at },
            trx,
          );
      await this.repo.log(
        { subscriptionId: row.id, event: 'renewal cancelled', detail: reason.reason },
        at,
        trx,
      );
      return this.terms.cancelMandate(trx, at, row, 'renewal cancelled by the reader');
    });
    if (cancellation === undefined)
      throw new ConflictError(
        SUBSCRIPTION_MESSAGES.alreadyCancelled(this.untilText(coveredUntil(row, 0))),
      );
    if (cancellation) await this.completion.send([cancellation]);
    return { status: 'OK', end_date: row.end_date };
  }

  /** "today (25/11/2026)", "tomorrow (26/11/2026)" or "25/12/2026 (30 days)". */
  private untilText(date: string): string {
    const days = daysBetween(this.today(), date);
    const shown = formatDisplayDate(date);
    if (days <= 0) return `today (${shown})`;
    if (days === 1) return `tomorrow (${shown})`;
    return `${shown} (${days} days)`;
  }

  requireSignedIn(viewer: Viewer | null): Viewer {
    if (!viewer) throw new UnauthorizedError(SUBSCRIPTION_MESSAGES.notLoggedInOrSubscriber);
    return viewer;
  }
}
