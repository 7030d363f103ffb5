// The first-start demo content, on a small plan: every brand's editions through the
// real generator and ingest, one holiday, and nothing redone on the next start.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BRANDS,
  MAX_SEARCH_QUERY_LENGTH,
  availableDatesSchema,
  editionGroupsSchema,
  epaperDataSchema,
  holidayPopupSchema,
  searchResponseSchema,
} from '@folio/core';
import {
  DEMO_HOLIDAY_MESSAGES,
  DemoSeeder,
  type DemoPlan,
} from '../src/modules/editions/demo-seed.ts';
import { DemoSeedRepo } from '../src/modules/editions/demo-seed-repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

const NOW = new Date('2026-11-21T06:00:00Z');

/** A seeder of `app`'s content on a small plan, at `now`. */
function seederOf(app: TestApp, plan: DemoPlan, now = NOW): DemoSeeder {
  return new DemoSeeder(
    app.container.editions,
    new DemoSeedRepo(app.db),
    app.container.publisher,
    app.config.publisherTz,
    () => now,
    app.container.log,
    plan,
  );
}

describe.each(testBackends)('demo seed on $name', (backend) => {
  let t: TestApp;
  let seeder: DemoSeeder;
  beforeAll(async () => {
    // The Kannada site: its landing issue is not the first of the catalogue's order.
    t = await createTestApp(backend, { now: () => NOW, env: { BRAND: 'pv' } });
    seeder = seederOf(t, { days: 3, pagesPerIssue: 1, holidayDaysAgo: 1 });
  });
  afterAll(async () => t.close());

  it('publishes every edition of both brands except on the holiday, the landing issue first and alone', async () => {
    const publish = t.container.publisher.publishEdition.bind(t.container.publisher);
    const events: string[] = [];
    vi.spyOn(t.container.publisher, 'publishEdition').mockImplementation(async (input) => {
      const name = `${input.brand} ${input.date} ${input.editionNumber}`;
      events.push(`start ${name}`);
      const published = await publish(input);
      events.push(`end ${name}`);
      return published;
    });
    const result = await seeder.seedIfEmpty();
    // 2 brands x 3 editions x (3 days - 1 holiday)
    expect(result).toMatchObject({ seeded: true, issues: 12, pages: 12 });
    // What / opens (the site brand's default edition, today) is published before
    // any other issue starts.
    const landing = `pv 2026-11-21 ${BRANDS.pv.defaultEdition}`;
    expect(events.slice(0, 2)).toEqual([`start ${landing}`, `end ${landing}`]);
    vi.restoreAllMocks();

    for (const publisher of ['DH', 'PV']) {
      const groups = editionGroupsSchema.parse(
        (await t.app.inject(`/api/epaper/editions?publisher=${publisher}`)).json(),
      );
      for (const edition of groups.flatMap((g) => g.editions)) {
        const res = await t.app.inject(
          `/api/epaper/data?date=20261121&edition=${edition.edition_number}&publisher=${publisher}`,
        );
        expect(res.statusCode).toBe(200);
        const pages = epaperDataSchema.parse(res.json()).sections.flatMap((s) => s.pages);
        expect(pages).toHaveLength(1);
        // Published through the real ingest, every article is found by its title.
        for (const article of pages.flatMap((p) => p.articles)) {
          const found = searchResponseSchema.parse(
            (
              await t.app.inject(
                `/api/epaper/search?${new URLSearchParams({
                  query: article.title.slice(0, MAX_SEARCH_QUERY_LENGTH),
                  publisher_short_code: publisher,
                  date: '20261121',
                  editionNo: String(edition.edition_number),
                }).toString()}`,
              )
            ).json(),
          );
          expect(
            found.hits.map((h) => h._id),
            article.title,
          ).toContain(article.id);
        }
      }
      const { dates } = availableDatesSchema.parse(
        (
          await t.app.inject(
            `/api/epaper/available-dates?month=11&year=2026&publisher=${publisher}`,
          )
        ).json(),
      );
      expect(dates.filter((d) => d.hasData).map((d) => d.date)).toEqual([
        '2026-11-19',
        '2026-11-21',
      ]);
    }
    const holiday = holidayPopupSchema.parse(
      (await t.app.inject('/api/pop-up/by-date?date=20261120&publisher=PV')).json(),
    );
    expect(holiday).toEqual([{ date: '2026-11-20', holiday_message: DEMO_HOLIDAY_MESSAGES.pv }]);
  });

  it('does nothing once the seed is done', async () => {
    expect(await seeder.seedIfEmpty()).toMatchObject({ seeded: false, issues: 0 });
  });
});

describe.each(testBackends)('an interrupted demo seed on $name', (backend) => {
  let t: TestApp;
  const plan = { days: 2, pagesPerIssue: 1, holidayDaysAgo: 5 };
  const seederFor = (app: TestApp) => seederOf(app, plan);
  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => NOW });
  });
  afterAll(async () => t.close());

  it('resumes where it stopped, publishing only the missing issues', async () => {
    const repo = new DemoSeedRepo(t.db);
    await repo.setSeedState('started');
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-21' });
    const result = await seederFor(t).seedIfEmpty();
    // 2 brands x 3 editions x 2 days, less the one already there
    expect(result).toMatchObject({ seeded: true, issues: 11 });
    expect(await repo.seedState()).toBe('done');
  });

  it('leaves a database with content of its own alone', async () => {
    const other = await createTestApp(backend, { now: () => NOW });
    try {
      await insertIssue(other, { brand: 'dh', editionNumber: 2, date: '2026-11-21' });
      expect(await seederFor(other).seedIfEmpty()).toMatchObject({ seeded: false, issues: 0 });
    } finally {
      await other.close();
    }
  });
});

describe.each(testBackends)(
  'a demo seed between midnight and 06:00 in Kolkata on $name',
  (backend) => {
    // 00:30 on 22 Nov in Kolkata: readers land on the 21st's editions until 06:00.
    const NIGHT = new Date('2026-11-21T19:00:00Z');
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend, { now: () => NIGHT });
    });
    afterAll(async () => t.close());

    it("publishes the editions readers land on, and the next day's to come out at 06:00", async () => {
      const seeder = seederOf(t, { days: 1, pagesPerIssue: 1, holidayDaysAgo: 5 }, NIGHT);
      // 2 brands x 3 editions x (the 21st and the 22nd)
      expect(await seeder.seedIfEmpty()).toMatchObject({ seeded: true, issues: 12 });
      const dates = await t.db
        .selectFrom('issues')
        .select('issue_date')
        .distinct()
        .orderBy('issue_date')
        .execute();
      expect(dates.map((row) => row.issue_date)).toEqual(['2026-11-21', '2026-11-22']);
      const landing = await t.app.inject(
        `/api/epaper/data?date=20261121&edition=${BRANDS.dh.defaultEdition}&publisher=DH`,
      );
      expect(landing.statusCode, landing.body).toBe(200);
      expect(epaperDataSchema.parse(landing.json()).sections.length).toBeGreaterThan(0);
    });
  },
);
