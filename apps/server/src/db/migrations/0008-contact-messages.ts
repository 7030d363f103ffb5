// Messages readers send the editorial team from /contact (spec 2 §2 "Contact page").
// A message is stored before it is e-mailed, so a mail server that is down loses
// nothing: `mail_status` stays `pending` with the next attempt's time and the last
// error until a send succeeds (`sent`), or gives up after its attempts (`failed`,
// kept for an editor to read). `client_ip` and `created_at` drive the per-address
// limit, which reads the last few minutes of one address through the index.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('mail_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addCheckConstraint(
      'contact_messages_mail_status',
      sql`mail_status in ('pending', 'sent', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('contact_messages_client_ip')
    .on('contact_messages')
    .columns(['client_ip', 'created_at'])
    .execute();
  // Only unsent messages are ever looked for by time, so only they are indexed.
  await db.schema
    .createIndex('contact_messages_pending')
    .on('contact_messages')
    .column('next_attempt_at')
    .where(sql.ref('mail_status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
