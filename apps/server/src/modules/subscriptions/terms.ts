// Terms of access from captured payments, inside the transaction that records the
// payment (issue 23 part 2): a first purchase, an upgrade, a Renew Now, a mandate
// renewal and a scheduled downgrade each become exactly one term, and only once
// their payment is captured. Money that buys nothing (a debit for a term that is
// no longer wanted, an amount the order did not ask for, the unused days of an
// upgraded plan, a renewal already paid for an upgraded plan) is written as a
// refund entry in the same transaction; the caller sends it after commit.
import {
  addDays,
  archivalAccessOf,
  formatMoney,
  planEndDate,
  type Currency,
  type SubscriptionPlan,
} from '@folio/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newLedgerEntry, type LedgerEntry, type LedgerRepo } from './ledger-repo.ts';
import type { CapturedPayment } from '../payments/index.ts';
import { captureDiffers, upgradeRefundMinor } from './billing-rules.ts';
import type { OrderRow, SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

type Trx = Transaction<Database>;

/** Entries written in the transaction, to be sent once it has committed. */
export interface AfterCommit {
  calls: LedgerEntry[];
  started: SubscriptionRow | null;
}

export class Terms {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly ledger: LedgerRepo,
  ) {}

  /** A refund entry for part or all of a captured payment (one per key). */
  async refund(
    trx: Trx,
    at: Date,
    of: {
      key: string;
      userId: string;
      brand: string;
      provider: string;
      subscriptionId: number | null;
      orderId: string | null;
      paymentId: string;
      amountMinor: number;
      currency: string;
      reason: string;
    },
  ): Promise<LedgerEntry | null> {
    if (of.amountMinor <= 0) return null;
    const { entry, created } = await this.ledger.insert(
      newLedgerEntry(
        {
          kind: 'refund',
          idempotency_key: of.key,
          user_id: of.userId,
          brand: of.brand,
          provider: of.provider,
          subscription_id: of.subscriptionId,
          order_id: of.orderId,
          amount_minor: of.amountMinor,
          currency: of.currency,
          payment_id: of.paymentId,
          reason: of.reason,
        },
        at,
      ),
      trx,
    );
    return created ? entry : null;
  }

  /** An entry that cancels a mandate at the provider (one per mandate). */
  async cancelMandate(
    trx: Trx,
    at: Date,
    row: Pick<SubscriptionRow, 'id' | 'user_id' | 'brand' | 'provider' | 'mandate_id'>,
    reason: string,
  ): Promise<LedgerEntry | null> {
    if (!row.mandate_id) return null;
    const { entry, created } = await this.ledger.insert(
      newLedgerEntry(
        {
          kind: 'mandate_cancel',
          idempotency_key: `mandate_cancel:${row.mandate_id}`,
          user_id: row.user_id,
          brand: row.brand,
          provider: row.provider,
          subscription_id: row.id,
          mandate_id: row.mandate_id,
          reason,
        },
        at,
      ),
      trx,
    );
    return created ? entry : null;
  }

  /** A whole payment back: it bought nothing. */
  private refundAll(
    trx: Trx,
    at: Date,
    order: OrderRow,
    payment: CapturedPayment,
    reason: string,
  ): Promise<LedgerEntry | null> {
    return this.refund(trx, at, {
      key: `refund:unwanted:${payment.paymentId}`,
      userId: order.user_id,
      brand: order.brand,
      provider: order.provider,
      subscriptionId: null,
      orderId: order.id,
      paymentId: payment.paymentId,
      amountMinor: payment.amountMinor ?? order.amount_minor,
      currency: payment.currency ?? order.currency,
      reason,
    });
  }

  /**
   * Records a captured payment of `order` and makes its term; `charge` is the
   * ledger entry when the payment was a mandate debit. Undefined when another
   * report of the same payment got here first.
   */
  async settle(
    trx: Trx,
    at: Date,
    today: string,
    plan: SubscriptionPlan,
    order: OrderRow,
    payment: CapturedPayment,
    charge: LedgerEntry | undefined,
  ): Promise<AfterCommit | undefined> {
    const after: AfterCommit = { calls: [], started: null };
    const keep = (entry: LedgerEntry | null) => {
      if (entry) after.calls.push(entry);
    };
    if (
      charge &&
      !(await this.ledger.settle(charge.id, { payment_id: payment.paymentId }, at, trx))
    )
      return undefined;
    // A payment already recorded for this order: a replay, whatever amount it names.
    if ((await this.repo.findOrder(order.id, trx))?.status === 'paid')
      return charge ? after : undefined;
    if (captureDiffers(order, payment)) {
      await this.repo.markOrderFailed(
        order.id,
        'amount or currency differs from the order',
        at,
        trx,
      );
      keep(await this.refundAll(trx, at, order, payment, 'amount or currency differs'));
      return after;
    }
    const paid = await this.repo.markOrderPaid(order.id, payment, at, trx);
    if (!paid) return charge ? after : undefined;
    if (paid.starts_subscription_id !== null) {
      const started = await this.repo.startScheduled(
        paid.starts_subscription_id,
        { order_id: paid.id, payment_id: payment.paymentId, updated_at: at },
        trx,
      );
      if (!started) keep(await this.refundAll(trx, at, paid, payment, 'downgrade no longer due'));
      else if (started.replaces_subscription_id !== null)
        // The plan it follows keeps no grace days beside it: they were for this debit.
        await this.repo.updateSubscription(
          started.replaces_subscription_id,
          { renewal_attempted_on: null, updated_at: at },
          trx,
        );
      after.started = started ?? null;
      return after;
    }
    const renewal =
      paid.renewal_of_subscription_id === null
        ? undefined
        : await this.repo.findSubscription(paid.renewal_of_subscription_id, trx);
    if (charge && (!renewal || !this.stillRenews(renewal) || (await this.followed(renewal, trx)))) {
      // Cancelled, replaced or already renewed while the debit was pending.
      keep(await this.refundAll(trx, at, paid, payment, 'renewal no longer due'));
      return after;
    }
    const replaced =
      paid.replaces_subscription_id === null
        ? undefined
        : await this.repo.findSubscription(paid.replaces_subscription_id, trx);
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
        // A mandate debit continues its mandate; a checkout brings its own (or none).
        mandate_id: charge ? (charge.mandate_id ?? null) : payment.mandateId,
        replaces_subscription_id: replaced?.id ?? renewal?.id ?? null,
        created_at: at,
        updated_at: at,
      },
      trx,
    );
    if (!subscription) return after;
    after.started = subscription;
    if (renewal) {
      await this.repo.updateSubscription(
        renewal.id,
        { auto_renew: false, next_payment_due_date: null, updated_at: at },
        trx,
      );
      if (!charge && renewal.mandate_id !== payment.mandateId)
        keep(await this.cancelMandate(trx, at, renewal, 'replaced by a new mandate'));
    }
    if (replaced && replaced.status === 'active')
      for (const entry of await this.replace(trx, at, today, paid, plan, subscription, replaced))
        keep(entry);
    return after;
  }

  private stillRenews(row: SubscriptionRow): boolean {
    return row.status === 'active' && row.auto_renew;
  }

  /** Whether a paid term already follows this one. */
  private async followed(row: SubscriptionRow, trx: Trx): Promise<boolean> {
    const next = await this.repo.followers(row.id, trx);
    return next.some((other) => other.status === 'active');
  }

  /**
   * An upgrade ends the old plan yesterday (spec 2 §4 "Purchase result"), refunds its
   * unused days as of today (not as quoted: a late payment uses fewer of them),
   * refunds a renewal term already paid for after it, and cancels its mandate.
   */
  private async replace(
    trx: Trx,
    at: Date,
    today: string,
    paid: OrderRow,
    plan: SubscriptionPlan,
    subscription: SubscriptionRow,
    replaced: SubscriptionRow,
  ): Promise<LedgerEntry[]> {
    const entries: (LedgerEntry | null)[] = [];
    const followers = (await this.repo.followers(replaced.id, trx)).filter(
      (row) => row.status === 'active' && row.id !== subscription.id,
    );
    for (const old of [replaced, ...followers]) {
      await this.repo.updateSubscription(
        old.id,
        {
          status: 'replaced',
          auto_renew: false,
          next_payment_due_date: null,
          end_date: addDays(today, -1) < old.start_date ? old.start_date : addDays(today, -1),
          updated_at: at,
        },
        trx,
      );
      if (old.mandate_id && old.mandate_id !== subscription.mandate_id)
        entries.push(await this.cancelMandate(trx, at, old, 'plan upgraded'));
    }
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
    if (replaced.payment_id)
      entries.push(
        await this.refund(trx, at, {
          key: `refund:${paid.id}`,
          userId: paid.user_id,
          brand: paid.brand,
          provider: replaced.provider,
          subscriptionId: replaced.id,
          orderId: paid.id,
          paymentId: replaced.payment_id,
          amountMinor: upgradeRefundMinor(paid.refund_minor, replaced, today),
          currency: replaced.currency,
          reason: 'unused days of an upgraded plan',
        }),
      );
    for (const follower of followers)
      if (follower.payment_id)
        entries.push(
          await this.refund(trx, at, {
            key: `refund:${paid.id}:${follower.id}`,
            userId: paid.user_id,
            brand: paid.brand,
            provider: follower.provider,
            subscriptionId: follower.id,
            orderId: paid.id,
            paymentId: follower.payment_id,
            amountMinor: follower.price_minor,
            currency: follower.currency,
            reason: 'renewal of an upgraded plan',
          }),
        );
    return entries.filter((entry): entry is LedgerEntry => entry !== null);
  }
}
