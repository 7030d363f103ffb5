// Production entry: configure, migrate, seed demo content on an empty database in
// the background, listen, and shut down cleanly on SIGTERM/SIGINT.
//
// A first start is timed from the process's start to today's front page on screen
// (bench/startup.bench.ts), so this file loads little before it has something to
// do: on a fresh PGlite data folder a render worker starts at once and typesets
// the landing issue's front page (demo-seed-head-start.ts), while the rest of the
// server's code loads and the database is copied from its migrated template
// (db/pglite-template.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { chooseLogFormat, createLogger, prettyDestination } from './logger.ts';
import { closeWithin, SHUTDOWN_GRACE_MS } from './http/shutdown.ts';

/** Connections the kernel queues before Folio accepts them. */
const LISTEN_BACKLOG = 4096;

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function loggerOrExit(config: Config) {
  try {
    const format = chooseLogFormat(process.env, process.stdout.isTTY === true, config.nodeEnv);
    return {
      pretty: format === 'pretty',
      log: createLogger(
        config,
        format === 'pretty' ? prettyDestination(process.stdout) : undefined,
      ),
    };
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** The landing issue's head start, on a first start of the embedded database only. */
async function headStartIfFirst(config: Config) {
  const pglite = path.join(config.dataDir, 'pglite');
  if (!config.seedDemo || config.databaseUrl || existsSync(path.join(pglite, 'PG_VERSION')))
    return undefined;
  // A render worker starts loading now, at the server's priority, on the other core.
  const { hurryRenderWorkers } = await import('@folio/ingest/hurry');
  const relax = hurryRenderWorkers();
  const { DEFAULT_DEMO_PLAN, landingSpec, startLandingHeadStart } =
    await import('./modules/editions/index.ts');
  return startLandingHeadStart(
    landingSpec(config.brand, config.publisherTz, new Date(), DEFAULT_DEMO_PLAN.pagesPerIssue),
    relax,
  );
}

async function main(): Promise<void> {
  const config = configOrExit();
  const { log, pretty } = loggerOrExit(config);
  const headStart = await headStartIfFirst(config);
  const { openPreparedContainer, warnWhenDevelopmentIsReachable } = await import('./startup.ts');
  const { buildApp } = await import('./app.ts');
  warnWhenDevelopmentIsReachable(config, log);
  const container = await openPreparedContainer(config, log);
  let closing = false;
  // The seed starts before the server listens: its first step, the front page's
  // rendering, runs in a worker while the routes are registered. The site is up
  // at once and shows each demo edition as it is published (today's front page
  // first); GET /readyz says how far the seed is. Rendering runs in worker
  // processes, so serving stays quick meanwhile.
  // In a cluster (JOB_RUNNER=queue, decision 0040) a worker seeds, one at a time.
  if (config.seedDemo && config.jobRunner === 'in-process') {
    container.demoSeeder
      .seedIfEmpty(headStart)
      .then((result) => {
        if (pretty && result.seeded)
          log.info(`All ${result.issues} demo editions are in. Folio is at ${config.publicUrl}`);
      })
      .catch((error: unknown) => {
        if (!closing)
          log.error(
            { err: error },
            'demo seed failed; the server goes on serving what was published',
          );
      });
  } else await headStart?.discard();
  const app = await buildApp(config, { container });

  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down');
    // Issue 28 part 4 (docs/decisions/0038): /readyz answers 503 from now on, so a
    // balancer stops routing here; the server stops accepting and lets requests in
    // flight finish (cut off after SHUTDOWN_GRACE_MS); then the periodic ticks and
    // job workers stop (they may still need the database), and the database goes last.
    container.health.startDraining();
    try {
      if ((await closeWithin(app)) === 'forced')
        log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running were cut off');
      await container.dropFolder?.stop();
      // No new jobs; those running (a renewal run, contact mails) may finish.
      await container.jobs.stop({ graceful: true });
      await container.assembly.stop();
      container.brandSettings.stop();
      await container.changes.stop();
      await container.rateLimits?.close();
      const { closeRenderPools } = await import('@folio/ingest');
      await closeRenderPools();
      await container.db.destroy();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Issue 28 part 2 (decision 0039): other servers' edits are heard before serving.
  await container.changes.start();
  // The desk's free edition and gate tolerance before the first reader asks.
  await container.brandSettings.refresh();
  // Node's default backlog (511) overflows when a morning's 1,000 connections open at
  // once: the rest wait out SYN retries (1 s, 3 s, 7 s) and time out. The kernel caps
  // it at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (pretty) log.info(`Folio is running at ${config.publicUrl} (Ctrl+C stops it)`);
  container.brandSettings.start((error) =>
    log.error({ err: error }, "could not read the desk's brand settings"),
  );
  if (config.jobRunner === 'queue') {
    // Web servers only send jobs; `npm run worker` runs them, the ticks and the drop folder.
    await container.jobs.start();
    return;
  }
  // This server runs its own jobs (job-handlers.ts): every minute, payments whose
  // answer was lost, receipts, renewals, grace and expiry; contact mails whose
  // first attempt failed; the night desk's release-time check; hourly, orphaned media.
  const { registerJobs } = await import('./job-handlers.ts');
  await registerJobs(container);
  await container.jobs.start();
  // The night desk's drop folder, when DROP_DIR is set.
  await container.dropFolder?.start();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
