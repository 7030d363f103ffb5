// An edition's pages into the paper (issue 26 parts 6, 7, 8, 10, 12). Each page is
// read as it arrives, kept by its file's hash; once all its pages are in, the
// edition is assembled from the newest version of every page (only pages not read
// yet are read now) into fresh media, the release gate reads them, and only an
// edition the gate lets through (or an editor overrode) is swapped in, in one
// transaction: readers see the old issue or the new one, never a mix; its zoom
// images, AVIF previews and search rows follow once it is live. An issue dated after today waits for the brand's release time
// (readers cannot open a date before its 06:00); one for today goes live at once.
// At release time an edition still missing pages is marked failed with its reasons.
// On a single server the assembly runs in this process; in a cluster (JOB_RUNNER=
// queue, decision 0040) `schedule` sends it to a worker as a job and the worker
// runs it through `runJob`, the release-time check being a scheduled job too.
import { DAY_START_HOUR, formatReleaseTime, isBrandCode, type BrandCode } from '@folio/core';
import { randomUUID } from 'node:crypto';
import { IngestError, type IngestedPage } from '@folio/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { GateRefusedError, type EditionService, type PublishService } from '../editions/index.ts';
import type { EditionKey, IncomingPage, IncomingRepo } from './incoming-repo.ts';
import { folioDate, gateRefusals, missingPages } from './release-gate.ts';

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

/** How long a run of the release-time check keeps its turn (it runs every minute, as a job). */
const TICK_MS = 30_000;
/** How long an edition's assembly turn lasts if its server stops before giving it back (ms). */
const ASSEMBLY_TURN_MS = 10 * 60_000;
/** How soon an edition another server is assembling is tried again (ms). */
const BUSY_RETRY_MS = 2_000;

export class Assembly {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** What follows each edition made live (its zoom images, AVIF previews, search rows). */
  private readonly following = new Set<Promise<void>>();
  /** Editions an editor asked to release now: the gate reads them even with pages missing. */
  private readonly releaseNow = new Set<string>();
  /** This process, as the holder of the release-time check's turn. */
  private readonly holder = randomUUID();
  /** Editions waiting for another server to finish assembling them. */
  private readonly retries = new Set<NodeJS.Timeout>();
  /** Queue mode: where an edition's assembly is sent instead of running here. */
  private dispatch: ((key: EditionKey, now: boolean) => Promise<void>) | undefined;

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

  /**
   * Queue mode: `schedule` sends the edition's assembly as a job (a worker runs
   * it through `runJob`) and resolves once it is sent.
   */
  sendTo(dispatch: (key: EditionKey, now: boolean) => Promise<void>): void {
    this.dispatch = dispatch;
  }

  /** Assembles the edition soon; one run per edition at a time, a page that comes meanwhile runs it again. */
  schedule(key: EditionKey, options: { now?: boolean } = {}): Promise<void> {
    const id = keyText(key);
    if (this.dispatch)
      // A job not sent is logged like an assembly that failed: the release-time
      // check, or the edition's next page, sends it again.
      return this.dispatch(key, options.now === true).catch((error: unknown) => {
        this.log.error({ err: error, edition: id }, 'could not send an edition to be assembled');
      });
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
          const turn = await this.assembleAlone(key).catch((error: unknown) => {
            this.log.error({ err: error, edition: id }, 'could not assemble an edition');
          });
          if (turn === false) this.tryLater(key);
        } while (this.again.has(id));
      } finally {
        this.running.delete(id);
      }
    })();
    this.running.set(id, run);
    return run;
  }

  /** Another server is assembling the edition: tried again shortly, since its page may have come too late for that run. */
  private tryLater(key: EditionKey): void {
    const retry = setTimeout(() => {
      this.retries.delete(retry);
      void this.schedule(key);
    }, BUSY_RETRY_MS);
    retry.unref();
    this.retries.add(retry);
  }

  /**
   * Assembles the edition when no other server is assembling it (false when one
   * is); resolves with what follows the edition made live, if it was.
   */
  private async assembleAlone(key: EditionKey): Promise<false | { followUp?: Promise<void> }> {
    const now = this.now();
    const until = new Date(now.getTime() + ASSEMBLY_TURN_MS);
    if (!(await this.incoming.takeAssemblyTurn(key, this.holder, now, until))) return false;
    try {
      return await this.assemble(key);
    } finally {
      await this.incoming.endAssemblyTurn(key, this.holder);
    }
  }

  /**
   * A worker's `edition.assemble` job: one assembly of the edition, after the
   * turn of another worker assembling it ends (turns free themselves after
   * ASSEMBLY_TURN_MS, within the job's time), and its zoom images, AVIF previews
   * and search rows, so that a worker killed half way leaves a job that is run
   * again rather than a live issue that never gets them. A run again publishes
   * afresh under a new run prefix; readers see one issue or the other.
   */
  async runJob(key: EditionKey, options: { now: boolean }): Promise<void> {
    const id = keyText(key);
    if (options.now) this.releaseNow.add(id);
    const giveUpAt = Date.now() + ASSEMBLY_TURN_MS + BUSY_RETRY_MS * 5;
    for (;;) {
      const turn = await this.assembleAlone(key);
      if (turn !== false) {
        await turn.followUp;
        return;
      }
      if (Date.now() > giveUpAt) throw new Error(`${id} stayed busy; the job is tried again`);
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  }

  /** Stops retries and waits for assemblies in progress (shutdown). */
  async stop(): Promise<void> {
    for (const retry of this.retries) clearTimeout(retry);
    this.retries.clear();
    await this.idle();
  }

  /** Every assembly in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.following.size > 0)
      await Promise.all([...this.running.values(), ...this.following]);
  }

  /**
   * Resolves with what follows the edition made live (its later images), when it
   * was: in an object, since an async function returning a promise would wait for it.
   */
  private async assemble(key: EditionKey): Promise<{ followUp?: Promise<void> }> {
    if (!isBrandCode(key.brand)) return {};
    const brand: BrandCode = key.brand;
    const pages = await this.incoming.latestPages(key);
    const facts = await this.editions.findEditionFacts(brand, key.editionNumber);
    const standing = await this.incoming.standing(key);
    const override = standing?.overrideReason ?? null;
    const expected = facts?.pageCount ?? Math.max(0, ...pages.map((p) => p.pageNo));
    const now = this.now();
    const asked = this.releaseNow.delete(keyText(key));
    const heldUntil = standing?.releaseAt ?? null;
    if (heldUntil !== null && heldUntil > now && !asked) {
      // An editor holds it past the usual time: it waits, unassembled, for the check at that time.
      await this.incoming.setStanding(
        key,
        { state: 'scheduled', detail: this.editions.publisherClock(heldUntil).text },
        now,
      );
      return {};
    }
    if (pages.length < expected && override === null && !asked) {
      await this.incoming.setStanding(
        key,
        { state: 'receiving', detail: `${pages.length} of ${expected} pages` },
        now,
      );
      // Each page is read as it arrives and kept by its file's hash: assembling the
      // edition then reads only what changed. A page that cannot be read fails the
      // edition when it is assembled, with ingest's words.
      await this.publisher
        .preparePages(
          { brand, date: key.date, editionNumber: key.editionNumber },
          pages.map((p) => ({ pageNo: p.pageNo, file: p.storedPath, sha256: p.sha256 })),
        )
        .catch((error: unknown) => {
          this.log.warn({ err: error, edition: keyText(key) }, 'could not read a page');
        });
      return {};
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
      const published = await this.publisher.publishEdition({
        brand,
        date: key.date,
        editionNumber: key.editionNumber,
        files: pages.map((p) => p.storedPath),
        hashes: pages.map((p) => p.sha256),
        retiredHashes: await this.incoming.pageHashes(key),
        // Live once readers can see every page; zoom images, AVIF previews and
        // search rows follow.
        background: true,
        accept: (found) => {
          ingested = found;
          if (override !== null) return [];
          return gateRefusals({
            date: key.date,
            expected,
            tolerance: this.editions.choices(brand).missingPageTolerance,
            pages: found.map((page, index) => ({
              pageNo: pages[index]?.pageNo ?? page.pageNo,
              text: page.text,
              blank: page.blank,
              sha256: pages[index]?.sha256 ?? '',
            })),
          });
        },
      });
      this.following.add(published.followUp);
      void published.followUp.finally(() => this.following.delete(published.followUp));
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
      return { followUp: published.followUp };
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
      return {};
    }
  }

  /**
   * The release-time check, run every minute (a scheduled job) by one server at a time: an edition of
   * today still receiving pages goes out with what it has when the missing pages are
   * within the brand's tolerance, else did not make it and says why; one scheduled
   * for today is live now. False when another server has this turn.
   */
  async tick(): Promise<boolean> {
    const now = this.now();
    const turn = new Date(now.getTime() + TICK_MS - 5_000);
    if (!(await this.incoming.takeCheckTurn(this.holder, now, turn))) return false;
    const today = this.editions.latestDate();
    for (const open of await this.incoming.openStandings(today)) {
      if (open.releaseAt !== null) {
        // Held by an editor: at its time the hold ends and it is assembled through the gate.
        if (open.releaseAt > now) continue;
        await this.incoming.setReleaseAt(open, null);
        void this.schedule(open);
        continue;
      }
      if (open.state === 'scheduled') {
        await this.incoming.setStanding(open, { state: 'live', detail: null }, this.now());
        continue;
      }
      const pages = await this.incoming.latestPages(open);
      const facts = isBrandCode(open.brand)
        ? await this.editions.findEditionFacts(open.brand, open.editionNumber)
        : undefined;
      const expected = facts?.pageCount ?? Math.max(0, ...pages.map((p) => p.pageNo));
      const tolerance = isBrandCode(open.brand)
        ? this.editions.choices(open.brand).missingPageTolerance
        : 0;
      const missing = missingPages(
        expected,
        pages.map((p) => p.pageNo),
        tolerance,
      );
      if (missing === undefined && pages.length > 0) {
        // Within the brand's tolerance: it goes out with the pages it has, through the gate.
        void this.schedule(open, { now: true });
        continue;
      }
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
