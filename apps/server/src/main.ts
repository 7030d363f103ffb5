// Production entry: configure, migrate, seed demo content on an empty database,
// listen, and shut down cleanly on SIGTERM/SIGINT.
import { closeRenderPools } from '@folio/ingest';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger } from './logger.ts';
import { openPreparedContainer } from './startup.ts';

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
  const container = await openPreparedContainer(config, log);
  if (config.seedDemo) await container.demoSeeder.seedIfEmpty();
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
