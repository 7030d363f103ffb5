// The job queue of a single server (JOB_RUNNER=in-process, always on PGlite): this
// process runs what it sends, with pg-boss's contract kept where it matters, so
// the same handlers run either way: a job waiting with a singletonKey takes no
// second one, a failed or timed-out job is tried again up to its retryLimit, and a
// schedule fires on an interval (minute granularity; a minute's first at start,
// like the ticks it stands for). Nothing outlives the process: a restart starts afresh,
// as every periodic job's next run picks up what the last one left.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_EXPIRE_IN_SECONDS,
  DEFAULT_RETRY_LIMIT,
  DEFAULT_STOP_TIMEOUT_MS,
  type JobHandler,
  type JobOutcome,
  type JobQueue,
  type QueueStats,
  type SendOptions,
  type StopOptions,
  type WorkOptions,
} from './queue.ts';

interface Job {
  id: string;
  name: string;
  data: object;
  key: string | undefined;
  retryLimit: number;
  retryDelayMs: number;
  expireMs: number;
  /** Tries started so far. */
  tries: number;
  state: 'waiting' | 'active';
  /** When it may start (a retry waits its delay). */
  readyAt: number;
  settle: (outcome: Exclude<JobOutcome, 'timeout'>) => void;
  done: Promise<Exclude<JobOutcome, 'timeout'>>;
}

interface Worker {
  handler: JobHandler<object>;
  concurrency: number;
}

/** Outcomes kept for waitFor after a job ended (oldest dropped first). */
const KEPT_OUTCOMES = 1000;

/** Milliseconds between runs of a cron with minute granularity; only the forms Folio uses. */
export function cronIntervalMs(cron: string): number {
  const fields = cron.trim().split(/\s+/);
  const [minute, ...rest] = fields;
  if (fields.length === 5 && minute !== undefined) {
    const everyHour = rest.every((field) => field === '*');
    if (everyHour && minute === '*') return 60_000;
    const step = /^\*\/([1-9]\d?)$/.exec(minute);
    if (everyHour && step) return Number(step[1]) * 60_000;
    if (everyHour && /^[0-5]?\d$/.test(minute)) return 60 * 60_000;
  }
  throw new Error(
    `the in-process queue runs "* * * * *", "*/N * * * *" and "M * * * *" only, not "${cron}"`,
  );
}

export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly workers = new Map<string, Worker>();
  private readonly waiting = new Map<string, Job[]>();
  private readonly active = new Map<string, Set<Job>>();
  private readonly jobs = new Map<string, Job>();
  private readonly ended = new Map<
    string,
    { outcome: Exclude<JobOutcome, 'timeout'>; output: unknown }
  >();
  private readonly schedules: Array<{ name: string; everyMs: number; options: SendOptions }> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = false;
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  async send<T extends object>(
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    if (this.stopped) throw new Error('the job queue is stopped');
    const queue = this.waitingOf(name);
    const key = options.singletonKey;
    if (key !== undefined && queue.some((job) => job.key === key)) return null;
    let settle: Job['settle'] = () => undefined;
    const done = new Promise<Exclude<JobOutcome, 'timeout'>>((resolve) => (settle = resolve));
    const job: Job = {
      id: randomUUID(),
      name,
      data,
      key,
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelayMs: (options.retryDelaySeconds ?? 0) * 1000,
      expireMs: (options.expireInSeconds ?? DEFAULT_EXPIRE_IN_SECONDS) * 1000,
      tries: 0,
      state: 'waiting',
      readyAt: Date.now(),
      settle,
      done,
    };
    queue.push(job);
    this.jobs.set(job.id, job);
    this.pump(name);
    return job.id;
  }

  async work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options: WorkOptions,
  ): Promise<void> {
    this.workers.set(name, {
      handler: handler as JobHandler<object>,
      concurrency: Math.max(1, options.concurrency),
    });
    this.pump(name);
  }

  async schedule(name: string, cron: string, options: SendOptions = {}): Promise<void> {
    const entry = { name, everyMs: cronIntervalMs(cron), options };
    this.schedules.push(entry);
    if (this.running) this.startSchedule(entry);
  }

  async waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome> {
    const ended = this.ended.get(jobId);
    if (ended) return ended.outcome;
    const job = this.jobs.get(jobId);
    if (!job) throw new Error(`no job ${jobId} was sent through this queue`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      return await Promise.race([job.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async result(jobId: string): Promise<unknown> {
    return this.ended.get(jobId)?.output;
  }

  async check(): Promise<void> {
    if (this.stopped) throw new Error('the job queue is stopped');
  }

  async stats(): Promise<QueueStats[]> {
    const now = Date.now();
    const names = new Set([...this.workers.keys(), ...this.waiting.keys(), ...this.active.keys()]);
    return [...names].sort().map((queue) => {
      const waiting = this.waiting.get(queue) ?? [];
      const ready = waiting.filter((job) => job.readyAt <= now);
      const oldest = Math.min(now, ...ready.map((job) => job.readyAt));
      return {
        queue,
        waiting: waiting.length,
        active: this.active.get(queue)?.size ?? 0,
        oldestWaitingSeconds: Math.round((now - oldest) / 1000),
      };
    });
  }

  async start(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    for (const entry of this.schedules) this.startSchedule(entry);
    for (const name of this.workers.keys()) this.pump(name);
  }

  async stop({ graceful, timeoutMs = DEFAULT_STOP_TIMEOUT_MS }: StopOptions): Promise<void> {
    if (this.stopped) return;
    this.running = false;
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const running = [...this.active.values()].flatMap((set) => [...set].map((job) => job.done));
    if (graceful && running.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(running),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    // What never started is given up: the periodic jobs' next run covers it.
    for (const queue of this.waiting.values())
      for (const job of queue.splice(0)) this.finish(job, 'failed');
  }

  private startSchedule(entry: { name: string; everyMs: number; options: SendOptions }): void {
    const fire = () => {
      this.send(entry.name, {}, { ...entry.options, singletonKey: entry.name }).catch(
        (error: unknown) => this.log.error({ err: error, job: entry.name }, 'could not send a job'),
      );
    };
    const timer = setInterval(fire, entry.everyMs);
    timer.unref();
    this.timers.add(timer);
    // The minute ticks run at once, as they did when they were timers of their own.
    if (entry.everyMs <= 60_000) fire();
  }

  private waitingOf(name: string): Job[] {
    let queue = this.waiting.get(name);
    if (!queue) this.waiting.set(name, (queue = []));
    return queue;
  }

  private activeOf(name: string): Set<Job> {
    let set = this.active.get(name);
    if (!set) this.active.set(name, (set = new Set()));
    return set;
  }

  /** Starts the queue's ready jobs while its worker has room. */
  private pump(name: string): void {
    const worker = this.workers.get(name);
    if (!this.running || !worker) return;
    const queue = this.waitingOf(name);
    const active = this.activeOf(name);
    const now = Date.now();
    while (active.size < worker.concurrency) {
      const at = queue.findIndex((job) => job.readyAt <= now);
      if (at < 0) return;
      const [job] = queue.splice(at, 1);
      if (job) void this.run(job, worker, active);
    }
  }

  private async run(job: Job, worker: Worker, active: Set<Job>): Promise<void> {
    job.state = 'active';
    job.tries += 1;
    active.add(job);
    let timer: NodeJS.Timeout | undefined;
    try {
      const output = await Promise.race([
        worker.handler(job.data, { id: job.id, name: job.name }),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the job ran longer than ${job.expireMs} ms`)),
            job.expireMs,
          );
        }),
      ]);
      // Kept as pg-boss keeps it: as JSON.
      this.finish(
        job,
        'completed',
        output === undefined ? undefined : JSON.parse(JSON.stringify(output)),
      );
    } catch (error) {
      const again = job.tries <= job.retryLimit && !this.stopped;
      this.log.error(
        { err: error, job: job.name, jobId: job.id, tries: job.tries },
        again ? 'a job failed; it will be tried again' : 'a job failed for good',
      );
      if (again) {
        job.state = 'waiting';
        job.readyAt = Date.now() + job.retryDelayMs;
        this.waitingOf(job.name).push(job);
        const later = setTimeout(() => {
          this.timers.delete(later);
          this.pump(job.name);
        }, job.retryDelayMs);
        later.unref();
        this.timers.add(later);
      } else this.finish(job, 'failed');
    } finally {
      clearTimeout(timer);
      active.delete(job);
      this.pump(job.name);
    }
  }

  private finish(job: Job, outcome: Exclude<JobOutcome, 'timeout'>, output?: unknown): void {
    this.jobs.delete(job.id);
    this.ended.set(job.id, { outcome, output });
    if (this.ended.size > KEPT_OUTCOMES) {
      const oldest = this.ended.keys().next().value;
      if (oldest !== undefined) this.ended.delete(oldest);
    }
    job.settle(outcome);
  }
}
