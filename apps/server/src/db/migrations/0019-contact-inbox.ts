// The desk's inbox of Get in touch messages (issue 27 part 4). Each message gets a
// status the desk moves (`new` until somebody answers, `answered`, `closed`), and
// every reply staff e-mail from the console is kept as the message's thread: who
// sent it, what it said, when, and whether the e-mail went out. Replies are never
// changed after their e-mail's outcome is written; staff accounts stay text (the
// actor's e-mail at the time), as in the audit log, so retiring staff loses nothing.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contact_messages
    add column status text not null default 'new'
      constraint contact_messages_status check (status in ('new', 'answered', 'closed'))`.execute(
    db,
  );
  // The inbox lists one brand's messages of one status, newest first.
  await sql`create index contact_messages_inbox on contact_messages (brand, status, id desc)`.execute(
    db,
  );
  await sql`create table contact_replies (
    id serial primary key,
    message_id integer not null references contact_messages (id) on delete cascade,
    staff_id text,
    staff_email text not null,
    body text not null check (length(body) between 1 and 5000),
    sent_at timestamptz not null,
    mail_status text not null default 'sending'
      check (mail_status in ('sending', 'sent', 'failed')),
    mail_error text
  )`.execute(db);
  await sql`create index contact_replies_message on contact_replies (message_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_replies`.execute(db);
  await sql`drop index contact_messages_inbox`.execute(db);
  await sql`alter table contact_messages drop column status`.execute(db);
}
