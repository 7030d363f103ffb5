// What this server knows of the versions in cache_versions (decision 0039). Every
// in-process cache remembers the version of its topic it was built at and, on each
// read, compares it with version() here: equal means nothing committed since, on
// any server. The feed learns a new version three ways: a NOTIFY on
// `folio_changes` (at once, on commit, from whichever server made the edit); a
// bump made here outside a transaction; and, whatever happens to notifications
// (a dropped connection, a proxy that loses them), a read of the whole table at
// most every CACHE_VERSION_CHECK_MS, done by the first read that finds what it
// knows older than that (or begun ahead, by a read past half that window). So a
// cache is never more than about that window behind a committed edit, and usually
// only the time a notification takes. An edit made by this very process is not
// left to the notification, which may arrive after the next request: until the
// feed has seen that bump committed, a read of its topic looks at the topic's row
// (one primary-key read), so a server reads its own writes at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CHANGES_CHANNEL,
  bumpVersion,
  observeBumps,
  readVersion,
  readVersions,
} from '../../db/cache-versions.ts';
import type { NotificationSource } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { PostgresListener, type Listener } from './postgres-listener.ts';

/** The default window (ms) a known version is trusted without reading the table again. */
export const DEFAULT_CACHE_VERSION_CHECK_MS = 1000;

/**
 * How long (ms) this process's own bump is looked for in its row: past it, a bump
 * never seen committed was rolled back (or made on another database) and the
 * notification or the version check covers the rest.
 */
const OWN_BUMP_WATCH_MS = 30_000;

/** Told of a topic's new version, whichever way the feed learnt it. */
export type ChangeListener = (topic: string, version: number) => void;

export interface ChangeFeedOptions {
  /** How to hear other servers' notifications; none: the version check alone. */
  source: NotificationSource | undefined;
  /** CACHE_VERSION_CHECK_MS. */
  checkMs?: number;
  log: FastifyBaseLogger;
  /** false: never LISTEN (a test of what happens when notifications are lost). */
  listen?: boolean;
  /** A monotonic clock in milliseconds; only for the check window. */
  clockMs?: () => number;
}

/** Parses a notification's payload, `<topic> <version>`; undefined when it is not one. */
function parsePayload(payload: string): { topic: string; version: number } | undefined {
  const space = payload.lastIndexOf(' ');
  const version = Number(payload.slice(space + 1));
  if (space <= 0 || !Number.isSafeInteger(version) || version <= 0) return undefined;
  return { topic: payload.slice(0, space), version };
}

export class ChangeFeed {
  private readonly known = new Map<string, number>();
  /** When (clockMs) the last complete read of the table started; -Infinity: never. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;
  private readonly listeners = new Set<{ prefix: string; listener: ChangeListener }>();
  private listener: Listener | undefined;
  /** This process's bumps not yet seen committed: topic -> version and when (clockMs). */
  private readonly ownBumps = new Map<string, { version: number; at: number }>();
  private readonly readingTopic = new Map<string, Promise<void>>();
  private stopObserving: (() => void) | undefined;
  private readonly checkMs: number;
  private readonly clockMs: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ChangeFeedOptions,
  ) {
    this.checkMs = options.checkMs ?? DEFAULT_CACHE_VERSION_CHECK_MS;
    this.clockMs = options.clockMs ?? (() => performance.now());
  }

  /**
   * Raises the topic's version with `db`, which should be the transaction of the
   * edit: the notification then goes out on commit, and a rollback undoes both.
   * With the database itself the bump is committed when this returns, so this
   * server knows it at once; after a transaction it learns it from the
   * notification (or the next check), and the writer drops its own copy meanwhile.
   */
  async bump(topic: string, db: Kysely<Database>): Promise<number> {
    const version = await bumpVersion(db, topic);
    if (!db.isTransaction) this.learn(topic, version);
    return version;
  }

  /** Calls `listener` for every new version of a topic starting with `prefix`; returns the unsubscribe. */
  subscribe(prefix: string, listener: ChangeListener): () => void {
    const entry = { prefix, listener };
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /**
   * The topic's latest version this server knows (0: never changed), the table read
   * again first when that knowledge is older than the check window. A cache built
   * at this version is current; one built at another is not.
   */
  async version(topic: string): Promise<number> {
    if (!this.isChecked()) await this.refresh();
    else this.refreshAhead();
    if (this.awaitsOwnBump(topic)) await this.readTopic(topic);
    return this.known.get(topic) ?? 0;
  }

  /**
   * The same without waiting, for checks that cannot (an answer replayed in front
   * of the router): the known version while the knowledge is within the window,
   * else undefined (the caller treats its copy as unchecked) and a read begins.
   */
  peek(topic: string): number | undefined {
    if (!this.isChecked()) {
      this.refresh().catch(this.readFailed);
      return undefined;
    }
    this.refreshAhead();
    if (this.awaitsOwnBump(topic)) {
      this.readTopic(topic).catch(this.readFailed);
      return undefined;
    }
    return this.known.get(topic) ?? 0;
  }

  /** Logs a read that peek began and nobody awaits (made once: peek runs per replayed request). */
  private readonly readFailed = (error: unknown) =>
    this.options.log.warn({ err: error }, 'could not read the cache versions');

  /** Reads every version again (one read at a time; callers meanwhile share it). */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      const startedAt = this.clockMs();
      try {
        const versions = await readVersions(this.db);
        // Anything committed before the read began is in it.
        this.checkedAt = Math.max(this.checkedAt, startedAt);
        for (const [topic, version] of versions) this.learn(topic, version);
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /**
   * Starts listening for notifications and watching this process's own bumps (a
   * no-op with listening off: then only the version check tells of changes).
   */
  async start(): Promise<void> {
    if (this.options.listen === false) return;
    this.stopObserving ??= observeBumps((topic, version) => {
      if (version > (this.ownBumps.get(topic)?.version ?? 0))
        this.ownBumps.set(topic, { version, at: this.clockMs() });
    });
    const source = this.options.source;
    if (this.listener || !source) return;
    const onPayload = (payload: string) => {
      const change = parsePayload(payload);
      if (change) this.learn(change.topic, change.version);
      else this.options.log.warn({ payload: payload.slice(0, 80) }, 'not a change notification');
    };
    // Whatever was committed while nobody listened is read once listening starts.
    const onListening = () =>
      this.refresh().catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'could not read the cache versions'),
      );
    this.listener =
      source.kind === 'postgres'
        ? new PostgresListener(source.url, onPayload, onListening, this.options.log)
        : pgliteListener(source.pglite, onPayload, onListening);
    await this.listener.start();
  }

  async stop(): Promise<void> {
    this.stopObserving?.();
    this.stopObserving = undefined;
    this.ownBumps.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.stop();
  }

  /** Whether notifications are being received now (PostgreSQL: the listening connection is up). */
  get listening(): boolean {
    return this.listener?.connected ?? false;
  }

  private isChecked(): boolean {
    return this.clockMs() - this.checkedAt < this.checkMs;
  }

  /**
   * Past half the window, the next read of the table begins while what is known
   * still holds: under steady traffic the knowledge is renewed before it expires,
   * so replayed answers (which cannot wait for a read) never all miss at once.
   */
  private refreshAhead(): void {
    if (this.reading === undefined && this.clockMs() - this.checkedAt >= this.checkMs / 2)
      this.refresh().catch(this.readFailed);
  }

  /** Whether this process bumped the topic and the feed has not yet seen that committed. */
  private awaitsOwnBump(topic: string): boolean {
    const own = this.ownBumps.get(topic);
    if (!own) return false;
    if ((this.known.get(topic) ?? 0) < own.version && this.clockMs() - own.at < OWN_BUMP_WATCH_MS)
      return true;
    this.ownBumps.delete(topic);
    return false;
  }

  /** Reads one topic's row (one read per topic at a time). */
  private readTopic(topic: string): Promise<void> {
    let reading = this.readingTopic.get(topic);
    if (!reading) {
      reading = readVersion(this.db, topic)
        .then((version) => this.learn(topic, version))
        .finally(() => this.readingTopic.delete(topic));
      this.readingTopic.set(topic, reading);
    }
    return reading;
  }

  /** Takes a version seen anywhere; a newer one than known is announced. */
  private learn(topic: string, version: number): void {
    if (version <= (this.known.get(topic) ?? 0)) return;
    this.known.set(topic, version);
    for (const { prefix, listener } of this.listeners) {
      if (!topic.startsWith(prefix)) continue;
      try {
        listener(topic, version);
      } catch (error) {
        this.options.log.error({ err: error, topic }, 'a change listener failed');
      }
    }
  }
}

/** PGlite is one process: its instance delivers NOTIFY on commit to the listeners it holds. */
function pgliteListener(
  pglite: Extract<NotificationSource, { kind: 'pglite' }>['pglite'],
  onPayload: (payload: string) => void,
  onListening: () => Promise<void>,
): Listener {
  let unlisten: (() => Promise<void>) | undefined;
  return {
    get connected() {
      return unlisten !== undefined;
    },
    async start() {
      unlisten = await pglite.listen(CHANGES_CHANNEL, onPayload);
      await onListening();
    },
    async stop() {
      const stopping = unlisten;
      unlisten = undefined;
      // The database may be closed already (a test that takes it away).
      await stopping?.().catch(() => undefined);
    },
  };
}
