// Turning a paid order into a subscription, exactly once, whichever report arrives
// first: the browser's signed return, the provider's webhook (late, repeated, out of
// order), or the reconciler asking the provider after a crash. The order's status
// moves from created to paid in one conditional update inside the transaction that
// writes the subscription, and a subscription row is unique per order, so every
// other report finds the work done.
import type { FastifyBaseLogger } from 'fastify';
import {
  SUBSCRIPTION_MESSAGES,
  addDays,
  archivalAccessOf,
  calendarToday,
  formatMoney,
  planEndDate,
  type BrandCode,
  type Currency,
} from '@folio/core';
import { BadRequestError } from '../../errors.ts';
import { SignatureError, type PaymentOutcome, type PaymentProvider } from '../payments/provider.ts';
import type { Catalogue } from './catalogue.ts';
import type { OrderRow, SubscriptionRepo } from './subscription-repo.ts';

/** Orders younger than this are asked about by the reconciler (a provider confirms within 3 days). */
const RECONCILE_WINDOW_MS = 4 * 86_400_000;

export type ReturnDestination =
  | { page: 'success'; orderId: string }
  | { page: 'failure'; reason: 'closed' | 'failed' | 'cancelled' | 'error' };

export class PaymentCompletion {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly catalogue: Catalogue,
    private readonly provider: PaymentProvider,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The browser's return from checkout: verified against the order id we stored. */
  async handleReturn(orderId: string, fields: Record<string, string>): Promise<ReturnDestination> {
    const order = await this.repo.findOrder(orderId);
    if (!order?.provider_order_id || order.provider !== this.provider.id)
      return { page: 'failure', reason: 'error' };
    let outcome: PaymentOutcome;
    try {
      outcome = this.provider.verifyReturn(fields, order.provider_order_id);
    } catch (error) {
      if (!(error instanceof SignatureError)) throw error;
      this.log.warn({ orderId }, 'payment return with a bad signature');
      return { page: 'failure', reason: 'error' };
    }
    if (outcome.outcome === 'paid') {
      await this.complete(order, outcome);
      return { page: 'success', orderId: order.id };
    }
    if (outcome.outcome !== 'closed')
      await this.repo.markOrderFailed(order.id, outcome.message ?? outcome.outcome, this.now());
    return { page: 'failure', reason: outcome.outcome };
  }

  /** A webhook: verified on its raw bytes, applied once per event id. */
  async handleWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ duplicate: boolean }> {
    let event;
    try {
      event = this.provider.verifyWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof SignatureError || error instanceof SyntaxError)
        throw new BadRequestError(SUBSCRIPTION_MESSAGES.badSignature);
      throw error;
    }
    const payment = event.payment;
    if (payment) {
      const order =
        (await this.repo.findOrderByProviderId(this.provider.id, payment.providerOrderId)) ??
        (payment.outcome === 'paid'
          ? await this.repo.findOrderByPaymentId(this.provider.id, payment.paymentId)
          : undefined);
      if (order && payment.outcome === 'paid') await this.complete(order, payment);
      else if (order && payment.outcome !== 'paid' && payment.outcome !== 'closed')
        await this.repo.markOrderFailed(order.id, payment.message ?? payment.outcome, this.now());
    }
    // Recorded after its effect, which is idempotent on its own: an event whose
    // effect failed is not marked seen, so the provider's retry applies it.
    const fresh = await this.repo.recordEvent(
      this.provider.id,
      event.eventId,
      event.type,
      this.now(),
    );
    return { duplicate: !fresh };
  }

  /**
   * Makes the order's subscription if nobody has; the amount granted for is the
   * order's (the server's plan price), never one a return or webhook carries.
   */
  async complete(
    order: OrderRow,
    payment: { paymentId: string; mandateId: string | null },
  ): Promise<void> {
    const plan = await this.catalogue.findPlan(order.brand as BrandCode, order.plan_id);
    if (!plan) throw new Error(`order ${order.id}: plan ${order.plan_id} is gone`);
    const at = this.now();
    const today = calendarToday(at, this.timeZone);
    const refund = await this.repo.transaction(async (trx) => {
      const paid = await this.repo.markOrderPaid(order.id, payment, at, trx);
      if (!paid) return undefined;
      const replaced =
        paid.replaces_subscription_id === null
          ? undefined
          : await this.repo.findSubscription(paid.replaces_subscription_id, trx);
      const renewal =
        paid.renewal_of_subscription_id === null
          ? undefined
          : await this.repo.findSubscription(paid.renewal_of_subscription_id, trx);
      // A renewal runs on from the end of the plan it renews; anything else starts today.
      const start = renewal ? renewal.end_date : today;
      const subscription = await this.repo.insertSubscription(
        {
          user_id: paid.user_id,
          brand: paid.brand,
          plan_id: plan.id,
          order_id: paid.id,
          plan_title: plan.title,
          archive_days: archivalAccessOf(plan),
          duration_unit: plan.duration_unit,
          duration_length: plan.duration_length,
          status: 'active',
          start_date: start,
          end_date: planEndDate(start, plan.duration_unit, plan.duration_length),
          next_payment_due_date: plan.recurring
            ? planEndDate(start, plan.duration_unit, plan.duration_length)
            : null,
          auto_renew: plan.recurring,
          price_minor: paid.amount_minor,
          currency: paid.currency,
          provider: paid.provider,
          payment_id: payment.paymentId,
          mandate_id: payment.mandateId ?? renewal?.mandate_id ?? null,
          replaces_subscription_id: replaced?.id ?? renewal?.id ?? null,
          created_at: at,
          updated_at: at,
        },
        trx,
      );
      if (!subscription) return undefined;
      if (renewal)
        await this.repo.updateSubscription(
          renewal.id,
          { auto_renew: false, next_payment_due_date: null, updated_at: at },
          trx,
        );
      let refundDue: { amount: number; paymentId: string } | undefined;
      if (replaced && replaced.status === 'active') {
        // The previous plan is cancelled silently (spec 2 §4 "Purchase result") and
        // its unused part is refunded through the provider.
        await this.repo.updateSubscription(
          replaced.id,
          {
            status: 'replaced',
            auto_renew: false,
            next_payment_due_date: null,
            end_date:
              addDays(today, -1) < replaced.start_date ? replaced.start_date : addDays(today, -1),
            updated_at: at,
          },
          trx,
        );
        await this.repo.logPlanChange(
          {
            user_id: paid.user_id,
            email: null,
            current_plan_name: replaced.plan_title,
            current_plan_start_date: replaced.start_date,
            current_plan_end_date: replaced.end_date,
            current_plan_price: formatMoney(replaced.price_minor, replaced.currency as Currency),
            new_plan_name: plan.title,
            new_plan_start_date: subscription.start_date,
            new_plan_end_date: subscription.end_date,
            new_plan_price: formatMoney(paid.amount_minor, paid.currency as Currency),
            created_at: at,
          },
          trx,
        );
        if (paid.refund_minor > 0 && replaced.payment_id) {
          await this.repo.insertRefund(
            {
              order_id: paid.id,
              subscription_id: replaced.id,
              payment_id: replaced.payment_id,
              amount_minor: paid.refund_minor,
              currency: replaced.currency,
              created_at: at,
            },
            trx,
          );
          refundDue = { amount: paid.refund_minor, paymentId: replaced.payment_id };
        }
      }
      await this.repo.log(
        {
          subscriptionId: subscription.id,
          orderId: paid.id,
          event: 'subscription started',
          detail: plan.title,
        },
        at,
        trx,
      );
      return refundDue;
    });
    if (refund) await this.issueRefunds();
    if (payment.mandateId) await this.repo.fillMandate(order.id, payment.mandateId);
  }

  /** Issues refunds still pending (after an upgrade, or left by a crash). */
  async issueRefunds(): Promise<void> {
    for (const refund of await this.repo.pendingRefunds()) {
      try {
        const { refundId } = await this.provider.refund(
          refund.payment_id,
          refund.amount_minor,
          refund.order_id,
        );
        await this.repo.settleRefund(refund.id, 'issued', refundId);
        await this.repo.log(
          {
            subscriptionId: refund.subscription_id,
            orderId: refund.order_id,
            event: 'refund issued',
            detail: String(refund.amount_minor),
          },
          this.now(),
        );
      } catch (error) {
        // Left pending: the next reconcile tries again.
        this.log.warn({ err: error, refundId: refund.id }, 'refund not issued yet');
      }
    }
  }

  /**
   * Asks the provider about orders that have no answer yet, so a payment taken
   * while this server was down (or whose webhook never came) still becomes a
   * subscription; then issues pending refunds. Run at start and by the scheduler.
   */
  async reconcile(): Promise<number> {
    let completed = 0;
    const since = new Date(this.now().getTime() - RECONCILE_WINDOW_MS);
    for (const order of await this.repo.openOrders(this.provider.id, since)) {
      if (!order.provider_order_id) continue;
      try {
        const status = await this.provider.orderStatus(order.provider_order_id);
        if (status.paid) {
          await this.complete(order, status.paid);
          completed += 1;
        }
      } catch (error) {
        this.log.warn({ err: error, orderId: order.id }, 'could not reconcile order');
      }
    }
    await this.issueRefunds();
    return completed;
  }
}
