// The jobs module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
// It imports no feature module: features are handed to it as handlers (job-handlers.ts).
export {
  JOBS,
  JOB_OPTIONS,
  JOB_SCHEDULES,
  assemblyJobs,
  rezoneJobs,
  tileJobs,
  type EditionAssembleData,
  type PageRezoneData,
  type PageTilesData,
} from './catalogue.ts';
export { InProcessQueue } from './in-process-queue.ts';
export { PgBossQueue } from './pg-boss-queue.ts';
export type { JobQueue } from './queue.ts';
