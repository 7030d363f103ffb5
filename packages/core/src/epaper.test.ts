import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import {
  PAGE_IMAGE_WIDTHS,
  adHotspotSchema,
  articleHotspotSchema,
  availableDatesQuerySchema,
  availableDatesSchema,
  editionDateParam,
  editionGroupsSchema,
  editionNumberParam,
  editionsQuerySchema,
  epaperDataQuerySchema,
  epaperDataSchema,
  errorBodySchema,
  holidayPopupSchema,
  holidayQuerySchema,
  hotspotBoxSchema,
  pageSchema,
  publisherParam,
  siteConfigSchema,
} from './epaper.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

const box = { top: 10.5, left: 2, width: 40, height: 25.25 };
const article = { ...box, id: 'a1', htmlFile: 'articles/a1.html', title: 'Rains lash the city' };
const ad = { ...box, id: 'ad1', imgFile: 'ads/ad1.png' };
const page = {
  displayName: 'Page 1',
  name: 'page-01',
  pageNo: 1,
  image: '/media/dh/2026-11-21/2/page-01.webp',
  imgFile: 'page-01.webp',
  zoomFile: 'page-01-zoom.webp',
  imgThumbFile: 'page-01-thumb.webp',
  imgPreviewFile: 'page-01-preview.webp',
  pdfFile: 'page-01.pdf',
  width: 1200,
  height: 1920,
  articles: [article],
  ads: [ad],
  locked: false,
};
const edition = { id: 7, edition_number: 2, edition_name: 'Bengaluru' };

describe('content API shapes (spec 1 §3, §7)', () => {
  it('makes reading, zoom and thumbnail images 1200, 1800 and 200 pixels wide', () => {
    expect(PAGE_IMAGE_WIDTHS).toEqual({ preview: 400, reading: 1200, zoom: 1800, thumb: 200 });
  });

  it('keeps every field of a page with its hotspots', () => {
    expect(hotspotBoxSchema.parse(box)).toEqual(box);
    expect(articleHotspotSchema.parse(article)).toEqual(article);
    expect(adHotspotSchema.parse(ad)).toEqual(ad);
    expect(pageSchema.parse(page)).toEqual(page);
  });

  it('refuses a page number or image size that is not a whole number', () => {
    expect(pageSchema.safeParse({ ...page, pageNo: 1.5 }).success).toBe(false);
    expect(pageSchema.safeParse({ ...page, width: 1200.5 }).success).toBe(false);
    expect(pageSchema.safeParse({ ...page, height: 0.5 }).success).toBe(false);
  });

  it('keeps every field of an edition, its groups and its data', () => {
    const groups = [{ parent_edition: 'Karnataka', editions: [edition] }];
    expect(editionGroupsSchema.parse(groups)).toEqual(groups);
    const data = {
      date: '2026-11-21',
      edition,
      data_url_suffix: '/media/dh/2026-11-21/2/',
      html_url_suffix: '/media/dh/2026-11-21/2/articles/',
      sections: [{ name: 'Main', pages: [page] }],
    };
    expect(epaperDataSchema.parse(data)).toEqual(data);
  });

  it('keeps the calendar, holiday, site and error answers whole', () => {
    const dates = { dates: [{ date: '2026-11-21', hasData: true, holiday: false }] };
    expect(availableDatesSchema.parse(dates)).toEqual(dates);
    const holidays = [{ date: '2026-11-14', holiday_message: 'No edition today: Children’s Day.' }];
    expect(holidayPopupSchema.parse(holidays)).toEqual(holidays);
    const config = {
      brand: 'pv',
      publisher: 'PV',
      timeZone: 'Asia/Kolkata',
      today: '2026-11-21',
      googleClientId: null,
      gtmId: null,
      freeEdition: 4,
    };
    expect(siteConfigSchema.parse(config)).toEqual(config);
    expect(siteConfigSchema.safeParse({ ...config, freeEdition: 0 }).success).toBe(false);
    expect(siteConfigSchema.parse({ ...config, brand: 'dh', googleClientId: 'id.apps' })).toEqual({
      ...config,
      brand: 'dh',
      googleClientId: 'id.apps',
    });
    expect(siteConfigSchema.safeParse({ ...config, brand: 'xx' }).success).toBe(false);
    expect(errorBodySchema.parse({ status: 'ERROR', message: 'Not found' })).toEqual({
      status: 'ERROR',
      message: 'Not found',
    });
    expect(errorBodySchema.safeParse({ status: 'OK', message: 'Not found' }).success).toBe(false);
  });
});

describe('content query parameters (spec 1 §7)', () => {
  it('resolves the publisher to its brand in any case', () => {
    expect(publisherParam.parse('DH')).toBe(BRANDS.dh);
    expect(publisherParam.parse('pv')).toBe(BRANDS.pv);
  });

  it('names a missing or unknown publisher', () => {
    expect(messagesOf(publisherParam.safeParse(undefined))).toEqual(['publisher is required']);
    expect(messagesOf(publisherParam.safeParse('XX'))).toEqual(['Unknown publisher "XX"']);
  });

  it('reports its own refusals as custom zod issues', () => {
    const custom = (message: string) => [{ code: 'custom', message, path: [] }];
    expect(publisherParam.safeParse('XX').error?.issues).toMatchObject(
      custom('Unknown publisher "XX"'),
    );
    expect(editionDateParam.safeParse('2026-02-30').error?.issues).toMatchObject(
      custom('Invalid date "2026-02-30": expected YYYYMMDD or YYYY-MM-DD'),
    );
    expect(editionDateParam.safeParse('20200531').error?.issues).toMatchObject(
      custom('Dates before 1 June 2020 are not available'),
    );
  });

  it('takes a date as yyyyMMdd or yyyy-MM-dd and answers yyyy-MM-dd', () => {
    expect(editionDateParam.parse('20261121')).toBe('2026-11-21');
    expect(editionDateParam.parse('2026-11-21')).toBe('2026-11-21');
  });

  it('names a missing or malformed date', () => {
    expect(messagesOf(editionDateParam.safeParse(undefined))).toEqual(['date is required']);
    expect(messagesOf(editionDateParam.safeParse('21-11-2026'))).toEqual([
      'Invalid date "21-11-2026": expected YYYYMMDD or YYYY-MM-DD',
    ]);
    expect(messagesOf(editionDateParam.safeParse('20260230'))).toEqual([
      'Invalid date "20260230": expected YYYYMMDD or YYYY-MM-DD',
    ]);
  });

  it('starts the archive on 1 June 2020', () => {
    expect(editionDateParam.parse('20200601')).toBe('2020-06-01');
    expect(messagesOf(editionDateParam.safeParse('20200531'))).toEqual([
      'Dates before 1 June 2020 are not available',
    ]);
    expect(messagesOf(editionDateParam.safeParse('2019-12-31'))).toEqual([
      'Dates before 1 June 2020 are not available',
    ]);
  });

  it('takes an edition as a positive whole number, also as text', () => {
    expect(editionNumberParam.parse('2')).toBe(2);
    expect(editionNumberParam.parse(1)).toBe(1);
    expect(editionNumberParam.parse('2147483647')).toBe(2147483647);
    for (const bad of ['0', '-1', '1.5', 'two', '2147483648']) {
      expect(messagesOf(editionNumberParam.safeParse(bad)), bad).toEqual([
        'edition must be a whole number from 1 to 2147483647',
      ]);
    }
  });

  it('reads a whole e-paper data query', () => {
    expect(
      epaperDataQuerySchema.parse({ date: '20261121', edition: '4', publisher: 'PV' }),
    ).toEqual({
      date: '2026-11-21',
      edition: 4,
      publisher: BRANDS.pv,
    });
    expect(editionsQuerySchema.parse({ publisher: 'DH' })).toEqual({ publisher: BRANDS.dh });
  });

  it('takes months 1 to 12 only', () => {
    const query = (month: string) =>
      availableDatesQuerySchema.safeParse({ month, year: '2026', publisher: 'DH' });
    expect(query('1').data).toEqual({ month: 1, year: 2026, publisher: BRANDS.dh });
    expect(query('12').data).toEqual({ month: 12, year: 2026, publisher: BRANDS.dh });
    for (const bad of ['0', '13', '1.5', 'May']) {
      expect(messagesOf(query(bad)), bad).toEqual(['month must be a whole number from 1 to 12']);
    }
  });

  it('takes years from 2020 to 9999 only', () => {
    const query = (year: string) =>
      availableDatesQuerySchema.safeParse({ month: '6', year, publisher: 'PV' });
    expect(query('2020').data).toEqual({ month: 6, year: 2020, publisher: BRANDS.pv });
    expect(query('9999').data).toEqual({ month: 6, year: 9999, publisher: BRANDS.pv });
    for (const bad of ['2019', '10000', '2020.5', 'this year']) {
      expect(messagesOf(query(bad)), bad).toEqual(['year must be a whole number from 2020']);
    }
  });

  it('asks for the holiday of a date, with or without a publisher', () => {
    expect(holidayQuerySchema.parse({ date: '20261114' })).toEqual({ date: '2026-11-14' });
    expect(holidayQuerySchema.parse({ date: '20261114', publisher: 'dh' })).toEqual({
      date: '2026-11-14',
      publisher: BRANDS.dh,
    });
    expect(messagesOf(holidayQuerySchema.safeParse({}))).toEqual(['date is required']);
  });
});
