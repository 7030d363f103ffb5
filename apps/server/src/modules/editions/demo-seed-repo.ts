// What the demo seeder needs to know about the database: whether a seed is under
// way or done, and which issues already exist.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const SEED_STATE_KEY = 'demo_seed';

export type DemoSeedState = 'started' | 'done';

export class DemoSeedRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async seedState(): Promise<DemoSeedState | undefined> {
    const row = await this.db
      .selectFrom('app_state')
      .select('value')
      .where('key', '=', SEED_STATE_KEY)
      .executeTakeFirst();
    return row?.value === 'started' || row?.value === 'done' ? row.value : undefined;
  }

  async setSeedState(state: DemoSeedState): Promise<void> {
    await this.db
      .insertInto('app_state')
      .values({ key: SEED_STATE_KEY, value: state })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: state }))
      .execute();
  }

  async countIssues(): Promise<number> {
    const row = await this.db
      .selectFrom('issues')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** `${brand}|${date}|${edition number}` of every stored issue. */
  async issueKeys(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('issues')
      .innerJoin('editions', 'editions.id', 'issues.edition_id')
      .select(['issues.brand', 'issues.issue_date', 'editions.edition_number'])
      .execute();
    return new Set(rows.map((r) => issueKey(r.brand, r.issue_date, r.edition_number)));
  }
}

export function issueKey(brand: string, date: string, editionNumber: number): string {
  return `${brand}|${date}|${editionNumber}`;
}
