// Receipts and invoices (issue 27 part 6, decision 0036). Every payment that buys a
// term gets one invoice, made in the transaction that marks its order paid: the
// order's id is unique here, and the number comes from a counter row per brand
// and financial year, moved in one statement under that transaction's lock, so a
// replayed report or a crash makes neither a second invoice nor a gap. The invoice
// keeps what it showed when issued (plan, period, amounts and tax, the buyer, the
// publisher), so later edits change no issued invoice. The receipt e-mail (or SMS)
// is sent after commit; the columns below let a sweep finish what a crash left.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_serial', 'integer', (c) => c.notNull().check(sql`last_serial > 0`))
    .addPrimaryKeyConstraint('invoice_counters_pkey', ['brand', 'financial_year'])
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('payment_orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'integer')
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('plan_title', 'text', (c) => c.notNull())
    .addColumn('period_start', 'date')
    .addColumn('period_end', 'date')
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tax_kind', 'text', (c) =>
      c.notNull().check(sql`tax_kind in ('intra-state', 'export')`),
    )
    .addColumn('sac', 'text', (c) => c.notNull())
    .addColumn('taxable_minor', 'integer', (c) => c.notNull())
    .addColumn('cgst_minor', 'integer', (c) => c.notNull())
    .addColumn('sgst_minor', 'integer', (c) => c.notNull())
    .addColumn('igst_minor', 'integer', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text')
    .addColumn('buyer_phone', 'text')
    .addColumn('seller', 'jsonb', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('receipt_sent_at', 'timestamptz')
    .addColumn('receipt_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receipt_tried_at', 'timestamptz')
    .addColumn('receipt_error', 'text')
    .addCheckConstraint(
      'invoices_adds_up',
      sql`taxable_minor + cgst_minor + sgst_minor + igst_minor = amount_minor`,
    )
    .addUniqueConstraint('invoices_serial', ['brand', 'financial_year', 'serial'])
    .execute();
  await db.schema
    .createIndex('invoices_user')
    .on('invoices')
    .columns(['user_id', 'brand'])
    .execute();
  await sql`create index invoices_unsent on invoices (issued_at) where receipt_sent_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
