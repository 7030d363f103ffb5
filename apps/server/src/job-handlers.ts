// Which code runs each job (docs/decisions/0040-jobs-and-worker.md), for the
// process that runs them: the worker (worker.ts) with JOB_RUNNER=queue, or the
// server itself (main.ts) with JOB_RUNNER=in-process, whose queue then only ever
// carries the periodic ones (it assembles editions and renders tiles directly).
import type { Container } from './container.ts';
import {
  JOBS,
  JOB_OPTIONS,
  JOB_SCHEDULES,
  type EditionAssembleData,
  type PageRezoneData,
  type PageTilesData,
} from './modules/jobs/index.ts';

/**
 * Registers every job's handler on the container's queue and its schedules, to
 * run once the queue starts. Render-heavy jobs run two at a time (a worker's
 * render pool has a process per core); the periodic ones one at a time, and
 * each holds a lease or claims its rows, so two workers never do the same work.
 */
export async function registerJobs(container: Container): Promise<void> {
  const { jobs, log } = container;
  await jobs.work<EditionAssembleData>(
    JOBS.editionAssemble,
    ({ brand, date, editionNumber, now }) =>
      container.assembly.runJob({ brand, date, editionNumber }, { now }),
    { concurrency: 2 },
  );
  // A reader is waiting: idle workers ask for tiles twice a second.
  await jobs.work<PageTilesData>(
    JOBS.pageTiles,
    ({ folder, pageNo }) => container.media.makePageTiles(folder, pageNo),
    { concurrency: 2, pollingIntervalSeconds: 0.5 },
  );
  // An editor waits for the answer; the job returns it (or the editor's refusal).
  await jobs.work<PageRezoneData>(JOBS.pageRezone, (data) => container.zoning.saveJob(data), {
    concurrency: 1,
    pollingIntervalSeconds: 0.5,
  });
  await jobs.work(JOBS.renewalsTick, () => container.renewals.runOnce(), { concurrency: 1 });
  await jobs.work(
    JOBS.contactRetry,
    async () => {
      const report = await container.contact.deliverDue();
      if (report.sent + report.retrying + report.failed > 0)
        log.info(report, 'contact mail retries run');
    },
    { concurrency: 1 },
  );
  await jobs.work(JOBS.releaseTick, () => container.assembly.tick(), { concurrency: 1 });
  // Runs old enough that no publish can still be writing them (6 hours, media-sweep.ts).
  await jobs.work(JOBS.mediaSweep, () => container.mediaSweep.sweepOrphans(), { concurrency: 1 });
  for (const { name, cron } of JOB_SCHEDULES) await jobs.schedule(name, cron, JOB_OPTIONS[name]);
}
