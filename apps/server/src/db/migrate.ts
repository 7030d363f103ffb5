// Migrations are imported statically rather than globbed from disk, so they work
// the same under tsx, in tests and in any future bundle.
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as content from './migrations/0001-content.ts';
import * as auth from './migrations/0002-auth.ts';
import * as appState from './migrations/0003-app-state.ts';
import * as sendGaps from './migrations/0004-send-gaps.ts';
import * as pagePreviews from './migrations/0005-page-previews.ts';
import * as subscriptions from './migrations/0006-subscriptions.ts';
import * as marketing from './migrations/0007-marketing.ts';
import * as contactMessages from './migrations/0008-contact-messages.ts';
import * as savedArticles from './migrations/0009-saved-articles.ts';
import * as search from './migrations/0010-search.ts';
import * as readingPosition from './migrations/0011-reading-position.ts';
import * as searchWords from './migrations/0012-search-words.ts';
import * as moneyLedger from './migrations/0013-money-ledger.ts';
import * as authTables from './migrations/0014-auth-tables.ts';
import * as staff from './migrations/0015-staff.ts';
import * as editionRetirement from './migrations/0016-edition-retirement.ts';
import * as incomingPages from './migrations/0017-incoming-pages.ts';
import * as deskChoices from './migrations/0018-desk-choices.ts';
import * as contactInbox from './migrations/0019-contact-inbox.ts';
import * as offerSchedule from './migrations/0020-offer-schedule.ts';
import * as planRetirement from './migrations/0022-plan-retirement.ts';
import * as invoices from './migrations/0023-invoices.ts';
import * as readerDays from './migrations/0024-reader-days.ts';
// Issue 28 part 2 (shared state across servers): the versions of what servers keep in memory.
import * as cacheVersions from './migrations/0025-cache-versions.ts';
import type { Database } from './schema.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-content': content,
  '0002-auth': auth,
  '0003-app-state': appState,
  '0004-send-gaps': sendGaps,
  '0005-page-previews': pagePreviews,
  '0006-subscriptions': subscriptions,
  '0007-marketing': marketing,
  '0008-contact-messages': contactMessages,
  '0009-saved-articles': savedArticles,
  '0010-search': search,
  '0011-reading-position': readingPosition,
  '0012-search-words': searchWords,
  '0013-money-ledger': moneyLedger,
  '0014-auth-tables': authTables,
  '0015-staff': staff,
  '0016-edition-retirement': editionRetirement,
  '0017-incoming-pages': incomingPages,
  '0018-desk-choices': deskChoices,
  '0019-contact-inbox': contactInbox,
  '0020-offer-schedule': offerSchedule,
  '0022-plan-retirement': planRetirement,
  '0023-invoices': invoices,
  '0024-reader-days': readerDays,
  '0025-cache-versions': cacheVersions,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** The migrator, e.g. to step one back and forth in a test. */
export function contentMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider });
}

/**
 * Brings the schema up to date, better-auth's tables included (migration 0014).
 * Throws the first failing migration's error.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await contentMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
