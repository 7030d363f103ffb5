// The app as main.ts builds it, on a fresh test database and a temporary
// DATA_DIR/MEDIA_DIR, driven with app.inject().
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createContainer, type Container } from '../../src/container.ts';
import type { Database } from '../../src/db/schema.ts';
import { createTestDatabase, type TestBackend, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  container: Container;
  db: Kysely<Database>;
  dataDir: string;
  /**
   * Moves the app's clock forward (only when no `now` was given: the default clock
   * is the real time plus everything advanced so far), e.g. past the 30 s gap
   * between two codes to one destination.
   */
  advanceClock(ms: number): void;
  /** The app's clock now. */
  now(): Date;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment on top of the test defaults. */
  env?: Record<string, string>;
  /** The clock every service reads; defaults to the real time. */
  now?: () => Date;
  /** Built web app to serve; defaults to none (API only). */
  webDistDir?: string;
  /** Registers extra routes before the app is sealed, e.g. one that throws. */
  extraRoutes?: (app: FastifyInstance) => void;
  /** The logger every part of the app writes to; defaults to one built from config. */
  log?: FastifyBaseLogger;
  /** false: the change feed never LISTENs (a server whose notifications are lost). */
  listenForChanges?: boolean;
}

export async function createTestApp(
  backend: TestBackend,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-server-test-'));
  const database = await createTestDatabase(backend);
  const t = await startTestApp(database, dataDir, options);
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One start of the app on a database and DATA_DIR the caller owns (and removes),
 * e.g. to start it again on the same ones; `close` stops only the app.
 */
export async function startTestApp(
  database: TestDatabase,
  dataDir: string,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...options.env,
  });
  // Without a pinned clock the app runs on its development clock, which tests move.
  const container = createContainer(config, database.db, {
    now: options.now,
    log: options.log,
    listenForChanges: options.listenForChanges,
  });
  // Edits made through another app on the same database reach this one (decision 0039).
  await container.changes.start();
  const devClock = container.devClock;
  // Production has no development clock: there the app reads real time.
  const now = options.now ?? devClock?.now ?? (() => new Date());
  await container.editions.ensureCatalogue();
  await container.catalogue.ensureSeeded();
  const app = await buildApp(config, {
    container,
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-app'),
  });
  options.extraRoutes?.(app);
  await app.ready();
  // The sandbox's webhooks reach this app in-process rather than over the network.
  container.sandbox?.useWebhookSender(async (body, headers) => {
    await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers,
    });
  });
  return {
    app,
    config,
    container,
    db: database.db,
    dataDir,
    advanceClock: (ms) => {
      if (!devClock) throw new Error('advanceClock works on the development clock only');
      devClock.advance(ms);
    },
    now,
    close: async () => {
      await container.changes.stop();
      await container.rateLimits?.close();
      await app.close();
    },
  };
}
