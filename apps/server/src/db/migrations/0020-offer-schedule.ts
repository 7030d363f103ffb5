// The business desk's offers (issue 27 part 2). The banner already has its window
// (migration 0007); FAQs gain the desk's order. A FAQ the desk has not placed has
// no position and follows the placed ones in id order, so a brand nobody has
// reordered still reads in id order (spec 2 §2) and a new FAQ lands at the end.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table faqs add column position integer check (position between 1 and 1000)`.execute(
    db,
  );
  await sql`create index faqs_brand_position on faqs (brand, position, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index faqs_brand_position`.execute(db);
  await sql`alter table faqs drop column position`.execute(db);
}
