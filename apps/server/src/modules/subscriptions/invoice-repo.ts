// SQL of invoices (migration 0023): the number taken from its counter in one
// statement, the invoice written once per order, a reader's invoices, and the
// receipt's send claimed in one conditional update so two senders never both send.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, InvoiceTable } from '../../db/schema.ts';
import type { Db } from './order-repo.ts';

export type InvoiceRow = Selectable<InvoiceTable>;

export interface Buyer {
  name: string;
  email: string | null;
  phone: string | null;
}

export class InvoiceRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The next serial of the brand's year: the counter row is moved in one statement
   * and stays locked until the caller's transaction ends, so serials follow one
   * another with no gap even when the transaction rolls back.
   */
  async nextSerial(brand: string, financialYear: string, trx: Db): Promise<number> {
    const row = await sql<{ last_serial: number }>`
      insert into invoice_counters (brand, financial_year, last_serial)
      values (${brand}, ${financialYear}, 1)
      on conflict (brand, financial_year)
      do update set last_serial = invoice_counters.last_serial + 1
      returning last_serial`.execute(trx);
    const serial = row.rows[0]?.last_serial;
    if (serial === undefined) throw new Error('the invoice counter returned nothing');
    return serial;
  }

  async insert(values: Insertable<InvoiceTable>, trx: Db): Promise<InvoiceRow> {
    return trx.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async ofOrder(orderId: string, db: Db = this.db): Promise<InvoiceRow | undefined> {
    return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  }

  async byNumber(number: string): Promise<InvoiceRow | undefined> {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('number', '=', number)
      .executeTakeFirst();
  }

  /** A reader's invoices for a brand, newest first. */
  async ofReader(userId: string, brand: string, limit: number): Promise<InvoiceRow[]> {
    return this.db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', userId)
      .where('brand', '=', brand)
      .orderBy('issued_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The buyer as the account names them now, for an invoice issued now. */
  async buyer(userId: string, trx: Db): Promise<Buyer> {
    const row = await sql<{
      name: string | null;
      email: string | null;
      phone_number: string | null;
    }>`
      select name, email, phone_number from users where id = ${userId}`.execute(trx);
    const found = row.rows[0];
    return {
      name: found?.name ?? '',
      // Phone-only readers carry a placeholder address on a reserved domain.
      email: found?.email && !found.email.endsWith('.invalid') ? found.email : null,
      phone: found?.phone_number ?? null,
    };
  }

  /** Refunds settled against a payment, oldest first: an invoice lists them. */
  async refundsOf(paymentId: string): Promise<{ amount_minor: number; settled_at: Date }[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .select(['amount_minor', 'settled_at'])
      .where('kind', '=', 'refund')
      .where('payment_id', '=', paymentId)
      .where('state', '=', 'settled')
      .orderBy('settled_at')
      .execute();
    return rows.map((r) => ({
      amount_minor: r.amount_minor ?? 0,
      settled_at: r.settled_at ?? new Date(0),
    }));
  }

  /**
   * Claims the receipt's send: one more attempt, unless it was sent, is out of
   * attempts, or was tried after `triedBefore` (someone may be sending it now).
   */
  async claimReceipt(
    id: number,
    at: Date,
    triedBefore: Date,
    maxAttempts: number,
  ): Promise<InvoiceRow | undefined> {
    return this.db
      .updateTable('invoices')
      .set((eb) => ({ receipt_attempts: eb('receipt_attempts', '+', 1), receipt_tried_at: at }))
      .where('id', '=', id)
      .where('receipt_sent_at', 'is', null)
      .where('receipt_attempts', '<', maxAttempts)
      .where((eb) =>
        eb.or([eb('receipt_tried_at', 'is', null), eb('receipt_tried_at', '<', triedBefore)]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async receiptSent(id: number, at: Date): Promise<void> {
    await this.db
      .updateTable('invoices')
      .set({ receipt_sent_at: at, receipt_error: null })
      .where('id', '=', id)
      .execute();
  }

  async receiptFailed(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('invoices')
      .set({ receipt_error: error.slice(0, 500) })
      .where('id', '=', id)
      .execute();
  }

  /** Invoices whose receipt is still to send and may be tried again, oldest first. */
  async unsent(triedBefore: Date, maxAttempts: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('invoices')
      .select('id')
      .where('receipt_sent_at', 'is', null)
      .where('receipt_attempts', '<', maxAttempts)
      .where((eb) =>
        eb.or([eb('receipt_tried_at', 'is', null), eb('receipt_tried_at', '<', triedBefore)]),
      )
      .orderBy('issued_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}
