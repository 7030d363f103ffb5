// One Kysely instance over either engine: embedded PGlite (nothing to install) or
// a PostgreSQL server when DATABASE_URL is set. Both run the same migrations.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

const DATE_OID = 1082;

// `date` columns must come back as the yyyy-MM-dd they were stored as. The drivers'
// default turns them into JS Dates at local midnight, which shifts the day once
// serialised in any zone east or west of the server's.
const keepDateText = (value: string) => value;

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string | undefined } | { kind: 'postgres'; url: string };

export function databaseTarget(config: {
  dataDir: string;
  databaseUrl: string | undefined;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/**
 * Opens (and for PGlite creates) the database. `dataDir: undefined` keeps PGlite in
 * memory; `pgliteStart`, a dump of a PGlite data directory (PGlite.dumpDataDir), is
 * where a new PGlite database starts instead of an empty cluster.
 */
export async function openDatabase(
  target: DatabaseTarget,
  pgliteStart?: Blob,
): Promise<Kysely<Database>> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID
            ? keepDateText
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    notificationSources.set(db, { kind: 'postgres', url: target.url });
    return db;
  }
  if (target.dataDir) await mkdir(target.dataDir, { recursive: true });
  // Options go in the one-argument form: PGlite drops them when the dataDir
  // argument is undefined (in-memory databases).
  const pglite = new PGlite({
    dataDir: target.dataDir,
    parsers: { [pgliteTypes.DATE]: keepDateText },
    // Trigram similarity for search (migration 0010 creates the extension).
    extensions: { pg_trgm },
    loadDataDir: pgliteStart,
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  notificationSources.set(db, { kind: 'pglite', pglite });
  return db;
}

// Issue 28 part 2 (shared state, decision 0039): where the change feed hears the
// edits made through other connections. PostgreSQL's LISTEN needs a connection of
// its own (never one of the pool's); PGlite delivers to listeners on its instance.
export type NotificationSource =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      pglite: {
        listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
      };
    };
const notificationSources = new WeakMap<Kysely<Database>, NotificationSource>();

/** How to hear NOTIFY on a database opened here; undefined for any other. */
export function notificationSource(db: Kysely<Database>): NotificationSource | undefined {
  return notificationSources.get(db);
}
