// Wires the server by hand: database -> repos -> services -> adapters. Everything a
// route needs arrives through here, so tests can build the same graph on their
// own database.
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { HealthRepo } from './modules/health/repo.ts';
import { HealthService } from './modules/health/service.ts';
import { SiteService } from './modules/site/service.ts';

export interface Container {
  db: Kysely<Database>;
  health: HealthService;
  site: SiteService;
}

export function createContainer(
  config: Config,
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Container {
  return {
    db,
    health: new HealthService(new HealthRepo(db)),
    site: new SiteService(config.brand, config.publisherTz, now),
  };
}
