// Shared state across web servers (issue 28 part 2, decision 0039): one row per
// topic of what servers keep in memory (an issue's answers, a brand's plans, the
// desk's brand settings), its version bumped in the same transaction as the edit
// that changes it. A server compares the version its copy was built at with the
// row's, so an edit made on any server reaches every other one.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cache_versions (
    topic text primary key check (length(topic) between 1 and 200),
    version bigint not null check (version > 0),
    changed_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cache_versions`.execute(db);
}
