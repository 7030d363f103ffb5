// What every entry point (server, CLI) does before serving: open the configured
// database, migrate it, and give brands without editions the default catalogue.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { databaseTarget, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

export async function openPreparedContainer(config: Config, log: FastifyBaseLogger): Promise<Container> {
  const target = databaseTarget(config);
  const db = await openDatabase(target);
  try {
    const applied = await migrateToLatest(db);
    const container = createContainer(config, db, { log });
    const cataloguesCreated = await container.editions.ensureCatalogue();
    log.info({ database: target.kind, migrationsApplied: applied, cataloguesCreated }, 'database ready');
    return container;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
