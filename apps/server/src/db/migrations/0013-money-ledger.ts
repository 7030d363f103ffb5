// Every money movement is a row before it is a call (issue 23 part 1, decision
// 0022). A mandate debit, a refund and a mandate cancellation are written to
// `ledger_entries` with an idempotency key, claimed from `created` to `sent` in
// one conditional update (so two workers never both call the provider), and
// settled (`settled` or `failed`) only from the provider's own answer. A call
// whose answer was lost is `unknown` until the reconciler has asked the provider.
// The refunds of migration 0006 move into the ledger. The sandbox provider keeps
// its recurring debits in `sandbox_charges`, so one can stay pending as a card's
// does, and its refunds by receipt, so a lost answer can be asked about. A charge that starts a scheduled downgrade names the row it starts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('charge', 'refund', 'mandate_cancel')`),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('created', 'sent', 'settled', 'failed', 'unknown')`),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'integer')
    .addColumn('order_id', 'text', (c) => c.references('payment_orders.id'))
    .addColumn('amount_minor', 'integer', (c) => c.check(sql`amount_minor > 0`))
    .addColumn('currency', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('provider_order_id', 'text')
    .addColumn('provider_refund_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_open')
    .on('ledger_entries')
    .columns(['state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_subscription')
    .on('ledger_entries')
    .columns(['subscription_id', 'kind'])
    .execute();
  await sql`
    insert into ledger_entries (id, kind, idempotency_key, state, user_id, brand, provider,
      subscription_id, order_id, amount_minor, currency, payment_id, provider_refund_id,
      reason, created_at, settled_at, updated_at)
    select 'refund-' || r.id, 'refund', 'refund:' || r.order_id,
      case r.status when 'issued' then 'settled' when 'failed' then 'failed' else 'created' end,
      o.user_id, o.brand, o.provider, r.subscription_id, r.order_id, r.amount_minor,
      r.currency, r.payment_id, r.provider_refund_id, 'unused days of an upgraded plan',
      r.created_at, case when r.status = 'pending' then null else r.created_at end, r.created_at
    from refunds r join payment_orders o on o.id = r.order_id`.execute(db);
  await db.schema.dropTable('refunds').execute();

  await db.schema
    .alterTable('payment_orders')
    .addColumn('starts_subscription_id', 'integer')
    .execute();

  await db.schema
    .createTable('sandbox_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('mandate_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settles_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('sandbox_refunds_receipt', ['payment_id', 'receipt'])
    .execute();
  await db.schema.alterTable('sandbox_mandates').addColumn('cancelled_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_mandates').dropColumn('cancelled_at').execute();
  await db.schema.dropTable('sandbox_refunds').execute();
  await db.schema.dropTable('sandbox_charges').execute();
  await db.schema.alterTable('payment_orders').dropColumn('starts_subscription_id').execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('payment_orders.id').unique())
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`
    insert into refunds (order_id, subscription_id, payment_id, amount_minor, currency, status,
      provider_refund_id, created_at)
    select distinct on (order_id) order_id, subscription_id, payment_id, amount_minor, currency,
      case state when 'settled' then 'issued' when 'failed' then 'failed' else 'pending' end,
      provider_refund_id, created_at
    from ledger_entries where kind = 'refund' and order_id is not null
    order by order_id, created_at`.execute(db);
  await db.schema.dropTable('ledger_entries').execute();
}
