// SQL for payment orders, the provider events that report on them and the
// subscription log. Every write that must happen once is made conditional in SQL (a
// status it moves from, a unique key), so retries, replays and concurrent requests
// change nothing twice. SubscriptionRepo (subscription-repo.ts) extends this class:
// the services hold one repo for orders and subscriptions alike.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentOrderTable } from '../../db/schema.ts';

export type OrderRow = Selectable<PaymentOrderTable>;
/** The database, or the transaction a service spans. */
export type Db = Kysely<Database> | Transaction<Database>;

export class OrderRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

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
  /** True when this call failed the order (it was still waiting for a payment). */
  async markOrderFailed(id: string, failure: string, at: Date, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('payment_orders')
      .set({ status: 'failed', failure, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
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
