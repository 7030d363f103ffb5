// Proceed To Pay (spec 2 §4 "Proceeding"; issue 7 part 3). The amount always comes
// from the server's plan (quotes.ts); a paid subscription is made by
// PaymentCompletion alone, once the provider reports the payment.
import { randomUUID } from 'node:crypto';
import {
  SUBSCRIPTION_MESSAGES,
  archivalAccessOf,
  checkoutStartSchema,
  formatMoney,
  type Brand,
  type CheckoutResponse,
  type Currency,
  type Quote,
} from '@folio/core';
import { BadGatewayError, ConflictError } from '../../errors.ts';
import type { Viewer } from '../auth/index.ts';
import { PaymentProviderError, type PaymentProvider } from '../payments/index.ts';
import { makesMandate, type LiveSubscriptions, type Quotes } from './quotes.ts';
import { currentSubscription } from './standing.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

/** How long a second request with the same idempotency key waits for the first one's checkout. */
const SAME_KEY_WAIT_MS = 10_000;

export class Checkouts {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly live: LiveSubscriptions,
    private readonly quotes: Quotes,
    private readonly provider: PaymentProvider,
    private readonly settings: { graceDays: number; publicUrl: string },
    private readonly now: () => Date,
  ) {}

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
    const quote = await this.quotes.quote(viewer, brand, planId);
    const rows = await this.live.rows(viewer.reader.id, brand);
    const current = currentSubscription(rows, this.live.today(), this.settings.graceDays);
    if (quote.change === 'downgrade' && current)
      return this.scheduleDowngrade(viewer, current, quote);
    const mandate = makesMandate(quote.plan);
    const email = viewer.reader.email ?? billingContact.email ?? null;
    const phone = viewer.reader.phoneNumber ?? billingContact.phoneNumber ?? null;
    if (this.quotes.contactNeeded(quote.plan, { email, phoneNumber: phone }))
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

  private planChangeRow(viewer: Viewer, current: SubscriptionRow, quote: Quote, at: Date) {
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
}
