// SQL for orders, subscriptions, provider events and the logs. Every
// write that must happen once is made conditional in SQL (a status it moves from,
// a unique key), so retries, replays and concurrent requests change nothing twice.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type {
  Database,
  PaymentOrderTable,
  PlanChangeLogTable,
  SubscriptionTable,
} from '../../db/schema.ts';

export type OrderRow = Selectable<PaymentOrderTable>;
export type SubscriptionRow = Selectable<SubscriptionTable>;
type Db = Kysely<Database> | Transaction<Database>;

export class SubscriptionRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

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

  // ---- orders ----------------------------------------------------------------

  /** Inserts the order unless the reader already sent this idempotency key; returns the stored one. */
  async insertOrder(
    values: Insertable<PaymentOrderTable>,
    db: Db = this.db,
  ): Promise<{ order: OrderRow; created: boolean }> {
    const inserted = await db
      .insertInto('payment_orders')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { order: inserted, created: true };
    const existing = await db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', values.user_id)
      .where('idempotency_key', '=', values.idempotency_key)
      .executeTakeFirstOrThrow();
    return { order: existing, created: false };
  }

  async findOrder(id: string, db: Db = this.db): Promise<OrderRow | undefined> {
    return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findOrderByProviderId(provider: string, providerOrderId: string) {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_order_id', '=', providerOrderId)
      .executeTakeFirst();
  }

  async setProviderOrder(
    id: string,
    providerOrderId: string,
    checkout: unknown,
    at: Date,
  ): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({
        provider_order_id: providerOrderId,
        checkout: checkout === null ? null : JSON.stringify(checkout),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  /** A charge the provider accepted but has not confirmed: its webhook names this payment. */
  async setPaymentId(id: string, paymentId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ payment_id: paymentId, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async findOrderByPaymentId(provider: string, paymentId: string) {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('provider', '=', provider)
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
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

  /** Moves an order from created to paid once; undefined when it had already moved. */
  async markOrderPaid(
    id: string,
    payment: { paymentId: string; mandateId: string | null },
    at: Date,
    db: Db,
  ): Promise<OrderRow | undefined> {
    return db
      .updateTable('payment_orders')
      .set({
        status: 'paid',
        payment_id: payment.paymentId,
        mandate_id: payment.mandateId,
        failure: null,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', 'in', ['created', 'failed'])
      .returningAll()
      .executeTakeFirst();
  }

  /** A failure never overrides a payment that arrived first (events come out of order). */
  async markOrderFailed(id: string, failure: string, at: Date, db: Db = this.db): Promise<void> {
    await db
      .updateTable('payment_orders')
      .set({ status: 'failed', failure, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .execute();
  }

  /**
   * Checkout orders still waiting for a payment, created after `since`, least
   * recently asked about first: the reconciler asks the provider about `limit` of
   * them a tick. Mandate debits are the ledger's (they have an entry of their own).
   */
  async openOrders(provider: string, since: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('provider', '=', provider)
      .where('status', 'in', ['created', 'failed'])
      .where('provider_order_id', 'is not', null)
      .where('created_at', '>=', since)
      .where('idempotency_key', 'not like', 'charge:%')
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  /** The order was asked about: it goes to the back of the reconciler's queue. */
  async touchOrder(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('payment_orders')
      .set({ updated_at: at })
      .where('id', '=', id)
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

  // ---- events and logs -------------------------------------------------

  /** Records a provider event once; false when it was seen before. */
  async recordEvent(provider: string, eventId: string, type: string, at: Date): Promise<boolean> {
    const inserted = await this.db
      .insertInto('provider_events')
      .values({ provider, event_id: eventId, type, received_at: at })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async logPlanChange(row: Insertable<PlanChangeLogTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('plan_change_log').values(row).execute();
  }

  async log(
    entry: {
      subscriptionId?: number | null;
      orderId?: string | null;
      event: string;
      detail?: string;
    },
    at: Date,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('subscription_log')
      .values({
        subscription_id: entry.subscriptionId ?? null,
        order_id: entry.orderId ?? null,
        event: entry.event,
        detail: entry.detail ?? '',
        created_at: at,
      })
      .execute();
  }
}
