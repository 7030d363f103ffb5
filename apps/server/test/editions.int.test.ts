// The content API of spec 1 §7: shapes parsed with core's schemas, and every
// refusal with its exact message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  availableDatesSchema,
  editionGroupsSchema,
  epaperDataSchema,
  errorBodySchema,
  holidayPopupSchema,
} from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue, type InsertedIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

// 06:00 UTC on 21 Nov 2026 is 11:30 in Kolkata: the 21st's edition is out.
const NOW = new Date('2026-11-21T06:00:00Z');

describe.each(testBackends)('content API on $name', (backend) => {
  let t: TestApp;
  let issue: InsertedIssue;

  /** A subscriber whose plan opens every edition and date: these tests are about shapes. */
  let cookie = '';
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const expectRefusal = async (url: string, statusCode: number, message: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(statusCode);
    expect(errorBodySchema.parse(res.json())).toEqual({ status: 'ERROR', message });
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => NOW });
    issue = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: '2026-11-20',
      sections: ['Front Page', 'City', 'City'],
    });
    await insertIssue(t, { brand: 'dh', editionNumber: 3, date: '2026-11-21' });
    await insertIssue(t, { brand: 'pv', editionNumber: 4, date: '2026-11-19' });
    // Published ahead of time: must stay invisible until its day.
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-22' });
    ({ cookie } = await signInAsSubscriber(t));
    await t.container.editions.markHoliday(
      'dh',
      '2026-11-18',
      'No edition today on account of Kannada Rajyotsava.',
    );
  });
  afterAll(async () => t.close());

  describe('GET /api/epaper/editions', () => {
    it('lists edition groups in order, free edition first', async () => {
      const res = await get('/api/epaper/editions?publisher=DH');
      expect(res.statusCode).toBe(200);
      const groups = editionGroupsSchema.parse(res.json());
      expect(
        groups.map((g) => [g.parent_edition, g.editions.map((e) => e.edition_number)]),
      ).toEqual([
        ['Bengaluru', [2]],
        ['Karnataka', [3, 5]],
      ]);
      expect(groups[0]?.editions[0]).toMatchObject({
        edition_number: 2,
        edition_name: 'Bengaluru City',
      });
    });

    it('accepts the publisher code in any case and keeps brands apart', async () => {
      const groups = editionGroupsSchema.parse(
        (await get('/api/epaper/editions?publisher=pv')).json(),
      );
      expect(groups.flatMap((g) => g.editions.map((e) => e.edition_number))).toEqual([4, 6, 7]);
    });

    it('refuses a missing or unknown publisher', async () => {
      await expectRefusal('/api/epaper/editions', 400, MESSAGES.publisherRequired);
      await expectRefusal(
        '/api/epaper/editions?publisher=XX',
        400,
        MESSAGES.unknownPublisher('XX'),
      );
    });
  });

  describe('GET /api/epaper/data', () => {
    it('returns the edition with sections, pages and hotspots', async () => {
      const res = await get('/api/epaper/data?date=20261120&edition=2&publisher=DH');
      expect(res.statusCode).toBe(200);
      const data = epaperDataSchema.parse(res.json());
      expect(data.date).toBe('2026-11-20');
      expect(data.edition).toMatchObject({ edition_number: 2, edition_name: 'Bengaluru City' });
      expect(data.data_url_suffix).toBe(`/media/${issue.mediaPrefix}`);
      expect(data.html_url_suffix).toBe(`/media/${issue.mediaPrefix}`);
      expect(data.sections.map((s) => [s.name, s.pages.map((p) => p.pageNo)])).toEqual([
        ['Front Page', [1]],
        ['City', [2, 3]],
      ]);
      const front = data.sections[0]?.pages[0];
      expect(front).toMatchObject({
        pageNo: 1,
        name: '01 FRONT PAGE',
        displayName: 'Page 1',
        imgFile: 'p01.webp',
        image: `/media/${issue.mediaPrefix}p01.webp`,
        zoomFile: 'p01-zoom.webp',
        imgThumbFile: 'p01-thumb.webp',
        imgPreviewFile: 'p01-preview.webp',
        pdfFile: 'p01.pdf',
        locked: false,
        width: 1200,
        height: 1900,
      });
      expect(front?.articles).toEqual([
        {
          id: 'dh-20261120-2-01-01',
          htmlFile: 'p01-a01.html',
          title: 'Story on page 1',
          top: 10.5,
          left: 5.25,
          width: 40,
          height: 30.125,
        },
      ]);
      expect(front?.ads).toEqual([
        {
          id: 'dh-20261120-2-01-ad-01',
          imgFile: 'p01-ad01.png',
          top: 80,
          left: 0,
          width: 100,
          height: 20,
        },
      ]);
    });

    it('accepts yyyy-MM-dd dates too, and the page image it names is served', async () => {
      const data = epaperDataSchema.parse(
        (await get('/api/epaper/data?date=2026-11-20&edition=2&publisher=DH')).json(),
      );
      const image = await get(data.sections[0]?.pages[0]?.image ?? '');
      expect(image.statusCode).toBe(200);
    });

    it('refuses bad input naming the problem', async () => {
      await expectRefusal('/api/epaper/data?edition=2&publisher=DH', 400, MESSAGES.dateRequired);
      await expectRefusal(
        '/api/epaper/data?date=20261131&edition=2&publisher=DH',
        400,
        MESSAGES.badDate('20261131'),
      );
      await expectRefusal(
        '/api/epaper/data?date=20200531&edition=2&publisher=DH',
        400,
        MESSAGES.beforeArchive,
      );
      await expectRefusal(
        '/api/epaper/data?date=20261120&edition=two&publisher=DH',
        400,
        MESSAGES.badEdition,
      );
      await expectRefusal(
        '/api/epaper/data?date=20261120&edition=2',
        400,
        MESSAGES.publisherRequired,
      );
      await expectRefusal(
        '/api/epaper/data?date=20261120&edition=2&publisher=ZZ',
        400,
        MESSAGES.unknownPublisher('ZZ'),
      );
      await expectRefusal(
        '/api/epaper/data?date=20261120&edition=9&publisher=DH',
        400,
        MESSAGES.unknownEdition(9, 'DH'),
      );
      // Edition 4 exists, but for the other brand.
      await expectRefusal(
        '/api/epaper/data?date=20261120&edition=4&publisher=DH',
        400,
        MESSAGES.unknownEdition(4, 'DH'),
      );
    });

    it('answers 404 No Edition Available for a date without the edition', async () => {
      await expectRefusal(
        '/api/epaper/data?date=20261119&edition=2&publisher=DH',
        404,
        MESSAGES.noEditionAvailable,
      );
      await expectRefusal(
        '/api/epaper/data?date=20261120&edition=5&publisher=DH',
        404,
        MESSAGES.noEditionAvailable,
      );
    });

    it("answers a holiday with no pages and no error: the publisher's word that no paper came out", async () => {
      // 18 Nov is DH's holiday (no issue); PV has none that day.
      const res = await get('/api/epaper/data?date=20261118&edition=2&publisher=DH');
      expect(res.statusCode, res.body).toBe(200);
      expect(epaperDataSchema.parse(res.json())).toMatchObject({
        date: '2026-11-18',
        edition: { edition_number: 2 },
        sections: [],
      });
      await expectRefusal(
        '/api/epaper/data?date=20261118&edition=4&publisher=PV',
        404,
        MESSAGES.noEditionAvailable,
      );
    });

    it('never returns a future edition, even when it is already stored', async () => {
      await expectRefusal(
        '/api/epaper/data?date=20261122&edition=2&publisher=DH',
        404,
        MESSAGES.noEditionAvailable,
      );
    });
  });

  describe('GET /api/epaper/available-dates', () => {
    it('lists every day of the month up to today with whether any edition exists and holidays', async () => {
      const res = await get('/api/epaper/available-dates?month=11&year=2026&publisher=DH');
      expect(res.statusCode).toBe(200);
      const { dates } = availableDatesSchema.parse(res.json());
      expect(dates).toHaveLength(21);
      expect(dates[0]).toEqual({ date: '2026-11-01', hasData: false, holiday: false });
      expect(dates.at(-1)).toEqual({ date: '2026-11-21', hasData: true, holiday: false });
      expect(dates.filter((d) => d.holiday).map((d) => d.date)).toEqual(['2026-11-18']);
      expect(dates.filter((d) => d.hasData).map((d) => d.date)).toEqual([
        '2026-11-20',
        '2026-11-21',
      ]);
    });

    it('lists whole past months, nothing for future ones, and keeps brands apart', async () => {
      const october = availableDatesSchema.parse(
        (await get('/api/epaper/available-dates?month=10&year=2026&publisher=DH')).json(),
      );
      expect(october.dates).toHaveLength(31);
      const december = availableDatesSchema.parse(
        (await get('/api/epaper/available-dates?month=12&year=2026&publisher=DH')).json(),
      );
      expect(december.dates).toEqual([]);
      const pv = availableDatesSchema.parse(
        (await get('/api/epaper/available-dates?month=11&year=2026&publisher=PV')).json(),
      );
      expect(pv.dates.filter((d) => d.hasData).map((d) => d.date)).toEqual(['2026-11-19']);
    });

    it('refuses a bad month or year', async () => {
      await expectRefusal(
        '/api/epaper/available-dates?month=13&year=2026&publisher=DH',
        400,
        MESSAGES.badMonth,
      );
      await expectRefusal(
        '/api/epaper/available-dates?month=11&year=1999&publisher=DH',
        400,
        MESSAGES.badYear,
      );
    });
  });

  describe('GET /api/pop-up/by-date', () => {
    it('returns the holiday message for a holiday and nothing otherwise', async () => {
      const holiday = holidayPopupSchema.parse(
        (await get('/api/pop-up/by-date?date=20261118')).json(),
      );
      expect(holiday).toEqual([
        {
          date: '2026-11-18',
          holiday_message: 'No edition today on account of Kannada Rajyotsava.',
        },
      ]);
      expect(
        holidayPopupSchema.parse((await get('/api/pop-up/by-date?date=2026-11-17')).json()),
      ).toEqual([]);
      expect(
        holidayPopupSchema.parse(
          (await get('/api/pop-up/by-date?date=20261118&publisher=PV')).json(),
        ),
      ).toEqual([]);
    });

    it('refuses a bad date', async () => {
      await expectRefusal('/api/pop-up/by-date?date=tomorrow', 400, MESSAGES.badDate('tomorrow'));
    });
  });
});
