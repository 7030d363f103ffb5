// The job queue's contract (docs/decisions/0040-jobs-and-worker.md), kept by both
// implementations: the in-process queue of a single server, and pg-boss on
// PostgreSQL for a cluster, whose jobs also outlive a worker killed half way.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { InProcessQueue, PgBossQueue, type JobQueue } from '../src/modules/jobs/index.ts';
import { cronIntervalMs } from '../src/modules/jobs/in-process-queue.ts';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';
import type { TakenJob } from './helpers/job-worker-child.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./helpers/job-worker-child.ts', import.meta.url));
const log = createLogger(loadConfig({ LOG_LEVEL: 'silent' }));
const postgres = testBackends.find((backend) => backend.name === 'postgres');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let queueNames = 0;
/** A queue name of its own per test: pg-boss's tables are shared by every test of the file. */
const fresh = (what: string) => `test-${what}-${(queueNames += 1)}`;

interface Kind {
  name: string;
  /** A queue on the shared store (PostgreSQL) or on its own (in-process); stopped after each test. */
  make(): JobQueue;
}

const made: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((queue) => queue.stop({ graceful: false })));
});

function contract(kind: () => Kind) {
  const queue = () => {
    const made_ = kind().make();
    made.push(made_);
    return made_;
  };

  it('runs a job sent to a queue it works, with its data, and says it completed', async () => {
    const jobs = queue();
    const name = fresh('send');
    const seen: unknown[] = [];
    await jobs.work<{ page: number }>(name, async (data) => void seen.push(data), {
      concurrency: 1,
    });
    await jobs.start();
    const id = await jobs.send(name, { page: 3 });
    expect(id).toEqual(expect.any(String));
    expect(await jobs.waitFor(id as string, 15_000)).toBe('completed');
    expect(seen).toEqual([{ page: 3 }]);
  });

  it('keeps one waiting job per singletonKey: two sends, one job', async () => {
    const jobs = queue();
    const name = fresh('single');
    await jobs.start();
    const first = await jobs.send(name, { n: 1 }, { singletonKey: 'page-1' });
    const second = await jobs.send(name, { n: 2 }, { singletonKey: 'page-1' });
    const other = await jobs.send(name, { n: 3 }, { singletonKey: 'page-2' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect((await jobs.stats()).find((s) => s.queue === name)).toMatchObject({
      waiting: 2,
      active: 0,
    });
    const seen: number[] = [];
    await jobs.work<{ n: number }>(name, async ({ n }) => void seen.push(n), { concurrency: 1 });
    expect(await jobs.waitFor(first as string, 15_000)).toBe('completed');
    expect(await jobs.waitFor(other as string, 15_000)).toBe('completed');
    expect(seen.sort()).toEqual([1, 3]);
  });

  it('tries a job that threw again, up to its retryLimit', async () => {
    const jobs = queue();
    const flaky = fresh('flaky');
    const broken = fresh('broken');
    let tries = 0;
    await jobs.work(
      flaky,
      async () => {
        tries += 1;
        if (tries === 1) throw new Error('the mail server hung up');
      },
      { concurrency: 1 },
    );
    let brokenTries = 0;
    await jobs.work(
      broken,
      async () => {
        brokenTries += 1;
        throw new Error('always');
      },
      { concurrency: 1 },
    );
    await jobs.start();
    const id = await jobs.send(flaky, {}, { retryLimit: 2, retryDelaySeconds: 0 });
    expect(await jobs.waitFor(id as string, 15_000)).toBe('completed');
    expect(tries).toBe(2);
    const hopeless = await jobs.send(broken, {}, { retryLimit: 1, retryDelaySeconds: 0 });
    expect(await jobs.waitFor(hopeless as string, 15_000)).toBe('failed');
    expect(brokenTries).toBe(2);
  });

  it('offers a job that ran past expireInSeconds again', async () => {
    const jobs = queue();
    const name = fresh('slow');
    let tries = 0;
    await jobs.work(
      name,
      async () => {
        tries += 1;
        if (tries === 1) await sleep(2500);
      },
      { concurrency: 2 },
    );
    await jobs.start();
    const id = await jobs.send(name, {}, { expireInSeconds: 1, retryLimit: 1 });
    expect(await jobs.waitFor(id as string, 15_000)).toBe('completed');
    expect(tries).toBe(2);
  });

  it('answers timeout when a job is not done within the wait, and counts it as waiting', async () => {
    const jobs = queue();
    const name = fresh('nobody');
    await jobs.start();
    const id = await jobs.send(name, {});
    const started = Date.now();
    expect(await jobs.waitFor(id as string, 600)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    const stats = (await jobs.stats()).find((s) => s.queue === name);
    expect(stats).toMatchObject({ waiting: 1, active: 0 });
    expect(stats?.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
    await jobs.check();
  });

  it('lets a running job finish on a graceful stop, and takes no job after it', async () => {
    const jobs = kind().make();
    const name = fresh('graceful');
    let finished = false;
    await jobs.work(
      name,
      async () => {
        await sleep(700);
        finished = true;
      },
      { concurrency: 1 },
    );
    await jobs.start();
    const id = await jobs.send(name, {});
    while ((await jobs.stats()).find((s) => s.queue === name)?.active !== 1) await sleep(50);
    await jobs.stop({ graceful: true, timeoutMs: 10_000 });
    expect(finished).toBe(true);
    expect(id).toEqual(expect.any(String));
    await expect(jobs.check()).rejects.toThrow('stopped');
  });
}

describe('the in-process job queue', () => {
  contract(() => ({ name: 'in-process', make: () => new InProcessQueue(log) }));

  it('runs a schedule at start and then on its interval, one at a time', async () => {
    expect(cronIntervalMs('* * * * *')).toBe(60_000);
    expect(cronIntervalMs('*/5 * * * *')).toBe(300_000);
    expect(cronIntervalMs('17 * * * *')).toBe(3_600_000);
    expect(() => cronIntervalMs('0 6 * * *')).toThrow('not "0 6 * * *"');
    const jobs = new InProcessQueue(log);
    made.push(jobs);
    let runs = 0;
    await jobs.work('tick', async () => void (runs += 1), { concurrency: 1 });
    await jobs.schedule('tick', '* * * * *');
    await jobs.schedule('hourly', '17 * * * *');
    expect(runs).toBe(0);
    await jobs.start();
    await sleep(50);
    expect(runs).toBe(1);
    // The hourly one waits for its hour.
    expect((await jobs.stats()).find((s) => s.queue === 'hourly')).toBeUndefined();
  });
});

describe.skipIf(!postgres)('the pg-boss job queue on PostgreSQL', () => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase({ name: 'postgres' });
    if (database.target.kind !== 'postgres') throw new Error('needs PostgreSQL');
    url = database.target.url;
  });
  afterAll(async () => database?.drop());

  const make = () =>
    new PgBossQueue({
      connectionString: url,
      log,
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
    });
  contract(() => ({ name: 'pg-boss', make }));

  it('keeps its jobs in its own schema and runs each once across two workers', async () => {
    const name = fresh('shared');
    const sender = make();
    const a = make();
    const b = make();
    made.push(sender, a, b);
    const ran: string[] = [];
    for (const [worker, label] of [
      [a, 'a'],
      [b, 'b'],
    ] as const)
      await worker.work(
        name,
        async () => {
          ran.push(label);
          await sleep(20);
        },
        { concurrency: 2 },
      );
    await Promise.all([a.start(), b.start()]);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, n) => sender.send(name, { n })));
    for (const id of ids) expect(await sender.waitFor(id as string, 20_000)).toBe('completed');
    expect(ran).toHaveLength(20);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`,
        [name],
      );
      expect(rows[0]?.n).toBe(20);
    } finally {
      await client.end();
    }
  });

  it('runs the job of a worker killed half way on another worker, once it expires', async () => {
    const name = fresh('killed');
    const sender = make();
    made.push(sender);
    const id = await sender.send(name, { page: 7 }, { expireInSeconds: 2, retryLimit: 1 });
    const child = fork(CHILD, [url, name], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [message] = (await once(child, 'message')) as [TakenJob];
    expect(message.taken).toBe(id);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    const [, signal] = (await exited) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');

    // Left active by the dead worker until it expires; then another worker runs it.
    const survivor = make();
    made.push(survivor);
    const seen: Array<{ id: string; data: unknown }> = [];
    await survivor.work(name, async (data, job) => void seen.push({ id: job.id, data }), {
      concurrency: 1,
    });
    await survivor.start();
    expect(await sender.waitFor(id as string, 20_000)).toBe('completed');
    expect(seen).toEqual([{ id, data: { page: 7 } }]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ retry_count: number; output: unknown }>(
        'select retry_count, output from pgboss.job where name = $1 and id = $2',
        [name, id],
      );
      // Taken twice: by the worker that died, then by the survivor.
      expect(rows[0]?.retry_count).toBe(1);
    } finally {
      await client.end();
    }
  });
});
