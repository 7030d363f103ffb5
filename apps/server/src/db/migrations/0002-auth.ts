// Sign-in codes, the counters that limit how many are sent, and what readers keep
// on their account besides identity (preferences, marketing consent). Users,
// sessions and linked accounts are better-auth's tables (modules/auth/auth-schema.ts);
// they are created after these, so nothing here references them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otp_challenges')
    // The preAuthSessionId handed to the client.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // HMACs only: a leaked table must not let anyone finish a sign-in.
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('sign_in', 'change_phone', 'change_email')`),
    )
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('destination', 'text', (c) => c.notNull())
    // The signed-in reader a change of phone or e-mail belongs to.
    .addColumn('user_id', 'text')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('otp_challenges_expires_idx')
    .on('otp_challenges')
    .column('expires_at')
    .execute();

  // One fixed window per (scope, key): sends per destination and per client address.
  await db.schema
    .createTable('otp_send_windows')
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('destination', 'ip')`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('otp_send_windows_pkey', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('otp_send_windows_started_idx')
    .on('otp_send_windows')
    .column('window_started_at')
    .execute();

  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('preferred_edition_number', 'integer')
    .addColumn('welcome_popup_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_preferences_pkey', ['user_id', 'brand'])
    .execute();

  await db.schema
    .createTable('user_marketing')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('receive_marketing', 'boolean', (c) => c.notNull())
    // Only the English daily runs the "Top News of the Day" newsletter (spec 2 §3).
    .addColumn('dh_top_news', 'boolean')
    .addColumn('newsletter_email', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'user_marketing',
    'user_preferences',
    'otp_send_windows',
    'otp_challenges',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
