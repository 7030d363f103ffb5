// SQL of the readers' daily counts (migration 0024): the day's salt, the beacon's
// per-address count, and each visitor's row. Plain values out; what a kind means and
// when a salt may go are ReaderVisits' rules.
import { sql, type Kysely } from 'kysely';
import type { Database, ReaderKind } from '../../db/schema.ts';

export class ReaderDayRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The day's salt: the one already kept, else `fresh`, kept now. Two servers making
   * the first beacon of a day at once agree on whichever row was written first.
   */
  async salt(day: string, fresh: string): Promise<string> {
    await this.db
      .insertInto('reader_day_salts')
      .values({ day, salt: fresh })
      .onConflict((c) => c.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('reader_day_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  /** Forgets the salts (and the per-address counts) of days before `day`: their hashes are tied to nobody now. */
  async forgetBefore(day: string): Promise<void> {
    await this.db.deleteFrom('reader_day_salts').where('day', '<', day).execute();
    await this.db.deleteFrom('reader_visit_counts').where('day', '<', day).execute();
  }

  /** Counts one beacon from a (hashed) address on a day; answers the day's count so far. */
  async countVisit(day: string, source: string): Promise<number> {
    const row = await this.db
      .insertInto('reader_visit_counts')
      .values({ day, source, visits: 1 })
      .onConflict((c) =>
        c.columns(['day', 'source']).doUpdateSet({ visits: sql`reader_visit_counts.visits + 1` }),
      )
      .returning('visits')
      .executeTakeFirstOrThrow();
    return row.visits;
  }

  /** Keeps the visitor at the most it was that day; a repeat at the same kind writes nothing. */
  async record(brand: string, day: string, visitor: string, kind: ReaderKind): Promise<void> {
    await this.db
      .insertInto('reader_days')
      .values({ brand, day, visitor, kind })
      .onConflict((c) =>
        c
          .columns(['brand', 'day', 'visitor'])
          .doUpdateSet({ kind: (eb) => eb.ref('excluded.kind') })
          .where('reader_days.kind', '<', (eb) => eb.ref('excluded.kind')),
      )
      .execute();
  }
}
