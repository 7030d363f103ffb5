// The job worker (`npm run worker`; docs/decisions/0040-jobs-and-worker.md): with
// JOB_RUNNER=queue the web servers only send jobs, and workers like this one run
// them: editions' assemblies, pages' zoom tiles, and the periodic ticks (renewals,
// contact mail retries, the release-time check, the media sweep), each once across
// every worker. It also watches the drop folder and seeds the demo editions of an
// empty database, one worker at a time. It serves no HTTP.
//
// SIGTERM (or SIGINT) stops it taking jobs and lets those running finish for up to
// STOP_GRACE_MS; what is still running then is handed back to the queue, to run
// again on another worker, and the process exits 0. A worker killed outright
// leaves its jobs active until they expire; pg-boss then offers them again.
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { Container } from './container.ts';
import { createLogger } from './logger.ts';

/** How long running jobs may finish after SIGTERM before they are handed back. */
const STOP_GRACE_MS = 25_000;
/** Past this, a shutdown that hangs (a stuck connection) ends the process anyway. */
const EXIT_DEADLINE_MS = STOP_GRACE_MS + 15_000;
/** A worker that found another one seeding looks again this often, in case that one died. */
const SEED_RETRY_MS = 60_000;
/** The advisory lock's key: one worker seeds at a time (hashtext gives a stable int). */
const SEED_LOCK_NAME = 'folio.demo-seed';

function configOrExit(): Config & { databaseUrl: string } {
  try {
    const config = loadConfig(process.env);
    if (config.jobRunner !== 'queue' || config.databaseUrl === undefined) {
      console.error(
        'The worker runs the jobs of JOB_RUNNER=queue, on PostgreSQL: set JOB_RUNNER=queue and DATABASE_URL. ' +
          'With JOB_RUNNER=in-process (the default) the server runs its jobs itself.',
      );
      process.exit(1);
    }
    return { ...config, databaseUrl: config.databaseUrl };
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Seeds the demo editions when no other worker holds the seed's advisory lock;
 * otherwise looks again later, until one run has found the seed done or done it.
 * The lock lives on a connection of its own, held for the seed, and goes with the
 * process when it dies.
 */
class DemoSeedTurn {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly container: Container,
    private readonly databaseUrl: string,
    private readonly closing: () => boolean,
  ) {}

  start(): void {
    void this.attempt();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async attempt(): Promise<void> {
    const { log, demoSeeder } = this.container;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    try {
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [SEED_LOCK_NAME],
      );
      if (rows[0]?.locked !== true) {
        log.info('another worker is seeding the demo editions');
        await client.end();
        this.later();
        return;
      }
      const result = await demoSeeder.seedIfEmpty();
      if (result.seeded) log.info({ issues: result.issues }, 'demo editions seeded');
      // Ending the session frees the lock.
      await client.end();
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!this.closing())
        log.error({ err: error }, 'demo seed failed; the workers go on with their jobs');
    }
  }

  private later(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.attempt(), SEED_RETRY_MS);
    this.timer.unref();
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const log = createLogger(config);
  const { openPreparedContainer } = await import('./startup.ts');
  const { registerJobs } = await import('./job-handlers.ts');
  const container = await openPreparedContainer(config, log);
  let closing = false;
  const seed = config.seedDemo
    ? new DemoSeedTurn(container, config.databaseUrl, () => closing)
    : undefined;

  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'worker stopping: no new jobs, running ones may finish');
    setTimeout(() => {
      log.error({ deadlineMs: EXIT_DEADLINE_MS }, 'worker shutdown hung; exiting');
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    try {
      seed?.stop();
      await container.dropFolder?.stop();
      await container.jobs.stop({ graceful: true, timeoutMs: STOP_GRACE_MS });
      await container.assembly.stop();
      container.brandSettings.stop();
      await container.changes.stop();
      const { closeRenderPools } = await import('@folio/ingest');
      await closeRenderPools();
      await container.db.destroy();
      log.info('worker stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The caches the jobs read (the desk's brand choices) follow edits made on any server.
  await container.changes.start();
  await container.brandSettings.refresh();
  container.brandSettings.start((error) =>
    log.error({ err: error }, "could not read the desk's brand settings"),
  );
  await registerJobs(container);
  await container.jobs.start();
  await container.dropFolder?.start();
  seed?.start();
  log.info({ pid: process.pid }, 'worker ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
