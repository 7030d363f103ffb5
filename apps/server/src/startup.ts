// What every entry point (server, CLI) does before serving: open the configured
// database, migrate it, and give brands without editions the default catalogue
// and without FAQs, testimonials or offers the starting marketing content. A new
// PGlite database starts as a copy of the migrated template when `npm start` made
// one (db/pglite-template.ts), so a first start skips creating and migrating it.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Config } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { databaseTarget, openDatabase } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isFreshPgliteDir, startFromTemplate } from './db/pglite-template.ts';
import { isLoopbackHost } from './http/loopback.ts';

/** Any number: it only has to differ from the other advisory locks Folio takes. */
const FIRST_CONTENT_LOCK = 28_000_001;

/**
 * Runs the first-start content (catalogues, plans, marketing) under a session lock
 * on PostgreSQL, so web servers and a worker starting together do not each find a
 * brand empty and write it twice. The lock is held on a connection of its own while
 * the work runs on the pool's others; PGlite has one process and one connection.
 */
async function oneAtATime<T>(db: Kysely<Database>, shared: boolean, work: () => Promise<T>) {
  if (!shared) return work();
  return db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(${FIRST_CONTENT_LOCK})`.execute(held);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${FIRST_CONTENT_LOCK})`.execute(held);
    }
  });
}

export async function openPreparedContainer(
  config: Config,
  log: FastifyBaseLogger,
): Promise<Container> {
  const started = performance.now();
  const target = databaseTarget(config);
  const template =
    target.kind === 'pglite' &&
    target.dataDir !== undefined &&
    isFreshPgliteDir(target.dataDir) &&
    (await startFromTemplate(target.dataDir));
  const db = await openDatabase(target);
  try {
    const applied = await migrateToLatest(db);
    const container = createContainer(config, db, { log });
    const { cataloguesCreated, planCataloguesSeeded, marketingSeeded } = await oneAtATime(
      db,
      target.kind === 'postgres',
      async () => ({
        cataloguesCreated: await container.editions.ensureCatalogue(),
        planCataloguesSeeded: await container.catalogue.ensureSeeded(),
        marketingSeeded: await container.marketing.ensureContent(),
      }),
    );
    log.info(
      {
        database: target.kind,
        fromTemplate: template,
        // Milliseconds since the process started, and of those the database's.
        sinceStartMs: Math.round(performance.now()),
        databaseMs: Math.round(performance.now() - started),
        migrationsApplied: applied,
        cataloguesCreated,
        planCataloguesSeeded,
        marketingSeeded,
      },
      'database ready',
    );
    return container;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * Outside production the server runs with development settings (a generated
 * secret; the outbox when no delivery is configured). Listening on an interface
 * other machines reach is then worth a loud line at start: HOST defaults to 0.0.0.0.
 */
export function warnWhenDevelopmentIsReachable(
  config: Pick<Config, 'nodeEnv' | 'host' | 'port'>,
  log: FastifyBaseLogger,
): void {
  if (config.nodeEnv === 'production' || isLoopbackHost(config.host)) return;
  log.warn(
    { host: config.host, port: config.port, nodeEnv: config.nodeEnv },
    `WARNING: a ${config.nodeEnv} server is listening on ${config.host}, reachable from other machines. ` +
      'Set HOST=127.0.0.1 to keep it on this machine, or NODE_ENV=production with real delivery and AUTH_SECRET to serve the public.',
  );
}
