// Vitest global setup of the server project, once per run:
//  - finds the PostgreSQL server the integration tests run their second pass on.
//    Under CI=true that pass is required, so a server that does not answer fails
//    the run; elsewhere a skipped pass is announced in one line with the reason;
//  - migrates one PGlite database and dumps it to a file every test file's PGlite
//    database starts from: a new PGlite cluster costs about 2 s to create, a
//    migrated one loaded from its dump well under 1 s.
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the PostgreSQL server, or '' when the pass is skipped. */
    postgresAdminUrl: string;
    /** File holding the dump of a migrated PGlite database. */
    pgliteTemplate: string;
  }
}

const ADMIN_URLS = [
  'postgres://postgres@127.0.0.1:5432/test',
  'postgres://root@127.0.0.1:5432/test',
];

async function tryConnect(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function makePgliteTemplate(): Promise<string> {
  const file = path.join(
    os.tmpdir(),
    `folio-pglite-template-${randomBytes(6).toString('hex')}.tar`,
  );
  // The extensions a database opens with (openDatabase's) must be loaded to
  // migrate; row parsers act only on what a client reads, so none are needed here.
  const pglite = new PGlite({ extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  return file;
}

async function findPostgres(): Promise<string> {
  const failures: string[] = [];
  for (const url of ADMIN_URLS) {
    const failure = await tryConnect(url);
    if (failure === undefined) return url;
    failures.push(`${new URL(url).username}: ${failure}`);
  }
  const reason = `no PostgreSQL server accepted a connection to database "test" on 127.0.0.1:5432 (${failures.join('; ')})`;
  if (process.env.CI === 'true') {
    throw new Error(`CI=true requires the PostgreSQL pass of the integration tests, but ${reason}`);
  }
  console.warn(`PostgreSQL pass skipped: ${reason}. Integration tests run on PGlite only.`);
  return '';
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('postgresAdminUrl', await findPostgres());
  const template = await makePgliteTemplate();
  project.provide('pgliteTemplate', template);
  return () => rm(template, { force: true });
}
