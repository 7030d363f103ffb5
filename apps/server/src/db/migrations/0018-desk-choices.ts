// What the desk decides without SQL (issue 26 parts 7, 8 and 11): per brand, which
// edition's front page is free to every reader today (the spec's fixed 2 and 4 stay
// the defaults, a row exists only once the desk has chosen) and how many missing
// pages the release gate lets through; per edition and date, a release held past
// the usual 06:00 until a time an editor chose.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table brand_settings (
    brand text primary key,
    free_edition integer check (free_edition between 1 and 2147483647),
    missing_page_tolerance integer not null default 0
      check (missing_page_tolerance between 0 and 20),
    updated_at timestamptz not null
  )`.execute(db);
  await sql`alter table incoming_editions add column release_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table incoming_editions drop column release_at`.execute(db);
  await sql`drop table brand_settings`.execute(db);
}
