// Wires the server by hand: database -> repos -> services -> adapters. Everything a
// route needs arrives through here, so tests can build the same graph on their
// own database.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { createLogger } from './logger.ts';
import { createAuthModule, type AuthModule } from './modules/auth/auth-module.ts';
import { DEFAULT_DEMO_PLAN, DemoSeeder, type DemoPlan } from './modules/editions/demo-seed.ts';
import { DemoSeedRepo } from './modules/editions/demo-seed-repo.ts';
import { EpaperAnswers } from './modules/editions/epaper-answers.ts';
import { EpaperReplays } from './modules/editions/epaper-replays.ts';
import { IssueRepo } from './modules/editions/issue-repo.ts';
import { PublishService } from './modules/editions/publish-service.ts';
import { EditionRepo } from './modules/editions/repo.ts';
import { EditionService } from './modules/editions/service.ts';
import { HealthRepo } from './modules/health/repo.ts';
import { HealthService } from './modules/health/service.ts';
import { MediaService } from './modules/media/service.ts';
import { LocalFolderStorage, type MediaStorage } from './modules/media/storage.ts';
import { createDelivery } from './modules/messaging/delivery.ts';
import type { DevOutbox } from './modules/messaging/dev-outbox.ts';
import { SiteService } from './modules/site/service.ts';

export interface Container {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  storage: MediaStorage;
  health: HealthService;
  site: SiteService;
  editions: EditionService;
  /** Serialised e-paper data of each issue, dropped when the issue is republished. */
  epaperAnswers: EpaperAnswers;
  epaperReplays: EpaperReplays;
  publisher: PublishService;
  demoSeeder: DemoSeeder;
  media: MediaService;
  /** Sign-in (better-auth with Folio's plugins), account and preferences. */
  auth: AuthModule;
  /** Where codes go when no SMS gateway or SMTP server is configured (never in production). */
  outbox: DevOutbox | undefined;
}

export interface ContainerOptions {
  /** The clock every service reads; tests pin it. */
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** Size of the demo seed; tests seed a small one. */
  demoPlan?: DemoPlan;
}

export function createContainer(
  config: Config,
  db: Kysely<Database>,
  options: ContainerOptions = {},
): Container {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? createLogger(config);
  const storage = new LocalFolderStorage(config.mediaDir);
  const editionRepo = new EditionRepo(db);
  const issueRepo = new IssueRepo(db);
  const editions = new EditionService(
    editionRepo,
    issueRepo,
    config.brand,
    config.publisherTz,
    now,
  );
  const epaperAnswers = new EpaperAnswers(editions, issueRepo);
  const publisher = new PublishService(editionRepo, issueRepo, storage, log, (issue) =>
    epaperAnswers.invalidate(issue.brand, issue.editionNumber, issue.date),
  );
  const delivery = createDelivery(config, log, now);
  const demoSeeder = new DemoSeeder(
    editions,
    new DemoSeedRepo(db),
    publisher,
    config.publisherTz,
    now,
    log,
    options.demoPlan ?? DEFAULT_DEMO_PLAN,
  );
  return {
    db,
    log,
    storage,
    health: new HealthService(new HealthRepo(db), () => demoSeeder.progress()),
    site: new SiteService(config.brand, config.publisherTz, now, config.google?.clientId ?? null),
    editions,
    epaperAnswers,
    epaperReplays: new EpaperReplays(epaperAnswers, (date) => date <= editions.latestDate()),
    publisher,
    demoSeeder,
    media: new MediaService(storage),
    auth: createAuthModule({ config, db, log, now, editions, transports: delivery.transports }),
    outbox: delivery.outbox,
  };
}
