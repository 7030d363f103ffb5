// Send limits learn two things: a per-account counter (a signed-in reader
// changing phone or e-mail spends a slot of their own, so one account cannot probe
// many numbers), and the time of the last send to each destination, so the 30 s
// gap between codes holds for every send and not only for a resend.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table otp_send_windows drop constraint otp_send_windows_scope_check`.execute(db);
  await sql`alter table otp_send_windows add constraint otp_send_windows_scope_check
    check (scope in ('destination', 'ip', 'account'))`.execute(db);
  await db.schema.alterTable('otp_send_windows').addColumn('last_sent_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('otp_send_windows').dropColumn('last_sent_at').execute();
  await sql`delete from otp_send_windows where scope = 'account'`.execute(db);
  await sql`alter table otp_send_windows drop constraint otp_send_windows_scope_check`.execute(db);
  await sql`alter table otp_send_windows add constraint otp_send_windows_scope_check
    check (scope in ('destination', 'ip'))`.execute(db);
}
