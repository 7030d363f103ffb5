// What an upgrade does to the plan it replaces, inside the transaction that records
// the upgrade's payment (terms.ts): the old terms end, their mandates are cancelled,
// the change is logged and what they no longer give is refunded.
import { addDays, formatMoney, type Currency, type SubscriptionPlan } from '@folio/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { upgradeRefundMinor } from './billing-rules.ts';
import type { LedgerEntries } from './ledger-entries.ts';
import type { LedgerEntry } from './ledger-repo.ts';
import type { OrderRow, SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

type Trx = Transaction<Database>;

export class Upgrades {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly entries: LedgerEntries,
  ) {}

  /**
   * An upgrade ends the old plan yesterday (spec 2 §4 "Purchase result"), refunds its
   * unused days as of today (not as quoted: a late payment uses fewer of them),
   * refunds a renewal term already paid for after it, and cancels its mandate.
   */
  async replace(
    trx: Trx,
    at: Date,
    today: string,
    paid: OrderRow,
    plan: SubscriptionPlan,
    subscription: SubscriptionRow,
    replaced: SubscriptionRow,
  ): Promise<LedgerEntry[]> {
    const written: (LedgerEntry | null)[] = [];
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
        written.push(await this.entries.cancelMandate(trx, at, old, 'plan upgraded'));
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
      written.push(
        await this.entries.refund(trx, at, {
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
        written.push(
          await this.entries.refund(trx, at, {
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
    return written.filter((entry): entry is LedgerEntry => entry !== null);
  }
}
