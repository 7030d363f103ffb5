// SQL for subscriptions (a reader's terms, the ones a payment starts or ends) and
// the plan change log, on top of the orders' SQL (order-repo.ts). Every write that
// must happen once is made conditional in SQL (a status it moves from, a unique key),
// so retries, replays and concurrent requests change nothing twice.
import type { Insertable, Selectable } from 'kysely';
import type { PlanChangeLogTable, SubscriptionTable } from '../../db/schema.ts';
import { OrderRepo, type Db } from './order-repo.ts';

export type { OrderRow } from './order-repo.ts';
export type SubscriptionRow = Selectable<SubscriptionTable>;

export class SubscriptionRepo extends OrderRepo {
  /** Active and scheduled subscriptions of a reader for a brand that end on or after `from`. */
  async liveSubscriptions(userId: string, brand: string, from: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('brand', '=', brand)
      .where('status', 'in', ['active', 'scheduled'])
      .where('end_date', '>=', from)
      .orderBy('start_date')
      .orderBy('id')
      .execute();
  }

  async findSubscription(id: number, db: Db = this.db): Promise<SubscriptionRow | undefined> {
    return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertSubscription(
    values: Insertable<SubscriptionTable>,
    db: Db = this.db,
  ): Promise<SubscriptionRow | undefined> {
    return db
      .insertInto('subscriptions')
      .values(values)
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async subscriptionOfOrder(orderId: string, db: Db = this.db) {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  async updateSubscription(
    id: number,
    values: Partial<Omit<Selectable<SubscriptionTable>, 'id' | 'created_at'>>,
    db: Db = this.db,
  ): Promise<void> {
    await db.updateTable('subscriptions').set(values).where('id', '=', id).execute();
  }

  /** Subscriptions that follow this one: its renewal terms and a scheduled downgrade. */
  async followers(id: number, db: Db = this.db): Promise<SubscriptionRow[]> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('replaces_subscription_id', '=', id)
      .execute();
  }

  /** A scheduled downgrade becomes a term once: undefined when it is no longer scheduled. */
  async startScheduled(
    id: number,
    fields: { order_id: string; payment_id: string; updated_at: Date },
    db: Db = this.db,
  ): Promise<SubscriptionRow | undefined> {
    return db
      .updateTable('subscriptions')
      .set({ ...fields, status: 'active' })
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .returningAll()
      .executeTakeFirst();
  }

  /** Stops renewal once: false when it was already stopped. */
  async stopRenewal(
    id: number,
    fields: { reason: string; message: string | null; at: Date },
    db: Db = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('subscriptions')
      .set({
        auto_renew: false,
        next_payment_due_date: null,
        cancel_reason: fields.reason,
        cancel_message: fields.message,
        cancelled_at: fields.at,
        updated_at: fields.at,
      })
      .where('id', '=', id)
      .where('auto_renew', '=', true)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A mandate reported after the subscription was made (Razorpay reports it by webhook). */
  async fillMandate(orderId: string, mandateId: string): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ mandate_id: mandateId })
      .where('order_id', '=', orderId)
      .where('mandate_id', 'is', null)
      .execute();
  }

  /** Paid mandate orders whose mandate was never reported (its webhook was lost). */
  async mandatesMissing(provider: string, since: Date, limit: number) {
    return this.db
      .selectFrom('subscriptions as s')
      .innerJoin('payment_orders as o', 'o.id', 's.order_id')
      .select(['s.id', 'o.provider_order_id', 'o.id as order_id'])
      .where('s.provider', '=', provider)
      .where('s.status', '=', 'active')
      .where('s.auto_renew', '=', true)
      .where('s.currency', '=', 'INR')
      .where('s.mandate_id', 'is', null)
      .where('o.idempotency_key', 'not like', 'charge:%')
      .where('s.created_at', '>=', since)
      .orderBy('s.updated_at')
      .limit(limit)
      .execute();
  }

  async logPlanChange(row: Insertable<PlanChangeLogTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('plan_change_log').values(row).execute();
  }
}
