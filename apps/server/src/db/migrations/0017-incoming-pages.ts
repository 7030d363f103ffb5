// The night desk's intake (issue 26 parts 4-8): every page file received (from the
// browser or the drop folder), each version kept; per edition and date, where its
// pages stand (receiving, processing, scheduled, live, failed) with the gate's
// refusals and the processing report; the drop folder's claims, so two servers
// never take one file; and each edition's page count, which a page number may not pass.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table editions add column page_count integer
    check (page_count between 1 and 200)`.execute(db);
  await sql`create table incoming_pages (
    id serial primary key,
    brand text not null,
    issue_date date not null,
    edition_number integer not null,
    page_no integer not null check (page_no between 1 and 200),
    version integer not null check (version between 1 and 99),
    section text,
    file_name text not null,
    stored_path text not null,
    bytes integer not null,
    sha256 text not null,
    source text not null check (source in ('upload', 'drop')),
    received_by text not null,
    received_at timestamptz not null,
    unique (brand, issue_date, edition_number, page_no, version)
  )`.execute(db);
  await sql`create table incoming_editions (
    brand text not null,
    issue_date date not null,
    edition_number integer not null,
    state text not null check (state in
      ('receiving', 'processing', 'ready', 'scheduled', 'live', 'failed')),
    detail text,
    refusals jsonb not null default '[]',
    report jsonb,
    override_reason text,
    updated_at timestamptz not null,
    primary key (brand, issue_date, edition_number)
  )`.execute(db);
  await sql`create table drop_claims (
    file_name text not null,
    bytes bigint not null,
    modified_ms bigint not null,
    claimed_at timestamptz not null,
    primary key (file_name, bytes, modified_ms)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table drop_claims`.execute(db);
  await sql`drop table incoming_editions`.execute(db);
  await sql`drop table incoming_pages`.execute(db);
  await sql`alter table editions drop column page_count`.execute(db);
}
