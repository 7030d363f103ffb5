// Wires the server by hand: database -> repos -> services -> adapters. Everything a
// route needs arrives through here, so tests can build the same graph on their
// own database.
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { IssueRepo } from './modules/editions/issue-repo.ts';
import { EditionRepo } from './modules/editions/repo.ts';
import { EditionService } from './modules/editions/service.ts';
import { HealthRepo } from './modules/health/repo.ts';
import { HealthService } from './modules/health/service.ts';
import { MediaService } from './modules/media/service.ts';
import { LocalFolderStorage, type MediaStorage } from './modules/media/storage.ts';
import { SiteService } from './modules/site/service.ts';

export interface Container {
  db: Kysely<Database>;
  storage: MediaStorage;
  health: HealthService;
  site: SiteService;
  editions: EditionService;
  media: MediaService;
}

export function createContainer(
  config: Config,
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): Container {
  const storage = new LocalFolderStorage(config.mediaDir);
  const editionRepo = new EditionRepo(db);
  const issueRepo = new IssueRepo(db);
  return {
    db,
    storage,
    health: new HealthService(new HealthRepo(db)),
    site: new SiteService(config.brand, config.publisherTz, now),
    editions: new EditionService(editionRepo, issueRepo, config.brand, config.publisherTz, now),
    media: new MediaService(storage),
  };
}
