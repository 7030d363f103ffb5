// The first-start demo content, on a small plan: every brand's editions through the
// real generator and ingest, one holiday, and nothing redone on the next start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableDatesSchema, editionGroupsSchema, epaperDataSchema, holidayPopupSchema } from '@folio/core';
import { DEMO_HOLIDAY_MESSAGES, DemoSeeder } from '../src/modules/editions/demo-seed.ts';
import { IssueRepo } from '../src/modules/editions/issue-repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { testBackends } from './helpers/db.ts';

const NOW = new Date('2026-11-21T06:00:00Z');

describe.each(testBackends)('demo seed on $name', (backend) => {
  let t: TestApp;
  let seeder: DemoSeeder;
  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => NOW });
    seeder = new DemoSeeder(
      t.container.editions,
      new IssueRepo(t.db),
      t.container.publisher,
      t.config.publisherTz,
      () => NOW,
      t.container.log,
      { days: 3, pagesPerIssue: 1, holidayDaysAgo: 1 },
    );
  });
  afterAll(async () => t.close());

  it('publishes every edition of both brands except on the holiday', async () => {
    const result = await seeder.seedIfEmpty();
    // 2 brands x 3 editions x (3 days - 1 holiday)
    expect(result).toMatchObject({ seeded: true, issues: 12, pages: 12 });

    for (const publisher of ['DH', 'PV']) {
      const groups = editionGroupsSchema.parse((await t.app.inject(`/api/epaper/editions?publisher=${publisher}`)).json());
      for (const edition of groups.flatMap((g) => g.editions)) {
        const res = await t.app.inject(`/api/epaper/data?date=20261121&edition=${edition.edition_number}&publisher=${publisher}`);
        expect(res.statusCode).toBe(200);
        expect(epaperDataSchema.parse(res.json()).sections.flatMap((s) => s.pages)).toHaveLength(1);
      }
      const { dates } = availableDatesSchema.parse(
        (await t.app.inject(`/api/epaper/available-dates?month=11&year=2026&publisher=${publisher}`)).json(),
      );
      expect(dates.filter((d) => d.hasData).map((d) => d.date)).toEqual(['2026-11-19', '2026-11-21']);
    }
    const holiday = holidayPopupSchema.parse((await t.app.inject('/api/pop-up/by-date?date=20261120&publisher=PV')).json());
    expect(holiday).toEqual([{ date: '2026-11-20', holiday_message: DEMO_HOLIDAY_MESSAGES.pv }]);
  });

  it('does nothing once the database has issues', async () => {
    expect(await seeder.seedIfEmpty()).toMatchObject({ seeded: false, issues: 0 });
  });
});
