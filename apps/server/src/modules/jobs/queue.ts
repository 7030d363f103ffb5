// The job queue's contract (decision 0040): work that need not happen while a
// person waits is sent as a named job with a small JSON payload, and taken by
// whichever process works that queue. Two implementations keep one contract:
// pg-boss on PostgreSQL for a cluster (pg-boss-queue.ts), and this process on its
// own for the embedded database and a single server (in-process-queue.ts).

export interface SendOptions {
  /**
   * At most one job of this queue with this key waits at a time: a second send
   * while the first has not started returns null. A job already running does not
   * count, so work asked for while it runs is done once more after it. Without
   * a key every send is a job of its own; a schedule's jobs wait one at a time.
   */
  singletonKey?: string;
  /** Tries after the first that failed or ran out of time (default 2). */
  retryLimit?: number;
  /** Seconds before a failed job is tried again (default 0). */
  retryDelaySeconds?: number;
  /**
   * Seconds a job may run before it counts as failed and is offered again: also
   * how soon the job of a worker that died (killed, out of memory) runs elsewhere.
   */
  expireInSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of this queue this process runs at once. */
  concurrency: number;
  /** How often an idle worker asks for a job (queue mode; at least 0.5 s). */
  pollingIntervalSeconds?: number;
}

export interface JobInfo {
  id: string;
  name: string;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<unknown>;

/** How a job ended, or that the wait for it ran out first. */
export type JobOutcome = 'completed' | 'failed' | 'timeout';

export interface QueueStats {
  queue: string;
  /** Jobs waiting to start (new, or waiting to be tried again). */
  waiting: number;
  active: number;
  /** How long the oldest job that could start has waited; 0 when none. */
  oldestWaitingSeconds: number;
}

export interface StopOptions {
  /** Let running jobs finish (up to `timeoutMs`) instead of giving them up at once. */
  graceful: boolean;
  /** The bound on a graceful stop (default 30 s). */
  timeoutMs?: number;
}

export interface JobQueue {
  /** `in-process`: this process runs what it sends; `queue`: a worker process does. */
  readonly kind: 'in-process' | 'queue';
  /** The job's id, or null when one with the same singletonKey is already waiting. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs the queue's jobs in this process (registered before or after start). */
  work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions): Promise<void>;
  /** Sends the job on a cron schedule (minute granularity), once across every process. */
  schedule(name: string, cron: string, options?: SendOptions): Promise<void>;
  /** Waits for a job this process sent to end, at most `timeoutMs`. */
  waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome>;
  /** What the handler of a completed job this process sent returned (as JSON), else undefined. */
  result(jobId: string): Promise<unknown>;
  /** Throws when the queue cannot take or hand out jobs (readiness). */
  check(): Promise<void>;
  stats(): Promise<QueueStats[]>;
  start(): Promise<void>;
  stop(options: StopOptions): Promise<void>;
}

/** Defaults pg-boss itself applies, kept by the in-process queue too. */
export const DEFAULT_RETRY_LIMIT = 2;
export const DEFAULT_EXPIRE_IN_SECONDS = 15 * 60;
export const DEFAULT_STOP_TIMEOUT_MS = 30_000;
