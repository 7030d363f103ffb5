// The desk (issue 26 part 1): staff roles beside the reader accounts, the audit
// log of every desk action, and the second factor better-auth's two-factor plugin
// keeps (its table, the user's flag) plus, per session, when the second factor
// was given. A reader account is a staff member only while it has a row here.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table staff_members (
    user_id text primary key references users (id) on delete cascade,
    role text not null check (role in ('admin', 'editor', 'support')),
    added_by text,
    added_at timestamptz not null default now(),
    retired_at timestamptz,
    failed_second_factors integer not null default 0
  )`.execute(db);
  await sql`create table audit_log (
    id bigserial primary key,
    at timestamptz not null default now(),
    actor_id text,
    actor text not null,
    role text not null,
    action text not null,
    subject text not null,
    before jsonb,
    after jsonb,
    reason text
  )`.execute(db);
  await sql`alter table users add column if not exists two_factor_enabled boolean default false`.execute(
    db,
  );
  await sql`alter table sessions add column if not exists second_factor_at timestamptz`.execute(db);
  await sql`create table if not exists two_factors (
    id text not null primary key,
    secret text not null,
    backup_codes text not null,
    user_id text not null references users (id) on delete cascade,
    verified boolean default true,
    failed_verification_count integer default 0,
    locked_until timestamptz
  )`.execute(db);
  await sql`create index if not exists two_factors_secret_idx on two_factors (secret)`.execute(db);
  await sql`create index if not exists two_factors_user_id_idx on two_factors (user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table two_factors`.execute(db);
  await sql`alter table sessions drop column second_factor_at`.execute(db);
  await sql`alter table users drop column two_factor_enabled`.execute(db);
  await sql`drop table audit_log`.execute(db);
  await sql`drop table staff_members`.execute(db);
}
