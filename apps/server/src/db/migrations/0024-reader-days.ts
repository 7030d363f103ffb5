// Readers per brand and day for the desk's figures (issue 27 part 5), with no
// personal data. A visitor is kept only as an HMAC-SHA256, under a random salt of
// its own day, of the reader's id (signed in) or the address and browser (not), with
// the most it was that day (1 visitor, 2 signed in, 3 subscriber). Salts have their
// own table and go once their day is over (yesterday's stays for late beacons), so
// a stored hash can no longer be tied to anybody. The beacon's per-address daily
// count is keyed the same way and goes with its salt.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table reader_day_salts (
    day date primary key,
    salt text not null check (length(salt) = 64)
  )`.execute(db);
  await sql`create table reader_days (
    brand text not null check (brand in ('dh', 'pv')),
    day date not null,
    visitor text not null check (length(visitor) = 64),
    kind smallint not null check (kind between 1 and 3),
    primary key (brand, day, visitor)
  )`.execute(db);
  await sql`create table reader_visit_counts (
    day date not null,
    source text not null check (length(source) = 64),
    visits integer not null check (visits > 0),
    primary key (day, source)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reader_visit_counts`.execute(db);
  await sql`drop table reader_days`.execute(db);
  await sql`drop table reader_day_salts`.execute(db);
}
