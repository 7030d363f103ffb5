// Every job Folio sends, with the data it carries and how it is retried and timed
// out (decision 0040). A job's work must be safe to do twice: a worker killed
// mid-job has its job offered again once `expireInSeconds` has passed, and a job
// that ran out of time may still be finishing when its next try starts. So every
// handler is idempotent or claims its rows in the database first (the renewal
// lease, contact mail claims, assembly and release-check turns), and publishing
// writes under a fresh run prefix before one transaction swaps it in.
import type { JobQueue, JobOutcome, SendOptions } from './queue.ts';

export const JOBS = {
  /** Assembles an edition from its pages (the night desk), on a worker. */
  editionAssemble: 'edition.assemble',
  /** A page's deep-zoom tiles, rendered from its PDF the first time a reader zooms. */
  pageTiles: 'page.tiles',
  /** The zoning editor's save: the page read again within the new boxes, then swapped in. */
  pageRezone: 'page.rezone',
  /** Lost payment answers, unsent receipts, ledger reconciling, renewals, grace and expiry. */
  renewalsTick: 'renewals.tick',
  /** Contact form mails whose earlier attempt failed. */
  contactRetry: 'contact.retry',
  /** The night desk's release-time check. */
  releaseTick: 'release.tick',
  /** Media no issue points at any more (a publish that died half way). */
  mediaSweep: 'media.sweep',
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

export interface EditionAssembleData {
  brand: string;
  date: string;
  editionNumber: number;
  /** An editor's "release now": the gate reads the edition even with pages missing. */
  now: boolean;
}

export interface PageTilesData {
  /** The page's media folder, ending in "/". */
  folder: string;
  pageNo: number;
}

export interface PageRezoneData {
  brand: string;
  date: string;
  editionNumber: number;
  pageNo: number;
  /** The editor's boxes and the revision they were drawn on (ZoningSave). */
  change: object;
}

/** How each job is tried: a bound on its run (after which it is offered again) and its retries. */
export const JOB_OPTIONS: Record<JobName, SendOptions> = {
  // An edition of 24 pages reads and renders in a few minutes, its later images
  // after; the assembly turn (incoming-repo) frees itself after 10 minutes.
  [JOBS.editionAssemble]: { expireInSeconds: 15 * 60, retryLimit: 3, retryDelaySeconds: 10 },
  // The render pool gives one page 60 s; a reader waits about 25 s for the answer.
  [JOBS.pageTiles]: { expireInSeconds: 60, retryLimit: 2, retryDelaySeconds: 1 },
  // Redone after a worker died only if its swap did not happen: the revision the
  // editor drew on is checked again, under the page's lock.
  [JOBS.pageRezone]: { expireInSeconds: 120, retryLimit: 1 },
  // The ticks run again within a minute anyway: no retry is worth more than the next run.
  [JOBS.renewalsTick]: { expireInSeconds: 10 * 60, retryLimit: 1 },
  [JOBS.contactRetry]: { expireInSeconds: 5 * 60, retryLimit: 1 },
  [JOBS.releaseTick]: { expireInSeconds: 5 * 60, retryLimit: 1 },
  [JOBS.mediaSweep]: { expireInSeconds: 30 * 60, retryLimit: 1 },
};

/** When the periodic jobs run (UTC cron; every minute, the sweep hourly). */
export const JOB_SCHEDULES: Array<{ name: JobName; cron: string }> = [
  { name: JOBS.renewalsTick, cron: '* * * * *' },
  { name: JOBS.contactRetry, cron: '* * * * *' },
  { name: JOBS.releaseTick, cron: '* * * * *' },
  { name: JOBS.mediaSweep, cron: '17 * * * *' },
];

/** Queue mode: sends an edition's assembly to a worker; one waits per edition (and one "release now"). */
export function assemblyJobs(queue: JobQueue) {
  return async (key: { brand: string; date: string; editionNumber: number }, now: boolean) => {
    const data: EditionAssembleData = { ...key, now };
    const singletonKey = `${key.brand}/${key.date}/${key.editionNumber}${now ? '/now' : ''}`;
    await queue.send(JOBS.editionAssemble, data, {
      ...JOB_OPTIONS[JOBS.editionAssemble],
      singletonKey,
    });
  };
}

/**
 * Queue mode: asks a worker for a page's tiles and waits for the job, or, when
 * another request's job is already waiting, answers `queued` at once (the caller
 * watches the storage for the tiles instead).
 */
export function tileJobs(queue: JobQueue) {
  return async (page: PageTilesData, timeoutMs: number): Promise<JobOutcome | 'queued'> => {
    const id = await queue.send(JOBS.pageTiles, page, {
      ...JOB_OPTIONS[JOBS.pageTiles],
      singletonKey: `${page.folder}${page.pageNo}`,
    });
    return id === null ? 'queued' : queue.waitFor(id, timeoutMs);
  };
}

/**
 * Queue mode: sends the zoning editor's save to a worker and waits up to
 * `timeoutMs`; a completed job's answer is what its handler returned.
 */
export function rezoneJobs(queue: JobQueue) {
  return async (
    data: PageRezoneData,
    timeoutMs: number,
  ): Promise<{ outcome: 'completed'; output: unknown } | { outcome: 'failed' | 'timeout' }> => {
    const id = await queue.send(JOBS.pageRezone, data, JOB_OPTIONS[JOBS.pageRezone]);
    if (id === null) return { outcome: 'failed' };
    const outcome = await queue.waitFor(id, timeoutMs);
    return outcome === 'completed' ? { outcome, output: await queue.result(id) } : { outcome };
  };
}
