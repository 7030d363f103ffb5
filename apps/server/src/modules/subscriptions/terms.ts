// Terms of access from captured payments, inside the transaction that records the
// payment (issue 23 part 2): a first purchase, an upgrade, a Renew Now, a mandate
// renewal and a scheduled downgrade each become exactly one term, and only once
// their payment is captured. Money that buys nothing (a debit for a term that is
// no longer wanted, an amount the order did not ask for, the unused days of an
// upgraded plan, a renewal already paid for an upgraded plan) is written as a
// refund entry in the same transaction (ledger-entries.ts); the caller sends it
// after commit. An upgrade's end of the plan it replaces is upgrades.ts. Each term a
// payment buys gets its invoice in the same transaction (invoices.ts); its receipt
// is sent after commit.
import { archivalAccessOf, planEndDate, type SubscriptionPlan } from '@folio/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LedgerEntry, LedgerRepo } from './ledger-repo.ts';
import type { CapturedPayment } from '../payments/index.ts';
import { captureDiffers } from './billing-rules.ts';
import type { Invoices } from './invoices.ts';
import { LedgerEntries, type RefundOf } from './ledger-entries.ts';
import type { OrderRow, SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';
import { Upgrades } from './upgrades.ts';

type Trx = Transaction<Database>;

/** Entries written in the transaction, to be sent once it has committed. */
export interface AfterCommit {
  calls: LedgerEntry[];
  started: SubscriptionRow | null;
  /** The invoice issued for the payment, whose receipt goes out after commit. */
  invoiceId: number | null;
}

export class Terms {
  /** The refunds and mandate cancellations written in the transaction. */
  private readonly entries: LedgerEntries;
  private readonly upgrades: Upgrades;

  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly ledger: LedgerRepo,
    private readonly invoices: Invoices,
  ) {
    this.entries = new LedgerEntries(ledger);
    this.upgrades = new Upgrades(repo, this.entries);
  }

  /** A refund entry for part or all of a captured payment (one per key). */
  refund(trx: Trx, at: Date, of: RefundOf): Promise<LedgerEntry | null> {
    return this.entries.refund(trx, at, of);
  }

  /** An entry that cancels a mandate at the provider (one per mandate). */
  cancelMandate(
    trx: Trx,
    at: Date,
    row: Pick<SubscriptionRow, 'id' | 'user_id' | 'brand' | 'provider' | 'mandate_id'>,
    reason: string,
  ): Promise<LedgerEntry | null> {
    return this.entries.cancelMandate(trx, at, row, reason);
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
    const after: AfterCommit = { calls: [], started: null, invoiceId: null };
    const invoice = async (row: SubscriptionRow, paid: OrderRow) => {
      const issued = await this.invoices.issue(trx, at, {
        order: paid,
        paymentId: payment.paymentId,
        planTitle: row.plan_title,
        subscriptionId: row.id,
        periodStart: row.start_date,
        periodEnd: row.end_date,
      });
      after.invoiceId = issued.id;
    };
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
      keep(await this.entries.refundAll(trx, at, order, payment, 'amount or currency differs'));
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
      if (!started) {
        keep(await this.entries.refundAll(trx, at, paid, payment, 'downgrade no longer due'));
        return after;
      }
      await invoice(started, paid);
      if (started.replaces_subscription_id !== null)
        // The plan it follows keeps no grace days beside it: they were for this debit.
        await this.repo.updateSubscription(
          started.replaces_subscription_id,
          { renewal_attempted_on: null, updated_at: at },
          trx,
        );
      after.started = started;
      return after;
    }
    const renewal =
      paid.renewal_of_subscription_id === null
        ? undefined
        : await this.repo.findSubscription(paid.renewal_of_subscription_id, trx);
    if (charge && (!renewal || !this.stillRenews(renewal) || (await this.followed(renewal, trx)))) {
      // Cancelled, replaced or already renewed while the debit was pending.
      keep(await this.entries.refundAll(trx, at, paid, payment, 'renewal no longer due'));
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
    await invoice(subscription, paid);
    if (renewal) {
      await this.repo.updateSubscription(
        renewal.id,
        { auto_renew: false, next_payment_due_date: null, updated_at: at },
        trx,
      );
      if (!charge && renewal.mandate_id !== payment.mandateId)
        keep(await this.entries.cancelMandate(trx, at, renewal, 'replaced by a new mandate'));
    }
    if (replaced && replaced.status === 'active')
      for (const entry of await this.upgrades.replace(
        trx,
        at,
        today,
        paid,
        plan,
        subscription,
        replaced,
      ))
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
}
