// The job queue of a cluster (JOB_RUNNER=queue): pg-boss 10 in its own schema on
// the same PostgreSQL database. A job is a row; a worker takes it with SELECT ...
// FOR UPDATE SKIP LOCKED, so each runs once however many workers ask. A job still
// active past its expireInSeconds (its worker was killed) is failed by pg-boss's
// maintenance and offered again while it has retries left. Every queue is made
// with the `short` policy: one job per singletonKey may wait, any number may run
// (the `singleton` and `stately` policies would make a waiting job whose key is
// running block every job behind it in the same queue). `short` counts a job sent
// without a key under the empty key, one waiting per queue: what the cron's own
// jobs want (ticks never pile up while no worker runs), so a job sent here
// without a key gets a key of its own.
//
// Web servers only send: their pg-boss runs no maintenance and no cron. A worker
// registers its handlers and schedules before start(), which turns both on.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import {
  DEFAULT_STOP_TIMEOUT_MS,
  type JobHandler,
  type JobOutcome,
  type JobQueue,
  type QueueStats,
  type SendOptions,
  type StopOptions,
  type WorkOptions,
} from './queue.ts';

export interface PgBossQueueOptions {
  connectionString: string;
  log: FastifyBaseLogger;
  /** pg-boss's schema (default `pgboss`). */
  schema?: string;
  /** Connections pg-boss may hold (default 4). */
  poolSize?: number;
  /** How often a worker's pg-boss fails jobs past their time, so they are offered again (default 30 s). */
  maintenanceIntervalSeconds?: number;
  /** How often an idle worker asks for a job, unless its work() says (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often a worker's pg-boss looks for schedules that are due (default 30 s). */
  cronMonitorIntervalSeconds?: number;
}

/** How often waitFor reads a job's state. */
const WAIT_POLL_MS = 250;
/** Tries at creating a queue that another process may be creating at the same moment. */
const QUEUE_CREATE_ATTEMPTS = 5;
/** Job ids this process sent, remembered for waitFor (pg-boss finds a job by queue and id). */
const KEPT_JOB_NAMES = 10_000;

type Registration =
  | { kind: 'work'; name: string; handler: JobHandler<object>; options: WorkOptions }
  | { kind: 'schedule'; name: string; cron: string; options: SendOptions };

const sendOptionsOf = (options: SendOptions): PgBoss.SendOptions => ({
  ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
  ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
  ...(options.retryDelaySeconds !== undefined && { retryDelay: options.retryDelaySeconds }),
  ...(options.expireInSeconds !== undefined && { expireInSeconds: options.expireInSeconds }),
});

export class PgBossQueue implements JobQueue {
  readonly kind = 'queue';
  private boss: PgBoss | undefined;
  private starting: Promise<PgBoss> | undefined;
  private stopped = false;
  private readonly pending: Registration[] = [];
  private readonly queues = new Map<string, Promise<void>>();
  private readonly names = new Map<string, string>();
  private readonly schema: string;

  constructor(private readonly options: PgBossQueueOptions) {
    this.schema = options.schema ?? 'pgboss';
  }

  /**
   * Connects (creating or migrating pg-boss's schema), then starts what was
   * registered. A process that registered nothing only sends: no maintenance, no cron.
   */
  start(): Promise<void> {
    return this.started().then(() => undefined);
  }

  private started(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.starting ??= this.connect().catch((error: unknown) => {
      // A database that was down at first may be up at the next call.
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async connect(): Promise<PgBoss> {
    const { log } = this.options;
    const runs = this.pending.length > 0;
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: this.schema,
      max: this.options.poolSize ?? 4,
      application_name: runs ? 'folio-worker' : 'folio-web',
      supervise: runs,
      schedule: runs,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 30,
      cronMonitorIntervalSeconds: this.options.cronMonitorIntervalSeconds ?? 30,
      ...(this.options.pollingIntervalSeconds !== undefined && {
        pollingIntervalSeconds: this.options.pollingIntervalSeconds,
      }),
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const registration of this.pending.splice(0)) await this.apply(boss, registration);
    return boss;
  }

  private async apply(boss: PgBoss, registration: Registration): Promise<void> {
    await this.ensureQueue(boss, registration.name);
    if (registration.kind === 'schedule') {
      await boss.schedule(
        registration.name,
        registration.cron,
        {},
        {
          ...sendOptionsOf(registration.options),
          tz: 'UTC',
        },
      );
      return;
    }
    const { name, handler, options } = registration;
    for (let slot = 0; slot < Math.max(1, options.concurrency); slot += 1)
      await boss.work<object>(
        name,
        {
          batchSize: 1,
          ...(options.pollingIntervalSeconds !== undefined && {
            pollingIntervalSeconds: options.pollingIntervalSeconds,
          }),
        },
        // One job a fetch: what its handler returns is kept as the job's output.
        async ([job]) => (job ? handler(job.data, { id: job.id, name: job.name }) : undefined),
      );
  }

  /** Made once per process; pg-boss 10 takes no job for a queue that was not created. */
  private ensureQueue(boss: PgBoss, name: string): Promise<void> {
    let made = this.queues.get(name);
    if (!made) {
      made = this.createQueue(boss, name).catch((error: unknown) => {
        this.queues.delete(name);
        throw error;
      });
      this.queues.set(name, made);
    }
    return made;
  }

  /**
   * Creating a queue attaches a partition to pg-boss's job table; two processes
   * creating queues at once (servers and workers starting together) can deadlock
   * there, and PostgreSQL aborts one: it tries again, and finds the queue made.
   */
  private async createQueue(boss: PgBoss, name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await boss.getQueue(name)) return;
        await boss.createQueue(name, { name, policy: 'short' });
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  async send<T extends object>(
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    const boss = await this.started();
    await this.ensureQueue(boss, name);
    const id = await boss.send(name, data, {
      ...sendOptionsOf(options),
      singletonKey: options.singletonKey ?? `job-${randomUUID()}`,
    });
    if (id !== null) {
      this.names.set(id, name);
      if (this.names.size > KEPT_JOB_NAMES) {
        const oldest = this.names.keys().next().value;
        if (oldest !== undefined) this.names.delete(oldest);
      }
    }
    return id;
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions,
  ): Promise<void> {
    const registration: Registration = {
      kind: 'work',
      name,
      handler: handler as JobHandler<object>,
      options,
    };
    if (this.boss) await this.apply(this.boss, registration);
    else this.pending.push(registration);
  }

  async schedule(name: string, cron: string, options: SendOptions = {}): Promise<void> {
    const registration: Registration = { kind: 'schedule', name, cron, options };
    if (this.boss) await this.apply(this.boss, registration);
    else this.pending.push(registration);
  }

  async waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome> {
    const name = this.names.get(jobId);
    if (name === undefined) throw new Error(`no job ${jobId} was sent through this queue`);
    const boss = await this.started();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await boss.getJobById(name, jobId, { includeArchive: true });
      // Gone from both tables: it ended long enough ago to be deleted.
      if (!job || job.state === 'failed' || job.state === 'cancelled') return 'failed';
      if (job.state === 'completed') return 'completed';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_POLL_MS, left)));
    }
  }

  async result(jobId: string): Promise<unknown> {
    const name = this.names.get(jobId);
    if (name === undefined) throw new Error(`no job ${jobId} was sent through this queue`);
    const boss = await this.started();
    const job = await boss.getJobById(name, jobId, { includeArchive: true });
    return job?.state === 'completed' ? (job.output ?? undefined) : undefined;
  }

  async check(): Promise<void> {
    const boss = await this.started();
    const answer = await boss.getDb().executeSql('select 1', []);
    if (!answer) throw new Error('the job queue is stopped');
  }

  async stats(): Promise<QueueStats[]> {
    const boss = await this.started();
    // pg-boss's own tables, read as they are laid out in its version 10 schema.
    const answer = await boss.getDb().executeSql(
      `select q.name as queue,
         count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
         count(j.id) filter (where j.state = 'active')::int as active,
         coalesce(extract(epoch from now() - min(j.start_after)
           filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8
           as oldest
       from ${this.schema}.queue q
       left join ${this.schema}.job j on j.name = q.name
       where q.name not like '\\_\\_pgboss\\_\\_%'
       group by q.name
       order by q.name`,
      [],
    );
    if (!answer) throw new Error('the job queue is stopped');
    return (
      answer.rows as Array<{ queue: string; waiting: number; active: number; oldest: number }>
    ).map((row) => ({
      queue: row.queue,
      waiting: row.waiting,
      active: row.active,
      oldestWaitingSeconds: Math.round(row.oldest),
    }));
  }

  /**
   * Stops taking jobs; a graceful stop lets running ones finish up to the bound,
   * then fails what is left (pg-boss offers it again, to another worker).
   */
  async stop({ graceful, timeoutMs = DEFAULT_STOP_TIMEOUT_MS }: StopOptions): Promise<void> {
    this.stopped = true;
    const boss = await this.starting?.catch(() => undefined);
    if (!boss) return;
    await boss.stop({ graceful, timeout: timeoutMs, wait: true, close: true });
  }
}
