// Article search (issue 9 parts 2 and 3, spec 2 §7 GET epaper/search): the index
// written in the publish transaction, ranking, paging, filters, locked hits without
// their text, bad input, and Kannada recall@10 over a test set in the demo copy's
// vocabulary (exact words, other vowel signs and endings, Latin letters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANDS,
  MAX_SEARCH_QUERY_LENGTH,
  SEARCH_TEXT,
  errorBodySchema,
  searchResponseSchema,
  type BrandCode,
  type SearchHit,
} from '@folio/core';
import { IssueRepo, type IssuePageInput } from '../src/modules/editions/issue-repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { pageFiles } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

// 06:00 UTC on 21 Nov 2026 is 11:30 in Kolkata: the 21st's editions are out.
const NOW = new Date('2026-11-21T06:00:00Z');

type ArticleSpec = [id: string, title: string, body: string];

function pageOf(pageNo: number, articles: ArticleSpec[]): IssuePageInput {
  const nn = String(pageNo).padStart(2, '0');
  return {
    pageNo,
    section: pageNo === 1 ? 'Front Page' : 'City',
    name: `${nn} PAGE`,
    displayName: `Page ${pageNo}`,
    ...pageFiles(pageNo),
    width: 1200,
    height: 1900,
    articles: articles.map(([id, title, bodyText], index) => ({
      id,
      title,
      bodyText,
      htmlFile: `p${nn}-a${String(index + 1).padStart(2, '0')}.html`,
      box: { top: 10 + index * 20, left: 5, width: 40, height: 18 },
    })),
    ads: [],
  };
}

async function publish(
  t: TestApp,
  brand: BrandCode,
  editionNumber: number,
  date: string,
  pages: ArticleSpec[][],
): Promise<void> {
  const edition = await t.container.editions.requireEdition(BRANDS[brand], editionNumber);
  await new IssueRepo(t.db).replaceIssue(
    { brand, editionId: edition.id, date },
    `editions/${brand}/${date}/${editionNumber}/run-${Math.random().toString(36).slice(2)}/`,
    pages.map((articles, index) => pageOf(index + 1, articles)),
  );
}

const LONG_BODY =
  'Commuters crowded the platforms on the first morning. ' +
  'Officials said trains would run every four minutes at peak hours, and the fare card ' +
  'works across buses as well. Shops near the stations expect more customers. ' +
  'The new metro stretch links the tech parks with the old town, and a feeder bus ' +
  'service starts next week from the last station to the villages beyond it.';

/** Kannada articles in the demo copy's vocabulary (packages/ingest/src/demo/copy-kn.ts). */
const KANNADA: ArticleSpec[] = [
  [
    'kn-01',
    'ಬೆಂಗಳೂರು ಮೆಟ್ರೊ ಯೋಜನೆಗೆ ಒಪ್ಪಿಗೆ',
    'ಬೆಂಗಳೂರಿನಲ್ಲಿ ಮೆಟ್ರೊ ಕಾಮಗಾರಿ ೧೮ ತಿಂಗಳಲ್ಲಿ ಪೂರ್ಣಗೊಳ್ಳಲಿದೆ ಎಂದು ಅಧಿಕಾರಿಗಳು ತಿಳಿಸಿದರು.',
  ],
  ['kn-02', 'ಮೈಸೂರು ಕೆರೆ ಪುನಶ್ಚೇತನ ಕಾಮಗಾರಿಗೆ ಚಾಲನೆ', 'ಮೈಸೂರಿನ ಕೆರೆಗಳು ಮಳೆಗಾಲದ ನಂತರ ಭರ್ತಿಯಾಗಲಿವೆ.'],
  ['kn-03', 'ಹುಬ್ಬಳ್ಳಿ ನಗರದಲ್ಲಿ ಸಂಚಾರ ದಟ್ಟಣೆ', 'ಪೊಲೀಸರು ಸಂಚಾರ ಮಾರ್ಗ ಬದಲಾವಣೆ ಮಾಡಿದ್ದಾರೆ.'],
  ['kn-04', 'ಮಂಗಳೂರು ಆಸ್ಪತ್ರೆ ಯೋಜನೆಗೆ ಒಪ್ಪಿಗೆ', 'ಜಿಲ್ಲೆಯ ೪೦ ಗ್ರಾಮಗಳಿಗೆ ಈ ಯೋಜನೆಯಿಂದ ಅನುಕೂಲವಾಗಲಿದೆ.'],
  ['kn-05', 'ಬೆಳಗಾವಿ ಜಿಲ್ಲೆಯಲ್ಲಿ ಕೃಷಿ ಮೇಳ', 'ಕೃಷಿ ಇಲಾಖೆಯ ತಜ್ಞರು ರೈತರಿಗೆ ಸಲಹೆ ನೀಡಿದರು.'],
  ['kn-06', 'ಕಲಬುರಗಿ ವಿದ್ಯಾರ್ಥಿಗಳಿಗೆ ಉಚಿತ ಬಸ್ ಪಾಸ್', 'ವಿದ್ಯಾರ್ಥಿಗಳು ಮತ್ತು ಶಿಕ್ಷಕರು ಅಭಿಯಾನದಲ್ಲಿ ಪಾಲ್ಗೊಂಡರು.'],
  ['kn-07', 'ತುಮಕೂರು ಮೇಲ್ಸೇತುವೆ ಕಾಮಗಾರಿಗೆ ಚಾಲನೆ', 'ಮೇಲ್ಸೇತುವೆ ಕಾಮಗಾರಿಗೆ ೧೨೦ ಕೋಟಿ ವೆಚ್ಚವಾಗಲಿದೆ.'],
  ['kn-08', 'ಉಡುಪಿ ಕುಡಿಯುವ ನೀರು ಯೋಜನೆ', 'ಕುಡಿಯುವ ನೀರಿನ ಸಮಸ್ಯೆ ಪರಿಹಾರಕ್ಕೆ ಉಡುಪಿ ನಗರಸಭೆಯಿಂದ ಹೊಸ ಕ್ರಿಯಾಯೋಜನೆ.'],
  ['kn-09', 'ಶಿವಮೊಗ್ಗ ಸೌರ ವಿದ್ಯುತ್ ಘಟಕ ಉದ್ಘಾಟನೆ', 'ಮುಖ್ಯಮಂತ್ರಿ ಅವರು ಕಾರ್ಯಕ್ರಮವನ್ನು ಉದ್ಘಾಟಿಸಿದರು.'],
  ['kn-10', 'ದಾವಣಗೆರೆ ರಾಜಕಾಲುವೆ ಒತ್ತುವರಿ ತೆರವು', 'ಈ ಬಗ್ಗೆ ಸಾರ್ವಜನಿಕರಿಂದ ಹಲವು ದೂರುಗಳು ಬಂದಿದ್ದವು.'],
  ['kn-11', 'ಹಾಸನ: ಭಾರಿ ಮಳೆ, ೧೨ ರಸ್ತೆಗಳು ಜಲಾವೃತ', 'ಹಾಸನ ಜಿಲ್ಲೆಯಲ್ಲಿ ಶಾಲೆಗಳಿಗೆ ಎರಡು ದಿನ ರಜೆ ಘೋಷಿಸಲಾಗಿದೆ.'],
  ['kn-12', 'ಬಳ್ಳಾರಿ ಬಸ್ ನಿಲ್ದಾಣ ನವೀಕರಣ', 'ಸುಮಾರು ೧೫ ಸಾವಿರ ಪ್ರಯಾಣಿಕರು ಪ್ರತಿದಿನ ಈ ನಿಲ್ದಾಣವನ್ನು ಬಳಸುತ್ತಾರೆ.'],
  ['kn-13', 'ರಾಜ್ಯ ಸರ್ಕಾರದಿಂದ ೫೦೦ ಕೋಟಿ ಅನುದಾನ', 'ಸ್ಥಳೀಯ ವ್ಯಾಪಾರಿಗಳು ಸರ್ಕಾರದ ನಿರ್ಧಾರವನ್ನು ಸ್ವಾಗತಿಸಿದ್ದಾರೆ.'],
  ['kn-14', 'ಕ್ರಿಕೆಟ್: ಕರ್ನಾಟಕಕ್ಕೆ ೫ ವಿಕೆಟ್ ಜಯ', 'ಕ್ರೀಡಾಂಗಣದಲ್ಲಿ ಸಾವಿರಾರು ಅಭಿಮಾನಿಗಳು ಸೇರಿದ್ದರು.'],
  ['kn-15', 'ಷೇರುಪೇಟೆಯಲ್ಲಿ ಭರ್ಜರಿ ಏರಿಕೆ', 'ಕಳೆದ ವರ್ಷಕ್ಕೆ ಹೋಲಿಸಿದರೆ ಬೇಡಿಕೆ ಶೇ ೧೨ರಷ್ಟು ಹೆಚ್ಚಾಗಿದೆ.'],
  ['kn-16', 'ಚುನಾವಣೆ ಸಿದ್ಧತೆ: ಅಧಿಕಾರಿಗಳ ಸಭೆ', 'ಮುಂದಿನ ಸಭೆಯಲ್ಲಿ ಈ ವಿಷಯ ಚರ್ಚೆಗೆ ಬರಲಿದೆ.'],
  ['kn-17', 'ಹೊಸ ಕೈಗಾರಿಕಾ ನೀತಿ ಪ್ರಕಟ', 'ವಿರೋಧ ಪಕ್ಷದ ನಾಯಕರು ನೀತಿಯ ವಿಳಂಬವನ್ನು ಟೀಕಿಸಿದರು.'],
  ['kn-18', 'ರೈತರ ಮುಖದಲ್ಲಿ ಮಂದಹಾಸ', 'ಈ ಕುರಿತು ಹೈಕೋರ್ಟ್ ಸರ್ಕಾರಕ್ಕೆ ನೋಟಿಸ್ ನೀಡಿದೆ.'],
];

/** Other stories naming the same places and projects, so a query has company to beat. */
const KANNADA_COMPANY: ArticleSpec[] = [
  ['kn-20', 'ಮುಖ್ಯಮಂತ್ರಿ ಬೆಂಗಳೂರು ಭೇಟಿ ಇಂದು', 'ಮೈಸೂರು ಮತ್ತು ಮಂಗಳೂರು ಶಾಸಕರು ಸಭೆಯಲ್ಲಿ ಭಾಗವಹಿಸಿದರು.'],
  ['kn-21', 'ಉಡುಪಿ ಜಿಲ್ಲೆಯಲ್ಲಿ ಕೃಷಿ ಮೇಳ', 'ತುಮಕೂರು ಮತ್ತು ಹಾಸನದ ರೈತರು ಭಾಗವಹಿಸಿದರು.'],
  ['kn-22', 'ಕೆರೆಗಳು ಭರ್ತಿ', 'ಬೆಳಗಾವಿ, ಕಲಬುರಗಿ ಮತ್ತು ಬಳ್ಳಾರಿ ಜಿಲ್ಲೆಗಳಲ್ಲಿ ಉತ್ತಮ ಮಳೆ ಆಗಿದೆ.'],
  ['kn-23', 'ಮೆಟ್ರೊ ಪ್ರಯಾಣಿಕರ ಸಂಖ್ಯೆ ಏರಿಕೆ', 'ಶಿವಮೊಗ್ಗ ಮತ್ತು ದಾವಣಗೆರೆ ನಗರಗಳಲ್ಲಿ ಬಸ್ ಸೇವೆ ಹೆಚ್ಚಳ.'],
  ['kn-24', 'ಹುಬ್ಬಳ್ಳಿ ಬಸ್ ನಿಲ್ದಾಣ ಕಾಮಗಾರಿ', 'ಸರ್ಕಾರ ಹೊಸ ಆಸ್ಪತ್ರೆ ನಿರ್ಮಾಣಕ್ಕೆ ಹಣ ನೀಡಿದೆ.'],
];

/** Query and the article it must find among the first 10 hits. */
const KANNADA_SET: Array<[query: string, expected: string]> = [
  // The word as printed.
  ['ಬೆಂಗಳೂರು', 'kn-01'],
  ['ಮೆಟ್ರೊ', 'kn-01'],
  ['ಮೈಸೂರು', 'kn-02'],
  ['ಕೆರೆ ಪುನಶ್ಚೇತನ', 'kn-02'],
  ['ಹುಬ್ಬಳ್ಳಿ', 'kn-03'],
  ['ಆಸ್ಪತ್ರೆ', 'kn-04'],
  ['ಕೃಷಿ ಮೇಳ', 'kn-05'],
  ['ಬಸ್ ಪಾಸ್', 'kn-06'],
  ['ಮೇಲ್ಸೇತುವೆ', 'kn-07'],
  ['ಕುಡಿಯುವ ನೀರು', 'kn-08'],
  ['ಸೌರ ವಿದ್ಯುತ್', 'kn-09'],
  ['ರಾಜಕಾಲುವೆ', 'kn-10'],
  ['ಹಾಸನ', 'kn-11'],
  ['ಬಸ್ ನಿಲ್ದಾಣ', 'kn-12'],
  ['ಅನುದಾನ', 'kn-13'],
  ['ಕ್ರಿಕೆಟ್', 'kn-14'],
  ['ಷೇರುಪೇಟೆ', 'kn-15'],
  ['ಚುನಾವಣೆ', 'kn-16'],
  // Another vowel sign or ending than the one printed.
  ['ಬೆಂಗಳೂರಿನಲ್ಲಿ', 'kn-01'],
  ['ಮೆಟ್ರೋ', 'kn-01'],
  ['ಮೈಸೂರಿನಲ್ಲಿ', 'kn-02'],
  ['ಕೆರೆಗಳು', 'kn-02'],
  ['ಹುಬ್ಬಳ್ಳಿಯಲ್ಲಿ', 'kn-03'],
  ['ಮಂಗಳೂರಿನ', 'kn-04'],
  ['ಬೆಳಗಾವಿಯಲ್ಲಿ', 'kn-05'],
  ['ಕಲಬುರಗಿಯಲ್ಲಿ', 'kn-06'],
  ['ತುಮಕೂರಿಗೆ', 'kn-07'],
  ['ಉಡುಪಿಯಲ್ಲಿ', 'kn-08'],
  ['ಶಿವಮೊಗ್ಗದಲ್ಲಿ', 'kn-09'],
  ['ದಾವಣಗೆರೆಯಲ್ಲಿ', 'kn-10'],
  ['ಮಳೆಯಿಂದ', 'kn-11'],
  ['ಸರ್ಕಾರದ', 'kn-13'],
  ['ಷೇರುಪೇಟೆಗೆ', 'kn-15'],
  // Typed in Latin letters.
  ['bengaluru', 'kn-01'],
  ['metro', 'kn-01'],
  ['mysuru', 'kn-02'],
  ['kere', 'kn-02'],
  ['punashchetana', 'kn-02'],
  ['hubballi', 'kn-03'],
  ['mangaluru', 'kn-04'],
  ['belagavi', 'kn-05'],
  ['kalaburagi', 'kn-06'],
  ['tumakuru', 'kn-07'],
  ['melsethuve', 'kn-07'],
  ['udupi', 'kn-08'],
  ['kudiyuva neeru', 'kn-08'],
  ['shivamogga', 'kn-09'],
  ['davanagere', 'kn-10'],
  ['hassan', 'kn-11'],
  ['ballari', 'kn-12'],
  ['sarkara', 'kn-13'],
  ['cricket', 'kn-14'],
  ['chunavane', 'kn-16'],
  // Both scripts in one query.
  ['ಬೆಂಗಳೂರು metro', 'kn-01'],
];

describe.each(testBackends)('GET /api/epaper/search on $name', (backend) => {
  let t: TestApp;
  let subscriber = '';
  let kannadaSubscriber = '';

  const search = (params: Record<string, string | number>, cookie = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/epaper/search?${new URLSearchParams(
        Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
      headers: cookie ? { cookie } : {},
    });
  const hitsOf = async (
    params: Record<string, string | number>,
    cookie = subscriber,
  ): Promise<SearchHit[]> => {
    const res = await search({ publisher_short_code: 'DH', ...params }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return searchResponseSchema.parse(res.json()).hits;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => NOW });
    // Yesterday's Bengaluru City: one story with metro in its title, one in its body only.
    await publish(t, 'dh', 2, '2026-11-20', [
      [['dh-body', 'City budget passed after long debate', LONG_BODY]],
      [['dh-title', 'Metro line opens to Whitefield', 'Trains began running on Sunday.']],
    ]);
    // 23 harbour stories in Mysuru's edition two days back, for paging.
    await publish(t, 'dh', 3, '2026-11-19', [
      Array.from({ length: 12 }, (_, i): ArticleSpec => [
        `dh-harbour-${String(i).padStart(2, '0')}`,
        `Harbour works report ${i}`,
        'Dredging continues at the harbour.',
      ]),
      Array.from({ length: 11 }, (_, i): ArticleSpec => [
        `dh-harbour-${String(i + 12).padStart(2, '0')}`,
        `Harbour works report ${i + 12}`,
        'Dredging continues at the harbour.',
      ]),
    ]);
    // Today's free edition: its first page is open to visitors, its second is not.
    await publish(t, 'dh', 2, '2026-11-21', [
      [['dh-today-1', 'Lakes of the city revived', 'Volunteers cleared the lakes of weeds.']],
      [['dh-today-2', 'Lakes festival this weekend', 'Boat races on the revived lakes.']],
    ]);
    // Published ahead of its day: invisible until then.
    await publish(t, 'dh', 2, '2026-11-22', [[['dh-tomorrow', 'Metro fares cut', 'From Monday.']]]);
    await publish(t, 'pv', 4, '2026-11-20', [
      KANNADA.slice(0, 6),
      KANNADA.slice(6, 12),
      KANNADA_COMPANY,
    ]);
    await publish(t, 'pv', 6, '2026-11-19', [KANNADA.slice(12)]);
    ({ cookie: subscriber } = await signInAsSubscriber(t));
    ({ cookie: kannadaSubscriber } = await signInAsSubscriber(t, { brand: 'pv' }));
  });
  afterAll(async () => t.close());

  it('ranks a title match above a body match, with the page, box and edition of each', async () => {
    const hits = await hitsOf({ query: 'metro' });
    expect(hits.map((h) => h._id)).toEqual(['dh-title', 'dh-body']);
    expect(hits[0]?._source).toMatchObject({
      publisher_short_code: 'DH',
      title: 'Metro line opens to Whitefield',
      description: 'Trains began running on Sunday.',
      page_details: { pageNo: 2, name: '02 PAGE' },
      top: 10,
      left: 5,
      width: 40,
      height: 18,
      created_at: '2026-11-20',
      edition_number: 2,
      edition_name: 'Bengaluru City',
      locked: false,
    });
    expect(hits[0]?._source.htmlPath).toMatch(
      /^\/media\/editions\/dh\/2026-11-20\/2\/run-\w+\/p02-a01\.html$/,
    );
    expect(hits[0]?._source.page_details.imgFile).toMatch(/\/p02\.webp$/);
    // The body's description is the text around the match, cut at spaces.
    const body = hits[1]?._source.description ?? '';
    expect(LONG_BODY.indexOf('metro')).toBeGreaterThan(200);
    expect(body).toContain('The new metro stretch');
    expect(body.startsWith('…')).toBe(true);
    expect(body.length).toBeLessThanOrEqual(202);
  });

  it('finds words by their stem and misspelt, and never an issue ahead of its day', async () => {
    expect((await hitsOf({ query: 'metros' })).map((h) => h._id)).toContain('dh-title');
    expect((await hitsOf({ query: 'Whitefeild' })).map((h) => h._id)).toEqual(['dh-title']);
    expect((await hitsOf({ query: 'Monday' })).map((h) => h._id)).toEqual([]);
  });

  it('pages 10 at a time: exactly 10 means more may follow, fewer is the end', async () => {
    const pages: string[][] = [];
    for (const offset of [0, 10, 20]) {
      pages.push((await hitsOf({ query: 'harbour', offset, limit: 10 })).map((h) => h._id));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(new Set(pages.flat()).size).toBe(23);
    // Offsets beyond the end answer an empty page.
    expect(await hitsOf({ query: 'harbour', offset: 30 })).toEqual([]);
  });

  it('keeps to the date and edition asked for', async () => {
    expect((await hitsOf({ query: 'metro', date: '20261119' })).length).toBe(0);
    expect((await hitsOf({ query: 'metro', date: '20261120' })).length).toBe(2);
    expect((await hitsOf({ query: 'harbour', editionNo: 2 })).length).toBe(0);
    expect((await hitsOf({ query: 'harbour', editionNo: 3, date: '2026-11-19' })).length).toBe(10);
  });

  it('sends locked hits with their title and place but no text', async () => {
    const visitor = await hitsOf({ query: 'lakes' }, '');
    const byId = new Map(visitor.map((h) => [h._id, h._source]));
    // Today's free edition, first page: open to anyone.
    expect(byId.get('dh-today-1')).toMatchObject({
      locked: false,
      description: 'Volunteers cleared the lakes of weeds.',
    });
    // Its second page: the title and place only.
    const locked = byId.get('dh-today-2');
    expect(locked).toMatchObject({
      locked: true,
      description: '',
      htmlPath: '',
      title: 'Lakes festival this weekend',
      page_details: { pageNo: 2 },
    });
    expect(locked?.page_details.imgFile).toMatch(/\/p02-locked\.webp$/);
    // Yesterday's stories are locked for a visitor, and none of their text leaks.
    const res = await search({ publisher_short_code: 'DH', query: 'metro' });
    expect(res.body).not.toContain('Trains began');
    expect(res.body).not.toContain('p02-a01.html');
    expect(searchResponseSchema.parse(res.json()).hits.every((h) => h._source.locked)).toBe(true);
    // A subscriber opens them all.
    const open = await hitsOf({ query: 'lakes' });
    expect(open.every((h) => !h._source.locked && h._source.description !== '')).toBe(true);
  });

  it('refuses a missing, blank or too long query and bad paging with the words of core', async () => {
    const refused = async (params: Record<string, string | number>, message?: string) => {
      const res = await search({ publisher_short_code: 'DH', ...params });
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      const body = errorBodySchema.parse(res.json());
      if (message) expect(body.message).toBe(message);
    };
    await refused({}, SEARCH_TEXT.queryRequired);
    await refused({ query: '' }, SEARCH_TEXT.queryRequired);
    await refused({ query: '   \t ' }, SEARCH_TEXT.queryRequired);
    await refused({ query: 'm'.repeat(MAX_SEARCH_QUERY_LENGTH + 1) }, SEARCH_TEXT.queryTooLong);
    await refused({ query: 'metro', limit: 11 });
    await refused({ query: 'metro', limit: 0 });
    await refused({ query: 'metro', offset: -1 });
    await refused({ query: 'metro', offset: 'ten' });
    await refused({ query: 'metro', date: '2026-13-45' });
    await refused({ query: 'metro', editionNo: 'x' });
    const noPublisher = await search({ query: 'metro' });
    expect(noPublisher.statusCode).toBe(400);
  });

  it('answers any text a reader may type, in any script, without an error', async () => {
    for (const query of [
      '!@#$%^&*()',
      "' OR 1=1 --",
      'metro & | ! <-> :*',
      '"unterminated',
      '-metro',
      'metro:*',
      '😀🚇',
      'ಬೆಂಗಳೂರು metro',
      '\\',
      'a'.repeat(MAX_SEARCH_QUERY_LENGTH),
      'ಃ್ಂ',
      '中文 العربية',
    ]) {
      const res = await search({ publisher_short_code: 'DH', query }, subscriber);
      expect(res.statusCode, query).toBe(200);
      searchResponseSchema.parse(res.json());
      const kannada = await search({ publisher_short_code: 'PV', query }, kannadaSubscriber);
      expect(kannada.statusCode, query).toBe(200);
    }
  });

  it('drops the hits of an issue when it is published again', async () => {
    await publish(t, 'dh', 3, '2026-11-18', [[['dh-old', 'Tramway plan shelved', 'No trams.']]]);
    expect((await hitsOf({ query: 'tramway' })).map((h) => h._id)).toEqual(['dh-old']);
    await publish(t, 'dh', 3, '2026-11-18', [[['dh-new', 'Ropeway plan approved', 'Cabins.']]]);
    expect(await hitsOf({ query: 'tramway' })).toEqual([]);
    expect((await hitsOf({ query: 'ropeway' })).map((h) => h._id)).toEqual(['dh-new']);
  });

  it('finds Kannada articles by the word, another vowel sign or ending, and Latin letters: recall@10 ≥ 0.9', async () => {
    expect(KANNADA_SET.length).toBeGreaterThanOrEqual(30);
    const misses: string[] = [];
    for (const [query, expected] of KANNADA_SET) {
      const hits = await hitsOf(
        { publisher_short_code: 'PV', query, limit: 10 },
        kannadaSubscriber,
      );
      if (!hits.some((h) => h._id === expected)) misses.push(`${query} → ${expected}`);
    }
    const recall = (KANNADA_SET.length - misses.length) / KANNADA_SET.length;
    console.log(
      `Kannada search recall@10 on ${backend.name}: ${recall.toFixed(3)} (${KANNADA_SET.length} queries)` +
        (misses.length > 0 ? `; missed: ${misses.join(', ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('shows a Kannada hit the text around the matched word', async () => {
    const [hit] = await hitsOf({ publisher_short_code: 'PV', query: 'ಮೆಟ್ರೋ' }, kannadaSubscriber);
    expect(hit?._id).toBe('kn-01');
    expect(hit?._source).toMatchObject({ publisher_short_code: 'PV', edition_name: 'ಬೆಂಗಳೂರು ನಗರ' });
    expect(hit?._source.description).toContain('ಮೆಟ್ರೊ');
  });
});
