// The business desk's plans (issue 27 part 1): a plan can be retired, off sale for
// good and out of the desk's working list, while every subscription bought on it
// runs and renews at the price it was bought at (subscriptions.price_minor). A plan
// nobody ever bought or ordered may be deleted instead.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription_plans add column retired boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subscription_plans drop column retired`.execute(db);
}
