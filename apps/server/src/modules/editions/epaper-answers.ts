// The e-paper data of an issue, served from memory. An issue's content does not
// change between publishes, so its answer is serialised once, with its ETag and
// headers, and handed out as bytes until a publish replaces it. A publish in this
// process drops the answer at once. Any change to a brand's issues, made by any
// server or the ingest command, bumps the brand's `editions:<brand>` version in its
// transaction (db/cache-versions.ts); an answer is served only while the version it
// was built at is still the one the change feed knows, which it learns from the
// database's notification at once, or by reading the versions again at most every
// CACHE_VERSION_CHECK_MS (decision 0039). Each answer is compressed once, in
// brotli and gzip, when it is built, so no reader's request compresses anything.
// What a page shows depends on the viewer (access/locks.ts), so the key carries
// the viewer's entitlement class and the edition date the locks were decided on.
import { createHash } from 'node:crypto';
import { entitlementClass, type Brand, type Entitlement } from '@folio/core';
import type { AccessGate } from '../access/index.ts';
import { encodeOnce, type AnswerEncoding } from '../../http/encoding.ts';
import type { ChangeFeed } from '../changes/index.ts';
import { DEFAULT_CACHE_VERSION_CHECK_MS } from '../changes/index.ts';
import { editionsTopic } from '../../db/cache-versions.ts';
import type { EditionService } from './service.ts';

/**
 * Longest an answer is served (by default) before the change feed reads the
 * versions again: an edit whose notification was lost is seen within it.
 */
export const REVALIDATE_MS = DEFAULT_CACHE_VERSION_CHECK_MS;
/** Answers kept at most (the least recently used go first): about 15 KB each. */
const MAX_ANSWERS = 512;
/** A visitor's answer is everyone's: browsers and shared caches may reuse it this long. */
export const EPAPER_CACHE_CONTROL = 'public, max-age=60';
/** A signed-in reader's answer is theirs alone, revalidated (by ETag) on every use. */
export const PERSONAL_EPAPER_CACHE_CONTROL = 'private, no-cache';
const VISITOR: Entitlement = { kind: 'visitor' };

export interface EpaperAnswer {
  /** The issue it answers for (brand, edition and date) and that date. */
  key: string;
  date: string;
  /** The JSON text. */
  body: string;
  /** The same JSON in each encoding. */
  encoded: Readonly<Record<AnswerEncoding, Buffer>>;
  etag: string;
  /** Sent with the answer and with a 304. */
  headers: Readonly<Record<string, string>>;
  /** The first page's preview and size, drawn first by a reader opening the issue. */
  firstPage: { preview: string; width: number; height: number } | undefined;
}

interface Entry {
  answer: EpaperAnswer;
  /** The brand's editions topic, and its version when the answer's build began. */
  topic: string;
  version: number;
}

export interface EpaperQuery {
  brand: Brand;
  date: string;
  editionNumber: number;
}

const issueKeyOf = (brand: string, editionNumber: number, date: string) =>
  `${brand}|${editionNumber}|${date}|`;

export class EpaperAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<EpaperAnswer>>();
  /** Bumped by every invalidation, so a build that overlapped one is not kept. */
  private generation = 0;

  constructor(
    private readonly editions: EditionService,
    /** The versions of each brand's editions, shared by every server. */
    private readonly changes: ChangeFeed,
    private readonly gate: AccessGate,
    /** Told of every lookup, whether a fresh answer was in memory (for the metrics). */
    private readonly lookedUp: (hit: boolean) => void = () => undefined,
  ) {
    // Another server's (or this one's) edit: its brand's answers go at once.
    changes.subscribe(editionsTopic(''), (topic) =>
      this.drop(`${topic.slice(editionsTopic('').length)}|`),
    );
  }

  /**
   * The answer for an issue as the viewer may see it; throws as
   * EditionService.epaperData does when there is none.
   */
  async answer(query: EpaperQuery, entitlement: Entitlement = VISITOR): Promise<EpaperAnswer> {
    // Checked on every request: a cached answer must not outlive the 06:00 rule.
    this.editions.requireServableDate(query.date);
    const today = this.editions.latestDate();
    const key = `${issueKeyOf(query.brand.id, query.editionNumber, query.date)}${entitlementClass(entitlement)}|${today}`;
    const topic = editionsTopic(query.brand.id);
    const version = await this.changes.version(topic);
    const entry = this.entries.get(key);
    const fresh = entry?.version === version;
    this.lookedUp(fresh);
    if (entry && fresh) {
      // Most recently used last, so the oldest are evicted first.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.answer;
    }
    // Concurrent requests for the same issue share one build.
    let pending = this.building.get(key);
    if (!pending) {
      if (entry) this.entries.delete(key);
      pending = this.build(key, query, entitlement, today, { topic, version });
      this.building.set(key, pending);
      const settled = pending;
      const forget = () => {
        if (this.building.get(key) === settled) this.building.delete(key);
      };
      settled.then(forget, forget);
    }
    return pending;
  }

  /**
   * Whether an answer is still its issue's answer in memory, at the version the
   * change feed knows and has checked within its window, decided without touching
   * the database. For the replay of answers in front of the router (epaper-replays.ts).
   */
  isFresh(answer: EpaperAnswer): boolean {
    const entry = this.entries.get(answer.key);
    return entry?.answer === answer && this.changes.peek(entry.topic) === entry.version;
  }

  /** Drops the answer of an issue that was just published (or replaced). */
  invalidate(brand: string, editionNumber: number, date: string): void {
    this.drop(issueKeyOf(brand, editionNumber, date));
  }

  /** Drops every answer of a brand: the desk chose another free edition, so the locks moved. */
  invalidateBrand(brand: string): void {
    this.drop(`${brand}|`);
  }

  private drop(prefix: string): void {
    for (const map of [this.entries, this.building])
      for (const key of map.keys()) if (key.startsWith(prefix)) map.delete(key);
    // A build that started before the publish may have read the old issue.
    this.generation += 1;
  }

  /**
   * Builds the answer and keeps it under the version read before its data: an edit
   * committed meanwhile leaves it older than the feed's, so it is built again.
   */
  private async build(
    key: string,
    query: EpaperQuery,
    entitlement: Entitlement,
    today: string,
    stamp: { topic: string; version: number },
  ): Promise<EpaperAnswer> {
    const generation = this.generation;
    const data = this.gate.withLocks(
      await this.editions.epaperData(query),
      query.brand,
      entitlement,
      today,
    );
    const body = JSON.stringify(data);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const encoded = await encodeOnce(body);
    const first = data.sections[0]?.pages[0];
    const answer: EpaperAnswer = {
      key,
      date: query.date,
      firstPage: first && {
        preview: `${data.data_url_suffix}${first.imgPreviewFile}`,
        width: first.width,
        height: first.height,
      },
      body,
      encoded,
      etag,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        etag,
        'cache-control':
          entitlement.kind === 'visitor' ? EPAPER_CACHE_CONTROL : PERSONAL_EPAPER_CACHE_CONTROL,
      },
    };
    if (generation !== this.generation) return answer;
    this.entries.set(key, { answer, ...stamp });
    if (this.entries.size > MAX_ANSWERS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return answer;
  }
}
