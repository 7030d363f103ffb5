// A fresh, migrated database per test file: PGlite in memory always, and a
// uniquely named PostgreSQL database as well whenever a server answers locally
// (always under CI=true).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';

export type BackendName = 'pglite' | 'postgres';

export interface TestBackend {
  name: BackendName;
}

export interface TestDatabase {
  db: Kysely<Database>;
  target: DatabaseTarget;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

// Found once per run by the project's global setup (global-setup.ts), which also
// fails the run under CI=true when no server answers.
const adminUrl = inject('postgresAdminUrl') || undefined;

// The migrated PGlite database every test database starts from (made by the same
// global setup), read once per test file.
let pgliteTemplate: Promise<Blob> | undefined;
function pgliteStart(): Promise<Blob> {
  pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/**
 * For suites whose tests never touch the database: the app needs one to start,
 * and one in-memory PGlite is enough, so they run once instead of per backend.
 */
export const noDatabaseBackend: TestBackend = { name: 'pglite' };

/** Backends to run every integration suite that uses the database on (use with describe.each). */
export const testBackends: TestBackend[] = [
  { name: 'pglite' },
  ...(adminUrl ? [{ name: 'postgres' as const }] : []),
];

async function withAdmin(run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * pg's Pool.end() resolves before its sockets have closed; forcing the drop while
 * they close makes the server kill them, which surfaces as an unhandled FATAL
 * error in the test run. Waits (briefly) until the server has let them go.
 */
async function waitForDisconnects(client: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [database],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function createTestDatabase(backend: TestBackend): Promise<TestDatabase> {
  if (backend.name === 'pglite' || !adminUrl) {
    const target: DatabaseTarget = { kind: 'pglite', dataDir: undefined };
    const db = await openDatabase(target, await pgliteStart());
    // Already migrated: this finds nothing to do, as a restarted server would.
    await migrateToLatest(db);
    return { db, target, drop: () => db.destroy() };
  }
  const name = `folio_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`).then(() => undefined));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  const db = await openDatabase(target);
  await migrateToLatest(db);
  return {
    db,
    target,
    drop: async () => {
      await db.destroy();
      await withAdmin(async (client) => {
        await waitForDisconnects(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
