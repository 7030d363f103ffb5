// Vitest global setup of the server project: finds the PostgreSQL server the
// integration tests run their second pass on, once per run. Under CI=true that pass
// is required, so a server that does not answer fails the run; elsewhere a skipped
// pass is announced in one line with the reason.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection URL of the PostgreSQL server, or '' when the pass is skipped. */
    postgresAdminUrl: string;
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

export default async function setup(project: TestProject): Promise<void> {
  const failures: string[] = [];
  for (const url of ADMIN_URLS) {
    const failure = await tryConnect(url);
    if (failure === undefined) {
      project.provide('postgresAdminUrl', url);
      return;
    }
    failures.push(`${new URL(url).username}: ${failure}`);
  }
  const reason = `no PostgreSQL server accepted a connection to database "test" on 127.0.0.1:5432 (${failures.join('; ')})`;
  if (process.env.CI === 'true') {
    throw new Error(`CI=true requires the PostgreSQL pass of the integration tests, but ${reason}`);
  }
  console.warn(`PostgreSQL pass skipped: ${reason}. Integration tests run on PGlite only.`);
  project.provide('postgresAdminUrl', '');
}
