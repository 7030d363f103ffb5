// Demo content for a fresh install: every brand's editions for the last seven days,
// made as real PDFs by the demo generator and published through the real ingest,
// with one day off for a festival so the holiday notice has something to show.
// The issue a reader lands on comes first, and of it the front page first: it is
// published alone as soon as it is rendered, then the whole issue replaces it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BRANDS, BRAND_CODES, addDays, calendarToday, type BrandCode } from '@folio/core';
import type { Edition } from '@folio/core';
import type { FastifyBaseLogger } from 'fastify';
import {
  issueDir,
  sameIssue,
  typesetDemoIssue,
  type DemoIssueSpec,
  type LandingHeadStart,
} from './demo-seed-head-start.ts';
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
  /** Editions with nothing to read yet (the landing one leaves with its front page). */
  pending: Array<{ publisher: string; date: string; edition: number }>;
  /** The landing issue's front page is published (alone or with its issue). */
  frontPage: boolean;
}

export interface DemoSeedResult {
  seeded: boolean;
  /** Issues, pages, articles and ads published, and how long it took. */
  issues: number;
  pages: number;
  articles: number;
  ads: number;
  ms: number;
}

export class DemoSeeder {
  private current: DemoSeedProgress = {
    state: 'idle',
    seeded: 0,
    total: 0,
    pending: [],
    frontPage: false,
  };
  /** The landing issue, once its front page is out: its whole issue keeps that page's media. */
  private landingSpec: DemoIssueSpec | undefined;

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
    return { ...this.current, pending: [...this.current.pending] };
  }

  /**
   * How far the seed is as the database tells it, for a server that does not
   * seed (JOB_RUNNER=queue: a worker seeds; decision 0040): `seeding` once a seed
   * started, `done` when it finished, with the issues published so far. The plan's
   * total and the editions still to come are the seeding worker's to know: 0 and none.
   */
  async progressFromDatabase(): Promise<DemoSeedProgress> {
    const state = await this.seeds.seedState();
    if (state === undefined)
      return { state: 'idle', seeded: 0, total: 0, pending: [], frontPage: false };
    const seeded = await this.seeds.countIssues();
    const landing = this.editions.landingIssue();
    const frontPage =
      state === 'done' ||
      (await this.seeds.issueKeys()).has(
        issueKey(landing.brand, landing.date, landing.editionNumber),
      );
    return {
      state: state === 'done' ? 'done' : 'seeding',
      seeded,
      total: state === 'done' ? seeded : 0,
      pending: [],
      frontPage,
    };
  }

  /**
   * Seeds an empty database, or finishes a seed that was interrupted (the process
   * stopped half way); a database with content of its own is left alone. The server
   * serves while this runs: editions appear one by one, today's first. A head
   * start (demo-seed-head-start.ts) is taken for the landing issue when it names it.
   */
  async seedIfEmpty(headStart?: LandingHeadStart): Promise<DemoSeedResult> {
    this.current = { state: 'seeding', seeded: 0, total: 0, pending: [], frontPage: false };
    try {
      const result = await this.seed(headStart);
      this.current.state = 'done';
      this.current.frontPage = true;
      return result;
    } catch (error) {
      this.current.state = 'failed';
      throw error;
    } finally {
      this.current.pending = [];
      await headStart?.discard();
    }
  }

  private async seed(headStart: LandingHeadStart | undefined): Promise<DemoSeedResult> {
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
    this.current.pending = queue.map((issue) => ({
      publisher: BRANDS[issue.brand].publisher,
      date: issue.date,
      edition: issue.edition.edition_number,
    }));
    this.log.info(
      { issues: queue.length, pagesPerIssue: this.plan.pagesPerIssue },
      `making ${queue.length} demo editions, today's front page first`,
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
          this.record(issue, await this.seedIssue(issue, workDir), result);
        } catch (error) {
          failure ??= error;
        }
      }
    };
    try {
      const first = queue[0];
      if (first && isLanding(first)) {
        const whole = await this.seedFrontPage(first, workDir, headStart);
        // A one-page issue is whole with its front page.
        if (whole) this.record(queue[next++] as DemoIssue, whole, result);
      } else {
        headStart?.relax();
        this.current.frontPage = true;
      }
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

  /** Counts a published issue in, for the result, GET /readyz and the log. */
  private record(issue: DemoIssue, published: PublishResult, result: DemoSeedResult): void {
    const publisher = BRANDS[issue.brand].publisher;
    const { date, edition } = issue;
    result.issues += 1;
    result.pages += published.pages;
    result.articles += published.articles;
    result.ads += published.ads;
    this.current.seeded = result.issues;
    this.current.pending = this.current.pending.filter(
      (p) => p.publisher !== publisher || p.date !== date || p.edition !== edition.edition_number,
    );
    const { total } = this.current;
    this.log.info(
      { brand: issue.brand, date, edition: edition.edition_number, done: result.issues, total },
      `demo editions ${result.issues} of ${total}`,
    );
  }

  /**
   * Publishes the landing issue's front page alone, from the head start's PDFs
   * when they are of this issue: the issue the site opens on is readable while its
   * other pages render. The whole issue replaces it next (seedIssue).
   */
  private async seedFrontPage(
    issue: DemoIssue,
    workDir: string,
    headStart: LandingHeadStart | undefined,
  ): Promise<PublishResult | undefined> {
    const spec = this.specOf(issue);
    const truth =
      headStart && sameIssue(headStart.spec, spec)
        ? await headStart.truth
        : await typesetDemoIssue(spec, path.join(workDir, 'front-page'), true);
    this.landingSpec = spec;
    const published = await this.publisher.publishEdition({
      brand: issue.brand,
      date: issue.date,
      editionNumber: spec.editionNumber,
      files: truth.files.slice(0, 1),
    });
    headStart?.relax();
    this.current.frontPage = true;
    this.current.pending = this.current.pending.slice(1);
    if (spec.pageCount <= 1) return published;
    this.log.info(
      { brand: issue.brand, date: issue.date, edition: spec.editionNumber },
      "today's front page is ready; the rest of its pages follow",
    );
    return undefined;
  }

  private specOf({ brand, date, edition }: DemoIssue): DemoIssueSpec {
    const { edition_number: editionNumber, edition_name: editionName } = edition;
    return { brand, date, editionNumber, editionName, pageCount: this.plan.pagesPerIssue };
  }

  private async seedIssue(issue: DemoIssue, workDir: string): Promise<PublishResult> {
    const spec = this.specOf(issue);
    // The landing issue's whole issue leaves its front page's media in place: a
    // reader may have that page on screen.
    const landing = sameIssue(this.landingSpec, spec);
    const truth = await typesetDemoIssue(spec, issueDir(spec, workDir));
    const published = await this.publisher.publishEdition({
      brand: issue.brand,
      date: issue.date,
      editionNumber: spec.editionNumber,
      files: truth.files,
      keepReplacedMedia: landing,
      // No reader waits on a whole seeded issue: one render per page makes every image.
      allImagesFirst: true,
    });
    await rm(issueDir(spec, workDir), { recursive: true, force: true });
    return published;
  }
}
