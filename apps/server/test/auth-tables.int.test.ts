// Migration 0014 writes better-auth's tables out by hand. better-auth, given the
// options the running instance uses, must find nothing left to create or add —
// else a column it reads or writes would be missing until someone noticed.
import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentMigrator, migrateToLatest } from '../src/db/migrate.ts';
import { twoFactor } from 'better-auth/plugins';
import { authSchemaOptions, twoFactorSchema } from '../src/modules/auth/auth-schema.ts';
import { createTestDatabase, testBackends } from './helpers/db.ts';

describe.each(testBackends)('better-auth tables on $name', (backend) => {
  it('are all there after our migrations: better-auth would create or add nothing', async () => {
    const database = await createTestDatabase(backend);
    try {
      const pending = await getMigrations({
        ...authSchemaOptions,
        // The staff's second factor (migration 0015) adds a table and a user column.
        plugins: [twoFactor({ schema: twoFactorSchema })],
        database: { db: database.db, type: 'postgres' },
        // better-auth mistakes PostgreSQL's int8 (its own bigint column) for a mismatch.
        logger: { level: 'error' },
      });
      expect(pending.toBeCreated.map((t) => t.table)).toEqual([]);
      expect(
        pending.toBeAdded.map((t) => `${t.table}: ${Object.keys(t.fields).join(', ')}`),
      ).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('stepping back over 0014 keeps every account, and 0014 runs again over them', async () => {
    const database = await createTestDatabase(backend);
    const { db } = database;
    try {
      await sql`insert into users (id, name, email, email_verified) values ('u1', 'Asha', 'a@example.com', true)`.execute(
        db,
      );
      // Back to before 0014 (over every later migration), then forward again.
      const down = await contentMigrator(db).migrateTo('0013-money-ledger');
      expect(down.results?.at(-1)?.migrationName).toBe('0014-auth-tables');
      expect((await migrateToLatest(db))[0]).toBe('0014-auth-tables');
      const users = await sql<{ id: string }>`select id from users`.execute(db);
      expect(users.rows).toEqual([{ id: 'u1' }]);
    } finally {
      await database.drop();
    }
  });
});
