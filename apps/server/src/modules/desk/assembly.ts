// An edition's pages into the paper (issue 26 parts 6, 7, 8, 10). Each time a page
// arrives the edition is assembled again from the newest version of every page:
// once all its pages are in, they are ingested into fresh media, the release gate
// reads them, and only an edition the gate lets through (or an editor overrode)
// is swapped in, in one transaction: readers see the old issue or the new one,
// never a mix. An issue dated after today waits for the brand's release time
// (readers cannot open a date before its 06:00); one for today goes live at once.
// At release time an edition still missing pages is marked failed with its reasons.
import { DAY_START_HOUR, formatReleaseTime, isBrandCode, type BrandCode } from '@folio/core';
import { randomUUID } from 'node:crypto';
import { IngestError, type IngestedPage } from '@folio/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { GateRefusedError, type EditionService, type PublishService } from '../editions/index.ts';
import type { EditionKey, IncomingPage, IncomingRepo } from './incoming-repo.ts';
import { folioDate, gateRefusals, missingPages } from './release-gate.ts';

/** Missing pages the gate allows (per brand; none by default). */
const MISSING_PAGE_TOLERANCE = 0;

export interface PageReport {
  page: number;
  version: number;
  file: string;
  textLayer: boolean;
  articles: number;
  ads: number;
  blank: boolean;
  folioDate: string | null;
  warnings: string[];
}

export interface EditionReport {
  tookMs: number;
  pages: PageReport[];
  refusals: string[];
  overrideReason: string | null;
}

const keyText = (key: EditionKey) => `${key.brand}/${key.date}/${key.editionNumber}`;

export function reportOf(
  key: EditionKey,
  incoming: IncomingPage[],
  ingested: IngestedPage[],
): PageReport[] {
  return ingested.map((page, index) => {
    const source = incoming[index];
    const printed = folioDate(page.text) ?? null;
    const warnings: string[] = [];
    if (page.blank) warnings.push('blank');
    if (page.text.trim() === '') warnings.push('no text');
    if (printed !== null && printed !== key.date) warnings.push('wrong date');
    if (!page.blank && page.articles.length === 0) warnings.push('no articles found');
    return {
      page: source?.pageNo ?? page.pageNo,
      version: source?.version ?? 1,
      file: source?.fileName ?? '',
      textLayer: page.text.trim() !== '',
      articles: page.articles.length,
      ads: page.ads.length,
      blank: page.blank,
      folioDate: printed,
      warnings,
    };
  });
}

/** How often the release-time check runs (ms). */
const TICK_MS = 30_000;

export class Assembly {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** Editions an editor asked to release now: the gate reads them even with pages missing. */
  private readonly releaseNow = new Set<string>();
  /** This process, as the holder of the release-time check's turn. */
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly incoming: IncomingRepo,
    private readonly editions: EditionService,
    private readonly publisher: PublishService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** Told when an edition is ready, scheduled, live or failed (the processing report's mail). */
    private readonly settled: (
      key: EditionKey,
      state: string,
      report: EditionReport,
    ) => void = () => undefined,
  ) {}

  /** Assembles the edition soon; one run per edition at a time, a page that comes meanwhile runs it again. */
  schedule(key: EditionKey, options: { now?: boolean } = {}): Promise<void> {
    const id = keyText(key);
    if (options.now) this.releaseNow.add(id);
    const current = this.running.get(id);
    if (current) {
      this.again.add(id);
      return current;
    }
    const run = (async () => {
      try {
        do {
          this.again.delete(id);
          await this.assemble(key).catch((error: unknown) => {
            this.log.error({ err: error, edition: id }, 'could not assemble an edition');
          });
        } while (this.again.has(id));
      } finally {
        this.running.delete(id);
      }
    })();
    this.running.set(id, run);
    return run;
  }

  /** Starts the release-time check (main.ts). */
  start(): void {
    this.timer ??= setInterval(() => {
      this.tick().catch((error: unknown) =>
        this.log.error({ err: error }, 'the release-time check failed'),
      );
    }, TICK_MS);
    this.timer.unref();
  }

  /** Stops the check and waits for assemblies in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Every assembly in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private async assemble(key: EditionKey): Promise<void> {
    if (!isBrandCode(key.brand)) return;
    const brand: BrandCode = key.brand;
    const pages = await this.incoming.latestPages(key);
    const facts = await this.editions.findEditionFacts(brand, key.editionNumber);
    const standing = await this.incoming.standing(key);
    const override = standing?.overrideReason ?? null;
    const expected = facts?.pageCount ?? Math.max(0, ...pages.map((p) => p.pageNo));
    const now = this.now();
    const asked = this.releaseNow.delete(keyText(key));
    if (pages.length < expected && override === null && !asked) {
      await this.incoming.setStanding(
        key,
        { state: 'receiving', detail: `${pages.length} of ${expected} pages` },
        now,
      );
      return;
    }
    await this.incoming.setStanding(
      key,
      { state: 'processing', detail: `${pages.length} pages` },
      now,
    );
    const started = performance.now();
    let ingested: IngestedPage[] = [];
    const report = (refusals: string[]): EditionReport => ({
      tookMs: Math.round(performance.now() - started),
      pages: reportOf(key, pages, ingested),
      refusals,
      overrideReason: override,
    });
    try {
      await this.publisher.publishEdition({
        brand,
        date: key.date,
        editionNumber: key.editionNumber,
        files: pages.map((p) => p.storedPath),
        accept: (found) => {
          ingested = found;
          if (override !== null) return [];
          return gateRefusals({
            date: key.date,
            expected,
            tolerance: MISSING_PAGE_TOLERANCE,
            pages: found.map((page, index) => ({
              pageNo: pages[index]?.pageNo ?? page.pageNo,
              text: page.text,
              blank: page.blank,
              sha256: pages[index]?.sha256 ?? '',
            })),
          });
        },
      });
      const live = key.date <= this.editions.latestDate();
      const done = report([]);
      await this.incoming.setStanding(
        key,
        {
          state: live ? 'live' : 'scheduled',
          detail: live
            ? null
            : formatReleaseTime({ releaseTime: { hour: DAY_START_HOUR, minute: 0 } }),
          report: done,
        },
        this.now(),
      );
      this.settled(key, live ? 'live' : 'scheduled', done);
    } catch (error) {
      const refusals =
        error instanceof GateRefusedError
          ? error.refusals
          : [
              error instanceof IngestError || error instanceof Error
                ? error.message
                : String(error),
            ];
      const failed = report(refusals);
      await this.incoming.setStanding(
        key,
        { state: 'failed', detail: refusals[0] ?? null, refusals, report: failed },
        this.now(),
      );
      this.settled(key, 'failed', failed);
    }
  }

  /**
   * The release-time check, run every 30 s by one server at a time: an edition of
   * today still receiving pages did not make it, and says why; one scheduled for
   * today is live now. False when another server has this turn.
   */
  async tick(): Promise<boolean> {
    const now = this.now();
    const turn = new Date(now.getTime() + TICK_MS - 5_000);
    if (!(await this.incoming.takeCheckTurn(this.holder, now, turn))) return false;
    const today = this.editions.latestDate();
    for (const open of await this.incoming.openStandings(today)) {
      if (open.state === 'scheduled') {
        await this.incoming.setStanding(open, { state: 'live', detail: null }, this.now());
        continue;
      }
      const pages = await this.incoming.latestPages(open);
      const facts = isBrandCode(open.brand)
        ? await this.editions.findEditionFacts(open.brand, open.editionNumber)
        : undefined;
      const expected = facts?.pageCount ?? Math.max(0, ...pages.map((p) => p.pageNo));
      const missing = missingPages(
        expected,
        pages.map((p) => p.pageNo),
        MISSING_PAGE_TOLERANCE,
      );
      const refusals = [missing ?? 'Not processed by release time.'];
      const failed: EditionReport = { tookMs: 0, pages: [], refusals, overrideReason: null };
      await this.incoming.setStanding(
        open,
        { state: 'failed', detail: refusals[0] ?? 'Not released', refusals, report: failed },
        this.now(),
      );
      this.settled(open, 'failed', failed);
    }
    return true;
  }
}
