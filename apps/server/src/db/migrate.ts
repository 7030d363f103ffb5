// Migrations are imported statically rather than globbed from disk, so they work
// the same under tsx, in tests and in any future bundle.
import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as content from './migrations/0001-content.ts';
import type { Database } from './schema.ts';

const MIGRATIONS: Record<string, Migration> = {
  '0001-content': content,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** Brings the schema up to date; throws the first failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
