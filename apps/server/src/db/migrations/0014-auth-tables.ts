// better-auth's tables as a migration of our own (issue 24 part 3, decision 0023):
// users, sessions, linked accounts, verifications and the rate-limit counters, in
// our naming, with the fields Folio adds (the reader's phone number; per session,
// how it was signed in and whether it created the account). Until this migration
// better-auth created them itself at every start, after our migrations, so on a
// database from then they exist already and nothing here changes them. A test
// (auth-tables.int.test.ts) asks better-auth whether it would still create or add
// anything, so a release of better-auth that needs more says so before it ships.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists users (
    id text not null primary key,
    name text not null,
    email text not null unique,
    email_verified boolean not null,
    image text,
    created_at timestamptz default current_timestamp not null,
    updated_at timestamptz default current_timestamp not null,
    phone_number text unique
  )`.execute(db);
  await sql`create table if not exists sessions (
    id text not null primary key,
    expires_at timestamptz not null,
    token text not null unique,
    created_at timestamptz default current_timestamp not null,
    updated_at timestamptz not null,
    ip_address text,
    user_agent text,
    user_id text not null references users (id) on delete cascade,
    login_method text not null,
    is_new_user boolean not null
  )`.execute(db);
  await sql`create table if not exists accounts (
    id text not null primary key,
    account_id text not null,
    provider_id text not null,
    user_id text not null references users (id) on delete cascade,
    access_token text,
    refresh_token text,
    id_token text,
    access_token_expires_at timestamptz,
    refresh_token_expires_at timestamptz,
    scope text,
    password text,
    created_at timestamptz default current_timestamp not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create table if not exists verifications (
    id text not null primary key,
    identifier text not null,
    value text not null,
    expires_at timestamptz not null,
    created_at timestamptz default current_timestamp not null,
    updated_at timestamptz default current_timestamp not null
  )`.execute(db);
  await sql`create table if not exists rate_limits (
    id text not null primary key,
    key text not null unique,
    count integer not null,
    last_request bigint not null
  )`.execute(db);
  await sql`create index if not exists sessions_user_id_idx on sessions (user_id)`.execute(db);
  await sql`create index if not exists accounts_user_id_idx on accounts (user_id)`.execute(db);
  await sql`create index if not exists verifications_identifier_idx
    on verifications (identifier)`.execute(db);
}

/**
 * Stepping back keeps the tables: on a database from before this migration they
 * were better-auth's, and they hold every reader's account.
 */
export async function down(): Promise<void> {}
