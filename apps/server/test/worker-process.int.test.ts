// The worker as `npm run worker` runs it (docs/decisions/0040-jobs-and-worker.md):
// worker.ts in a process of its own, on PostgreSQL with JOB_RUNNER=queue. It runs
// the jobs web servers send, registers the periodic ones, seeds only when no other
// worker holds the seed's lock, and on SIGTERM stops and exits 0.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { JOBS, PgBossQueue } from '../src/modules/jobs/index.ts';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER = fileURLToPath(new URL('../src/worker.ts', import.meta.url));
const postgres = testBackends.find((backend) => backend.name === 'postgres');
const log = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));

interface Started {
  child: ChildProcess;
  /** Messages of the JSON log lines written so far. */
  lines: string[];
  output: () => string;
}

function startWorker(env: NodeJS.ProcessEnv): Started {
  const child = fork(WORKER, [], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines: string[] = [];
  let text = '';
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const line of chunk.toString('utf8').split('\n')) {
      try {
        lines.push((JSON.parse(line) as { msg: string }).msg);
      } catch {
        // Not a log line (stderr text).
      }
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return { child, lines, output: () => text };
}

async function until(what: string, ok: () => boolean, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run worker', () => {
  it('is the worker entry under tsx', async () => {
    const scripts = (
      JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.worker).toBe('node --import tsx apps/server/src/worker.ts');
  });

  it('refuses to start without JOB_RUNNER=queue, saying why', async () => {
    const { child, output } = startWorker({ DATA_DIR: os.tmpdir() });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(output()).toContain('set JOB_RUNNER=queue and DATABASE_URL');
  });
});

describe.skipIf(!postgres)('the worker process on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  let url: string;
  let worker: Started;
  let lock: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase({ name: 'postgres' });
    if (database.target.kind !== 'postgres') throw new Error('needs PostgreSQL');
    url = database.target.url;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-worker-test-'));
    // Another worker is seeding: this one must not.
    lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query("select pg_advisory_lock(hashtext('folio.demo-seed'))");
    worker = startWorker({
      DATABASE_URL: url,
      JOB_RUNNER: 'queue',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    });
    await until('the worker to be ready', () => worker.lines.includes('worker ready'), 90);
  });

  afterAll(async () => {
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      const exited = once(worker.child, 'exit');
      worker.child.kill('SIGKILL');
      await exited;
    }
    await lock?.end();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs a job a web server sends, and registers the periodic jobs', async () => {
    const web = new PgBossQueue({ connectionString: url, log });
    try {
      const id = await web.send(JOBS.contactRetry, {});
      expect(await web.waitFor(id as string, 20_000)).toBe('completed');
    } finally {
      await web.stop({ graceful: false });
    }
    const { rows } = await lock.query<{ name: string; cron: string }>(
      'select name, cron from pgboss.schedule order by name',
    );
    expect(rows).toEqual([
      { name: 'contact.retry', cron: '* * * * *' },
      { name: 'media.sweep', cron: '17 * * * *' },
      { name: 'release.tick', cron: '* * * * *' },
      { name: 'renewals.tick', cron: '* * * * *' },
    ]);
  });

  it('leaves the demo seed to the worker holding its lock', async () => {
    await until(
      'the worker to see the seed taken',
      () => worker.lines.includes('another worker is seeding the demo editions'),
      30,
    );
    const { rows } = await lock.query("select value from app_state where key = 'demo_seed'");
    expect(rows).toEqual([]);
  });

  it('stops on SIGTERM and exits 0', async () => {
    const exited = once(worker.child, 'exit');
    worker.child.kill('SIGTERM');
    const [code, signal] = (await exited) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(worker.lines).toContain('worker stopped');
  });
});
