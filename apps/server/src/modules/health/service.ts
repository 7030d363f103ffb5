// What the balancer asks (docs/decisions/0038-operations.md). /healthz: is the
// process alive? It touches nothing, so a slow database never gets a live server
// restarted. /readyz: should traffic come here? The database, the media storage
// and the job queue each answer within CHECK_TIMEOUT_MS (asked at once), and the
// server is not shutting down; otherwise 503, saying what failed, so the balancer
// routes elsewhere until it recovers. Both keep reporting the demo seed's progress,
// which the web app reads.
import type { DemoSeedProgress } from '../editions/index.ts';
import type { HealthRepo } from './repo.ts';

/** How long one dependency may take to answer before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2000;

/** A dependency that throws when it cannot be reached. */
export interface Checkable {
  check(): Promise<void>;
}

export interface ReadinessDeps {
  /** The media store (local folder or S3). */
  storage?: Checkable;
  /** The job queue, when jobs run through one; absent: reported as `none`. */
  jobs?: Checkable;
}

export type CheckResult = 'ok' | 'failed';

export interface ReadinessChecks {
  database: CheckResult;
  storage: CheckResult | 'none';
  queue: CheckResult | 'none';
}

export interface Readiness {
  /** What is wrong; undefined when the server is ready. */
  message: string | undefined;
  checks: ReadinessChecks;
  demoSeed: DemoSeedProgress;
}

const NAMES: Record<keyof ReadinessChecks, string> = {
  database: 'Database',
  storage: 'Media storage',
  queue: 'Job queue',
};

async function within(work: () => Promise<void>, ms: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export class HealthService {
  private draining = false;

  constructor(
    private readonly repo: HealthRepo,
    // Issue 28 part 3: a cluster's web server reads it from the database (decision 0040).
    private readonly seedProgress: () => DemoSeedProgress | Promise<DemoSeedProgress>,
    private readonly deps: ReadinessDeps = {},
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  /** Liveness: answering at all is the proof. */
  alive(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** From now on /readyz says 503, so the balancer stops sending requests (SIGTERM). */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async readiness(): Promise<Readiness> {
    const { storage, jobs } = this.deps;
    const [database, storageResult, queue] = await Promise.all([
      within(() => this.repo.ping(), this.timeoutMs),
      storage ? within(() => storage.check(), this.timeoutMs) : ('none' as const),
      jobs ? within(() => jobs.check(), this.timeoutMs) : ('none' as const),
    ]);
    const checks: ReadinessChecks = { database, storage: storageResult, queue };
    const failed = (Object.keys(NAMES) as (keyof ReadinessChecks)[])
      .filter((name) => checks[name] === 'failed')
      .map((name) => NAMES[name]);
    const message = this.draining
      ? 'Shutting down'
      : failed.length > 0
        ? `${failed.join(', ')} unavailable`
        : undefined;
    return { message, checks, demoSeed: await this.seedProgress() };
  }
}
