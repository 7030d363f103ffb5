// Turning a captured payment into a term, exactly once, whichever report arrives
// first: the browser's signed return, the provider's webhook (late, repeated, out of
// order), the reconciler asking the provider after a crash, or the scheduler's own
// mandate debit. The order moves from created to paid (and a debit's ledger entry
// to settled) in one conditional update inside the transaction that writes the
// term and its invoice (terms.ts), so every other report finds the work done. The
// receipt goes out after commit (receipts.ts); one left unsent is swept later.
import type { FastifyBaseLogger } from 'fastify';
import { SUBSCRIPTION_MESSAGES, calendarToday, type BrandCode } from '@folio/core';
import { BadRequestError } from '../../errors.ts';
import type { LedgerEntry, LedgerRepo } from './ledger-repo.ts';
import {
  SignatureError,
  type CapturedPayment,
  type PaymentOutcome,
  type PaymentProvider,
} from '../payments/index.ts';
import type { Catalogue } from './catalogue.ts';
import type { LedgerCalls } from './ledger-calls.ts';
import type { Receipts } from './receipts.ts';
import { ignoreOutcomes, type PaymentOutcomeListener } from './payment-outcomes.ts';
import type { OrderRow, SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';
import type { Terms } from './terms.ts';

/** Orders younger than this are asked about by the reconciler (a provider confirms within 3 days). */
const RECONCILE_WINDOW_MS = 4 * 86_400_000;
/** Orders (and missing mandates) asked about in one reconciler pass, least recently asked first. */
const RECONCILE_BATCH = 20;

export type ReturnDestination =
  | { page: 'success'; orderId: string }
  | { page: 'failure'; reason: 'closed' | 'failed' | 'cancelled' | 'error' };

export class PaymentCompletion {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly ledger: LedgerRepo,
    private readonly terms: Terms,
    private readonly calls: LedgerCalls,
    private readonly catalogue: Catalogue,
    private readonly receipts: Receipts,
    private readonly provider: PaymentProvider,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly told: PaymentOutcomeListener = ignoreOutcomes,
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
    if (
      outcome.outcome !== 'closed' &&
      (await this.repo.markOrderFailed(order.id, outcome.message ?? outcome.outcome, this.now()))
    )
      this.told('purchase', 'failed');
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
      if (error instanceof SignatureError || error instanceof SyntaxError) {
        this.log.warn({ provider: this.provider.id }, 'webhook with a bad signature');
        throw new BadRequestError(SUBSCRIPTION_MESSAGES.badSignature);
      }
      throw error;
    }
    const payment = event.payment;
    if (payment) {
      const order =
        (await this.repo.findOrderByProviderId(this.provider.id, payment.providerOrderId)) ??
        (payment.paymentId
          ? await this.repo.findOrderByPaymentId(this.provider.id, payment.paymentId)
          : undefined);
      if (!order)
        this.log.warn(
          { eventId: event.eventId, providerOrderId: payment.providerOrderId },
          'webhook for an order Folio did not make',
        );
      else if (payment.outcome === 'paid') await this.complete(order, payment);
      else if (payment.outcome !== 'closed') await this.failed(order, payment.message);
    }
    // Recorded after its effect, which is idempotent on its own: an event whose
    // effect failed is not marked seen, so the provider's retry applies it.
    const fresh = await this.repo.recordEvent(
      this.provider.id,
      event.eventId,
      event.type,
      this.now(),
    );
    if (!fresh) this.log.info({ eventId: event.eventId }, 'webhook seen before');
    return { duplicate: !fresh };
  }

  /** A failed payment: a mandate debit's entry fails with it (never over a capture). */
  private async failed(order: OrderRow, message: string | null): Promise<void> {
    const charge = await this.ledger.chargeOfOrder(order.id);
    const failure = message ?? 'failed';
    if (charge) {
      if (await this.ledger.fail(charge.id, failure, this.now())) {
        this.told('renewal', 'failed');
        await this.repo.log(
          { subscriptionId: charge.subscription_id, orderId: order.id, event: 'charge failed' },
          this.now(),
        );
      }
    }
    if ((await this.repo.markOrderFailed(order.id, failure, this.now())) && !charge)
      this.told('purchase', 'failed');
  }

  /**
   * Makes the order's term if nobody has; the amount granted for is the order's
   * (the server's plan price), and a capture of another amount or currency is
   * refunded instead. Returns the term made, if this call made one.
   */
  async complete(order: OrderRow, payment: CapturedPayment): Promise<SubscriptionRow | null> {
    const plan = await this.catalogue.findPlan(order.brand as BrandCode, order.plan_id);
    if (!plan) throw new Error(`order ${order.id}: plan ${order.plan_id} is gone`);
    const at = this.now();
    const today = calendarToday(at, this.timeZone);
    let renewal = false;
    const after = await this.repo.transaction(async (trx) => {
      const charge = await this.ledger.chargeOfOrder(order.id, trx);
      renewal = charge !== undefined;
      return this.terms.settle(trx, at, today, plan, order, payment, charge);
    });
    if (!after) return null;
    this.told(renewal ? 'renewal' : 'purchase', 'captured');
    await this.send(after.calls);
    if (after.invoiceId !== null) await this.receipts.send(after.invoiceId);
    const started = after.started;
    if (started && !started.mandate_id && started.auto_renew && started.currency === 'INR')
      await this.askMandate(order.id, order.provider_order_id);
    return started;
  }

  /** A captured mandate debit the scheduler or the reconciler learnt of. */
  async completeCharge(
    entry: LedgerEntry,
    payment: CapturedPayment,
  ): Promise<SubscriptionRow | null> {
    const order = entry.order_id ? await this.repo.findOrder(entry.order_id) : undefined;
    if (!order) throw new Error(`ledger entry ${entry.id} has no order`);
    return this.complete(order, payment);
  }

  /** Sends calls written in a committed transaction; one left unsent is sent by the next tick. */
  async send(entries: LedgerEntry[]): Promise<void> {
    for (const entry of entries) await this.calls.send(entry);
  }

  /** Sends receipts a crash or a mail server left unsent, a few a pass; the number sent. */
  sweepReceipts(): Promise<number> {
    return this.receipts.sweep();
  }

  /** The mandate set up with a first payment, when the return did not carry it. */
  private async askMandate(orderId: string, providerOrderId: string | null): Promise<void> {
    if (!providerOrderId) return;
    try {
      const status = await this.provider.orderStatus(providerOrderId);
      if (status.paid?.mandateId) await this.repo.fillMandate(orderId, status.paid.mandateId);
    } catch (error) {
      this.log.warn({ err: error, orderId }, 'mandate not known yet');
    }
  }

  /**
   * Asks the provider about checkout orders that have no answer yet, so a payment
   * taken while this server was down (or whose webhook never came) still becomes a
   * term, and about mandates that were never reported. Bounded per pass.
   */
  async reconcile(): Promise<number> {
    let completed = 0;
    const since = new Date(this.now().getTime() - RECONCILE_WINDOW_MS);
    for (const order of await this.repo.openOrders(this.provider.id, since, RECONCILE_BATCH)) {
      try {
        await this.repo.touchOrder(order.id, this.now());
        const status = await this.provider.orderStatus(order.provider_order_id ?? '');
        if (status.paid && (await this.complete(order, status.paid))) completed += 1;
      } catch (error) {
        this.log.warn({ err: error, orderId: order.id }, 'could not reconcile order');
      }
    }
    for (const missing of await this.repo.mandatesMissing(
      this.provider.id,
      since,
      RECONCILE_BATCH,
    )) {
      await this.repo.updateSubscription(missing.id, { updated_at: this.now() });
      await this.askMandate(missing.order_id, missing.provider_order_id);
    }
    return completed;
  }
}
