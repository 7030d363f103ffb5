// Production entry: configure, migrate, listen, seed demo content on an empty
// database in the background, and shut down cleanly on SIGTERM/SIGINT.
import { closeRenderPools } from '@folio/ingest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger } from './logger.ts';
import { openPreparedContainer, warnWhenDevelopmentIsReachable } from './startup.ts';

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

async function main(): Promise<void> {
  const config = configOrExit();
  const log = createLogger(config);
  warnWhenDevelopmentIsReachable(config, log);
  const container = await openPreparedContainer(config, log);
  const app = await buildApp(config, { container });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      await container.renewals.stop();
      container.contact.stop();
      await app.close();
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

  await app.listen({ port: config.port, host: config.host });
  // Every minute: complete payments whose answer was lost (a crash between the
  // provider and our write), then renewals, grace and expiry.
  container.renewals.start();
  // Every minute: e-mail contact messages whose first attempt failed.
  container.contact.start();
  // After listening: the site is up at once and shows each demo edition as it is
  // published (today's first); GET /readyz says how far the seed is. Rendering runs
  // in worker processes, so serving stays quick meanwhile.
  if (config.seedDemo) {
    container.demoSeeder.seedIfEmpty().catch((error: unknown) => {
      if (!closing)
        log.error(
          { err: error },
          'demo seed failed; the server goes on serving what was published',
        );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
