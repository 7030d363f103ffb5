// SQL of subscriber care (issue 27 part 3): who an order or payment id belongs to, a
// reader's terms, captured payments, refunds, notices and mandate cancellations as
// the ledger holds them, the lock a refund takes on its payment, and an extension
// made only over the end date it was read with.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, LedgerEntryTable } from '../../db/schema.ts';
import type { Db, OrderRow } from './order-repo.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

export type LedgerRow = Selectable<LedgerEntryTable>;

/** The most notices a reader's page lists, newest first. */
const NOTICE_LIMIT = 50;

export class CareRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Readers whose order (Folio's or the provider's id) or payment has this id, or who have it. */
  async ownersOf(
    id: string,
    limit: number,
  ): Promise<{ userId: string; matched: 'order' | 'payment' | 'reader' }[]> {
    const orders = await this.db
      .selectFrom('payment_orders')
      .select(['user_id', 'payment_id'])
      .where((eb) =>
        eb.or([eb('id', '=', id), eb('provider_order_id', '=', id), eb('payment_id', '=', id)]),
      )
      .limit(limit)
      .execute();
    const terms = await this.db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('payment_id', '=', id)
      .limit(limit)
      .execute();
    const readers = await this.db.selectFrom('users').select('id').where('id', '=', id).execute();
    return [
      ...readers.map((r) => ({ userId: r.id, matched: 'reader' as const })),
      ...orders.map((o) => ({
        userId: o.user_id,
        matched: o.payment_id === id ? ('payment' as const) : ('order' as const),
      })),
      ...terms.map((s) => ({ userId: s.user_id, matched: 'payment' as const })),
    ];
  }

  async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('start_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async paymentsOf(userId: string): Promise<OrderRow[]> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .where('payment_id', 'is not', null)
      .orderBy('updated_at', 'desc')
      .execute();
  }

  /** Refunds and mandate cancellations of the reader, newest first. */
  async ledgerOf(userId: string): Promise<LedgerRow[]> {
    return this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', 'in', ['refund', 'mandate_cancel'])
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** The invoices of the reader's payments, by order. */
  async invoicesOf(userId: string) {
    return this.db
      .selectFrom('invoices')
      .select(['order_id', 'number', 'receipt_sent_at'])
      .where('user_id', '=', userId)
      .execute();
  }

  /** The latest notice sent about a subscription (a receipt is not a notice of its term). */
  async latestNotice(subscriptionId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('subscription_log')
      .select('event')
      .where('subscription_id', '=', subscriptionId)
      .where('event', 'like', 'notice:%')
      .where('event', '!=', 'notice: receipt')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.event;
  }

  async noticesOf(userId: string) {
    return this.db
      .selectFrom('subscription_log as l')
      .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
      .select(['l.subscription_id', 'l.event', 'l.created_at'])
      .where('s.user_id', '=', userId)
      .where('l.event', 'like', 'notice:%')
      .orderBy('l.created_at', 'desc')
      .limit(NOTICE_LIMIT)
      .execute();
  }

  async sessionCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The captured payment with this id. */
  async paidPayment(paymentId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'paid')
      .executeTakeFirst();
  }

  /**
   * The captured payment with this id, its order row locked until the transaction
   * ends: two refunds of one payment are weighed one after the other.
   */
  async lockPaidPayment(paymentId: string, trx: Db): Promise<OrderRow | undefined> {
    return trx
      .selectFrom('payment_orders')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'paid')
      .forUpdate()
      .executeTakeFirst();
  }

  /** Refunds of the payment made or still possible (every entry the provider has not refused). */
  async refundedOrPending(paymentId: string, trx: Db): Promise<number> {
    const row = await trx
      .selectFrom('ledger_entries')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
      .where('kind', '=', 'refund')
      .where('payment_id', '=', paymentId)
      .where('state', '!=', 'failed')
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Moves the end (and the renewal date) only if the end is still `fromEnd`; false otherwise. */
  async extend(
    row: Pick<SubscriptionRow, 'id' | 'end_date' | 'status'>,
    to: { end_date: string; next_payment_due_date: string | null },
    at: Date,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ ...to, updated_at: at })
      .where('id', '=', row.id)
      .where('end_date', '=', row.end_date)
      .where('status', '=', row.status)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
