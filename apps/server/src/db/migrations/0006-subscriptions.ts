// Plans, orders, subscriptions and what the payment provider told us
// (docs/decisions/0014). A subscription row is made from one paid order only
// (unique order_id), and a provider event is applied once (its id is the key),
// so webhooks replayed, late or out of order change nothing twice.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('catalogue_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('custom_attributes', 'jsonb', (c) => c.notNull())
    .addColumn('metadata_fields', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('subscription_groups_key', ['brand', 'catalogue_key'])
    .execute();
  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('subscription_groups.id'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('catalogue_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('price_currency', 'text', (c) => c.notNull())
    .addColumn('duration_unit', 'text', (c) => c.notNull())
    .addColumn('duration_length', 'integer', (c) => c.notNull().check(sql`duration_length > 0`))
    .addColumn('recurring', 'boolean', (c) => c.notNull())
    .addColumn('assets', 'jsonb', (c) => c.notNull())
    .addColumn('custom_attributes', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('subscription_plans_key', ['brand', 'catalogue_key'])
    .execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull())
    .addColumn('replaces_subscription_id', 'integer')
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('refund_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text')
    .addColumn('checkout', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('failure', 'text')
    .addColumn('renewal_of_subscription_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('payment_orders_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('payment_orders_provider_order')
    .on('payment_orders')
    .columns(['provider', 'provider_order_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payment_orders_open')
    .on('payment_orders')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('order_id', 'text', (c) => c.references('payment_orders.id').unique())
    .addColumn('plan_title', 'text', (c) => c.notNull())
    .addColumn('archive_days', 'integer', (c) => c.notNull())
    .addColumn('duration_unit', 'text', (c) => c.notNull())
    .addColumn('duration_length', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('next_payment_due_date', 'date')
    .addColumn('auto_renew', 'boolean', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('replaces_subscription_id', 'integer')
    .addColumn('cancel_reason', 'text')
    .addColumn('cancel_message', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('renewal_notice_for', 'date')
    .addColumn('renewal_notice_at', 'timestamptz')
    .addColumn('renewal_attempted_on', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_reader')
    .on('subscriptions')
    .columns(['user_id', 'brand', 'status'])
    .execute();
  await db.schema
    .createIndex('subscriptions_due')
    .on('subscriptions')
    .columns(['status', 'end_date'])
    .execute();

  await db.schema
    .createTable('provider_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_events_pk', ['provider', 'event_id'])
    .execute();

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

  await db.schema
    .createTable('plan_change_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('current_plan_name', 'text', (c) => c.notNull())
    .addColumn('current_plan_start_date', 'date', (c) => c.notNull())
    .addColumn('current_plan_end_date', 'date', (c) => c.notNull())
    .addColumn('current_plan_price', 'text', (c) => c.notNull())
    .addColumn('new_plan_name', 'text', (c) => c.notNull())
    .addColumn('new_plan_start_date', 'date', (c) => c.notNull())
    .addColumn('new_plan_end_date', 'date', (c) => c.notNull())
    .addColumn('new_plan_price', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscription_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer')
    .addColumn('order_id', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // The sandbox payment provider's own books (payments/sandbox-books.ts): what a
  // real provider would keep on its side, so orders, payments, mandates and refunds
  // survive a restart of a development server.
  await db.schema
    .createTable('sandbox_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('mandate', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('refunded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_mandates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('charges_fail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('charges', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sandbox_mandates',
    'sandbox_orders',
    'subscription_log',
    'plan_change_log',
    'refunds',
    'provider_events',
    'subscriptions',
    'payment_orders',
    'subscription_plans',
    'subscription_groups',
  ])
    await db.schema.dropTable(table).execute();
}
