// Removes media no issue refers to (docs/decisions/0037). Every publish writes its
// files under a run prefix, editions/{brand}/{date}/{edition}/{run}/, and swaps the
// issue's rows to it in one transaction; the run it replaced, or its own run when
// it fails, is deleted afterwards. A process killed in between leaves that run
// behind: never served (no row names it), only stored. The sweep finds such runs
// and deletes them once they are old enough that no publish can still be writing
// them.
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from '../media/index.ts';
import type { IssueRepo } from './issue-repo.ts';

/** Where every issue's media lives. */
const EDITIONS_PREFIX = 'editions/';
/**
 * The desk's pages, kept by their file's hash beside the runs
 * (publish-service.ts keptPageFolder): no issue row names them, and the desk
 * removes them itself, so they are not runs.
 */
const KEPT_PAGES_FOLDER = 'pages';
/** editions / brand / date / edition / run: the segments of a run prefix. */
const RUN_SEGMENTS = 5;

/**
 * An ingest of a whole edition takes minutes, its follow-up (zoom images, AVIF
 * previews) some more; a run whose newest file is 6 hours old is no longer written.
 */
export const DEFAULT_SWEEP_AGE_MS = 6 * 60 * 60 * 1000;

export interface SweepOptions {
  /** Leave runs written to more recently than this; default 6 hours. */
  olderThanMs?: number;
}

export interface SweepResult {
  /** Objects listed under editions/. */
  scannedObjects: number;
  /** Runs an issue refers to. */
  liveRuns: number;
  /** Orphaned runs written to too recently to remove (maybe a publish in progress). */
  youngRuns: number;
  /** Orphaned runs removed, and their objects. */
  removedRuns: number;
  removedObjects: number;
  /** Orphaned runs whose removal failed (logged; the next sweep tries again). */
  failedRuns: number;
}

interface Run {
  objects: number;
  newest: number;
}

export class MediaSweep {
  constructor(
    private readonly storage: MediaStorage,
    private readonly issues: IssueRepo,
    private readonly log: FastifyBaseLogger,
    /**
     * The store's time, which its objects' dates are in: the real clock, never a
     * development clock moved by hand.
     */
    private readonly clock: () => number = Date.now,
  ) {}

  async sweepOrphans(options: SweepOptions = {}): Promise<SweepResult> {
    const olderThanMs = options.olderThanMs ?? DEFAULT_SWEEP_AGE_MS;
    const runs = new Map<string, Run>();
    let scannedObjects = 0;
    for await (const object of this.storage.list(EDITIONS_PREFIX)) {
      scannedObjects += 1;
      const segments = object.key.split('/');
      if (segments.length <= RUN_SEGMENTS || segments[RUN_SEGMENTS - 1] === KEPT_PAGES_FOLDER)
        continue;
      const prefix = `${segments.slice(0, RUN_SEGMENTS).join('/')}/`;
      const run = runs.get(prefix) ?? { objects: 0, newest: 0 };
      run.objects += 1;
      run.newest = Math.max(run.newest, object.lastModified.getTime());
      runs.set(prefix, run);
    }
    // Read after the listing: a run swapped in while it was listed counts as live.
    const live = await this.issues.liveMediaPrefixes();
    const result: SweepResult = {
      scannedObjects,
      liveRuns: 0,
      youngRuns: 0,
      removedRuns: 0,
      removedObjects: 0,
      failedRuns: 0,
    };
    const cutoff = this.clock() - olderThanMs;
    for (const [prefix, run] of runs) {
      if (live.has(prefix)) {
        result.liveRuns += 1;
      } else if (run.newest > cutoff) {
        result.youngRuns += 1;
      } else {
        try {
          await this.storage.deletePrefix(prefix);
          result.removedRuns += 1;
          result.removedObjects += run.objects;
        } catch (error) {
          result.failedRuns += 1;
          this.log.warn({ err: error, keyPrefix: prefix }, 'could not remove orphaned media');
        }
      }
    }
    if (result.removedRuns > 0 || result.failedRuns > 0)
      this.log.info({ sweep: result }, 'swept orphaned media');
    return result;
  }
}
