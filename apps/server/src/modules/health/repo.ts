import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class HealthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A cheap round trip that fails when the database cannot answer. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
