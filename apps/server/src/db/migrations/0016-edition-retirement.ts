// Editions and their groups without SQL (issue 26 part 11): the desk retires an
// edition or a group instead of deleting it, since published issues keep pointing
// at it and readers keep their archive; a retired one leaves the reader's list.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table editions add column retired_at timestamptz`.execute(db);
  await sql`alter table edition_groups add column retired_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table edition_groups drop column retired_at`.execute(db);
  await sql`alter table editions drop column retired_at`.execute(db);
}
