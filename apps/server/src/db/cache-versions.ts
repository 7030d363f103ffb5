// The versions of what servers keep in memory (migration 0025, decision 0039). A
// writer bumps a topic in the transaction of its edit: the version goes up by one
// and PostgreSQL is asked to NOTIFY `folio_changes`, which it delivers only when
// the transaction commits, so a rolled-back edit tells nobody and moves nothing.
// Servers hear the notification through the change feed (modules/changes) and, if
// it never comes, read the versions again within CACHE_VERSION_CHECK_MS.
//
// Here rather than in modules/changes so that repos, which own the transactions,
// may bump inside them (repos reach the db layer, never another module).
import { sql, type Kysely } from 'kysely';
import type { BrandCode } from '@folio/core';
import type { Database } from './schema.ts';

/** The PostgreSQL channel every bump notifies on; the payload is `<topic> <version>`. */
export const CHANGES_CHANNEL = 'folio_changes';
/** Longest topic the table takes (its check constraint). */
export const MAX_TOPIC_LENGTH = 200;

/** A brand's issues, pages, articles, holidays and edition names: its e-paper answers. */
export const editionsTopic = (brand: BrandCode | string) => `editions:${brand}`;
/** A brand's plan catalogue (groups and plans, as the subscribe page and checkout read it). */
export const plansTopic = (brand: BrandCode | string) => `plans:${brand}`;
/** The desk's per-brand choices (free edition, the release gate's tolerance): one row for all. */
export const BRAND_SETTINGS_TOPIC = 'brand-settings';

/** Told of a bump this process made, before its transaction has committed. */
export type BumpObserver = (topic: string, version: number) => void;
const observers = new Set<BumpObserver>();

/**
 * Watches this process's own bumps (the change feed: a read right after this
 * server's own edit then looks at the row instead of waiting for the notification).
 * Returns the way to stop watching.
 */
export function observeBumps(observer: BumpObserver): () => void {
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}

/**
 * Raises the topic's version and notifies on commit; answers the new version. Run
 * it with the transaction of the edit (`trx`); with the database itself it is a
 * statement of its own, committed when it returns.
 */
export async function bumpVersion(db: Kysely<Database>, topic: string): Promise<number> {
  if (topic.length === 0 || topic.length > MAX_TOPIC_LENGTH || topic.includes(' '))
    throw new Error(`not a change topic: ${JSON.stringify(topic.slice(0, 40))}`);
  // One statement: the row's new version and the notification that names it.
  const { rows } = await sql<{ version: string | number }>`
    with bumped as (
      insert into cache_versions (topic, version, changed_at) values (${topic}, 1, now())
      on conflict (topic) do update
        set version = cache_versions.version + 1, changed_at = now()
      returning topic, version
    )
    select version, pg_notify(${CHANGES_CHANNEL}, topic || ' ' || version) as notified
    from bumped`.execute(db);
  const version = Number(rows[0]?.version);
  for (const observer of observers) observer(topic, version);
  return version;
}

/** One topic's committed version now (0: never changed). */
export async function readVersion(db: Kysely<Database>, topic: string): Promise<number> {
  const row = await db
    .selectFrom('cache_versions')
    .select('version')
    .where('topic', '=', topic)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.version);
}

/** Every topic's committed version now. */
export async function readVersions(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('cache_versions').select(['topic', 'version']).execute();
  return new Map(rows.map((row) => [row.topic, Number(row.version)]));
}
