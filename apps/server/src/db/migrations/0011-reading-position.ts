// The reader's place in the e-paper (issue 9: "the reading position is saved to
// the account too, so another device resumes where the reader left off"): kept
// with the other per-brand preferences, one place per reader and brand, the last
// one written. It names the place (date, edition number, page index), never an
// issue row, so it outlives a re-published edition as saved articles do.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_preferences')
    .addColumn('position_date', 'date')
    .addColumn('position_edition_number', 'integer')
    .addColumn('position_page', 'integer')
    .addColumn('position_updated_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_preferences')
    .dropColumn('position_date')
    .dropColumn('position_edition_number')
    .dropColumn('position_page')
    .dropColumn('position_updated_at')
    .execute();
}
