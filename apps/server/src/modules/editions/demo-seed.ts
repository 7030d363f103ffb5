// Demo content for a fresh install: every brand's editions for the last seven days,
// made as real PDFs by the demo generator and published through the real ingest,
// with one day off for a festival so the holiday notice has something to show.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BRANDS,
  BRAND_CODES,
  addDays,
  calendarToday,
  type BrandCode,
  type Edition,
} from '@folio/core';
import { generateDemoEditionInWorker } from '@folio/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { issueKey, type DemoSeedRepo } from './demo-seed-repo.ts';
import type { PublishResult, PublishService } from './publish-service.ts';
import type { EditionService } from './service.ts';

export interface DemoPlan {
  /**
   * Today's edition and the days before it (from midnight to 06:00, when today's
   * edition is yesterday's date, the next day's is published as well).
   */
  days: number;
  pagesPerIssue: number;
  /** Days before today's edition of the holiday; never 0, so the landing edition exists. */
  holidayDaysAgo: number;
}

interface DemoIssue {
  brand: BrandCode;
  date: string;
  edition: Edition;
}

const ISSUES_IN_FLIGHT = 2;

export const DEFAULT_DEMO_PLAN: DemoPlan = { days: 7, pagesPerIssue: 8, holidayDaysAgo: 3 };

export const DEMO_HOLIDAY_MESSAGES: Record<BrandCode, string> = {
  dh: 'No edition today on account of Deepavali. We will be back tomorrow.',
  pv: 'ದೀಪಾವಳಿ ಹಬ್ಬದ ಪ್ರಯುಕ್ತ ಇಂದು ಪತ್ರಿಕೆ ಪ್ರಕಟವಾಗಿಲ್ಲ. ನಾಳೆ ಮತ್ತೆ ಭೇಟಿಯಾಗೋಣ.',
};

/**
 * How far this process's seed is (GET /readyz): `idle` before a seed was asked for
 * (SEED_DEMO=false), `seeding` while editions are published, `done` when nothing is
 * left to publish, `failed` when an edition could not be made. `seeded` of `total`
 * counts the editions this run publishes.
 */
export interface DemoSeedProgress {
  state: 'idle' | 'seeding' | 'done' | 'failed';
  seeded: number;
  total: number;
}

export interface DemoSeedResult {
  seeded: boolean;
  issues: number;
  pages: number;
  articles: number;
  ads: number;
  ms: number;
}

export class DemoSeeder {
  private current: DemoSeedProgress = { state: 'idle', seeded: 0, total: 0 };

  constructor(
    private readonly editions: EditionService,
    private readonly seeds: DemoSeedRepo,
    private readonly publisher: PublishService,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly plan: DemoPlan = DEFAULT_DEMO_PLAN,
  ) {}

  progress(): DemoSeedProgress {
    return { ...this.current };
  }

  /**
   * Seeds an empty database, or finishes a seed that was interrupted (the process
   * stopped half way); a database with content of its own is left alone. The server
   * serves while this runs: editions appear one by one, today's first.
   */
  async seedIfEmpty(): Promise<DemoSeedResult> {
    this.current = { state: 'seeding', seeded: 0, total: 0 };
    try {
      const result = await this.seed();
      this.current.state = 'done';
      return result;
    } catch (error) {
      this.current.state = 'failed';
      throw error;
    }
  }

  private async seed(): Promise<DemoSeedResult> {
    const started = performance.now();
    const result: DemoSeedResult = {
      seeded: false,
      issues: 0,
      pages: 0,
      articles: 0,
      ads: 0,
      ms: 0,
    };
    const state = await this.seeds.seedState();
    if (state === 'done') return result;
    if (state === undefined && (await this.seeds.countIssues()) > 0) return result;
    await this.seeds.setSeedState('started');
    const existing = await this.seeds.issueKeys();

    // The date readers land on (before 06:00 that is yesterday's) and the days
    // before it; between midnight and 06:00 also the calendar's today, whose
    // edition comes out at 06:00, as a publisher's would be in by then.
    const today = calendarToday(this.now(), this.timeZone);
    const landing = this.editions.latestDate();
    const holiday = addDays(landing, -this.plan.holidayDaysAgo);
    const readable = Array.from({ length: this.plan.days }, (_, i) => addDays(landing, -i));
    // The landing date first, then newest first.
    const dates = (today > landing ? [today, ...readable] : readable)
      .filter((d) => d !== holiday)
      .sort((a, b) => (a === landing ? -1 : b === landing ? 1 : b.localeCompare(a)));
    // The holiday notice first: it is one row, and the date shows it from the start.
    for (const brand of BRAND_CODES)
      await this.editions.markHoliday(brand, holiday, DEMO_HOLIDAY_MESSAGES[brand]);
    // Date by date in that order, so every edition of the landing date is there earliest.
    const queue: DemoIssue[] = [];
    for (const date of dates) {
      for (const brand of BRAND_CODES) {
        for (const group of await this.editions.listEditions(BRANDS[brand])) {
          for (const edition of group.editions) {
            if (!existing.has(issueKey(brand, date, edition.edition_number)))
              queue.push({ brand, date, edition });
          }
        }
      }
    }
    // The issue the site opens on goes first and alone, with every render worker to
    // itself, so a new user sees the front page as early as possible.
    const landingIssue = this.editions.landingIssue();
    const isLanding = (issue: DemoIssue) =>
      issue.brand === landingIssue.brand &&
      issue.date === landingIssue.date &&
      issue.edition.edition_number === landingIssue.editionNumber;
    const landingAt = queue.findIndex(isLanding);
    if (landingAt > 0) queue.unshift(...queue.splice(landingAt, 1));
    this.current.total = queue.length;
    this.log.info(
      { issues: queue.length, pagesPerIssue: this.plan.pagesPerIssue },
      'seeding demo editions',
    );

    const workDir = await mkdtemp(path.join(os.tmpdir(), 'folio-demo-'));
    let next = 0;
    let failure: unknown;
    // After the landing issue, two issues in flight: while one waits on its last
    // pages or on the database, the other's pages keep every render worker busy,
    // and generating the next PDFs overlaps with rendering.
    /** Publishes queued issues one after another, `limit` of them at most. */
    const lane = async (limit = Number.POSITIVE_INFINITY) => {
      for (let done = 0; done < limit && next < queue.length && failure === undefined; done += 1) {
        const issue = queue[next++] as DemoIssue;
        try {
          const published = await this.seedIssue(issue, workDir);
          result.issues += 1;
          this.current.seeded = result.issues;
          result.pages += published.pages;
          result.articles += published.articles;
          result.ads += published.ads;
          this.log.info(
            {
              brand: issue.brand,
              date: issue.date,
              edition: issue.edition.edition_number,
              done: result.issues,
              total: queue.length,
            },
            'demo edition published',
          );
        } catch (error) {
          failure ??= error;
        }
      }
    };
    try {
      if (queue[0] && isLanding(queue[0])) await lane(1);
      await Promise.all(Array.from({ length: ISSUES_IN_FLIGHT }, () => lane()));
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    if (failure !== undefined) throw failure;
    await this.seeds.setSeedState('done');

    result.seeded = true;
    result.ms = Math.round(performance.now() - started);
    this.log.info(result, 'demo editions seeded');
    return result;
  }

  private async seedIssue(
    { brand, date, edition }: DemoIssue,
    workDir: string,
  ): Promise<PublishResult> {
    const outDir = path.join(workDir, `${brand}-${edition.edition_number}-${date}`);
    await mkdir(outDir, { recursive: true });
    const truth = await generateDemoEditionInWorker({
      brand,
      date,
      editionNumber: edition.edition_number,
      editionName: edition.edition_name,
      pageCount: this.plan.pagesPerIssue,
      outDir,
    });
    const published = await this.publisher.publishEdition({
      brand,
      date,
      editionNumber: edition.edition_number,
      files: truth.files,
    });
    await rm(outDir, { recursive: true, force: true });
    return published;
  }
}
