// Search reads a big archive window by window (search/newest-matches-repo.ts, decision 0021):
// the newest articles in date order first, then longer and longer runs of days,
// through the text index or in date order depending on how common the words proved.
// Whatever the windows, the answer must be the one a single read of every match
// gives: the newest candidates, ranked. Small sizes make a 600-article archive
// reach every window and both ways of reading one; a search that reads everything
// at once (a first window larger than the archive) is the reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, addDays } from '@folio/core';
import { IssueRepo, type IssuePageInput } from '../src/modules/editions/issue-repo.ts';
import { SearchRepo, type SearchFilter } from '../src/modules/search/repo.ts';
import { searchKeyOf } from '../src/modules/search/search-rows.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { pageFiles } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

const NOW = new Date('2026-11-21T06:00:00Z');
const LATEST = '2026-11-21';
const DAYS = 60;
const PER_DAY = 10;
const CANDIDATES = 35;

/** Article n's words: how common each is sets which windows a search of it reaches. */
function textOf(day: number, n: number): { title: string; body: string } {
  const words = ['city news'];
  if (n % 2 === 0) words.push('harbour'); // one in two: filled early, through the text index
  if (n % 10 === 3) words.push('tram'); // one in ten: every window
  if (day >= 30 && n % 5 === 1) words.push('lantern'); // only in the older days
  if (day >= 20 && n % 5 === 4) words.push('ferry pier'); // two words, only together, older
  return {
    title: n % 6 === 0 ? `Harbour report ${day}-${n}` : `Report ${day}-${n}`,
    body: `${words.join(' and ')} on day ${day}.`,
  };
}

function pageOf(day: number): IssuePageInput {
  return {
    pageNo: 1,
    section: 'City',
    name: '01 CITY',
    displayName: 'Page 1',
    ...pageFiles(1),
    width: 1200,
    height: 1900,
    articles: Array.from({ length: PER_DAY }, (_, i) => {
      const { title, body } = textOf(day, day * PER_DAY + i);
      return {
        id: `w-${String(day).padStart(2, '0')}-${i}`,
        title,
        bodyText: body,
        htmlFile: `p01-a${i}.html`,
        box: { top: i * 9, left: 0, width: 50, height: 9 },
      };
    }),
    ads: [],
  };
}

describe.each(testBackends)('search windows on $name', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => NOW });
    const edition = await t.container.editions.requireEdition(BRANDS.dh, 2);
    const repo = new IssueRepo(t.db);
    for (let day = 0; day < DAYS; day += 1)
      await repo.replaceIssue(
        { brand: 'dh', editionId: edition.id, date: addDays(LATEST, -day) },
        `editions/dh/${day}/`,
        [pageOf(day)],
      );
  });

  afterAll(async () => {
    await t?.close();
  });

  const filterOf = (text: string, offset: number): SearchFilter => ({
    brand: 'dh',
    language: 'en',
    text,
    key: searchKeyOf('en', text),
    latestDate: LATEST,
    date: undefined,
    editionNumber: undefined,
    offset,
    limit: 10,
  });
  const ids = async (repo: SearchRepo, text: string, offset: number) =>
    (await repo.search(filterOf(text, offset))).map((row) => row.article_id);

  it.each([
    'city', // every article: the first window fills half, the rest is read in date order
    'harbour', // one in two: later windows through the text index
    'tram', // one in ten: every window, then the rest
    'lantern', // only in the older days: the open window
    'ferry pier', // two words only found together, and only older
    'harbor', // misspelt: matched through similar words, window by window too
    'lanturn',
  ])('"%s" pages through the same ranked hits as one read of the whole archive', async (text) => {
    const windowed = new SearchRepo(t.db, { candidates: CANDIDATES, firstWindowArticles: 20 });
    const whole = new SearchRepo(t.db, { candidates: CANDIDATES, firstWindowArticles: 1_000_000 });
    let total = 0;
    for (let offset = 0; offset < CANDIDATES; offset += 10) {
      const expected = await ids(whole, text, offset);
      expect(await ids(windowed, text, offset), `${text} at ${offset}`).toEqual(expected);
      total += expected.length;
    }
    // The reference found a full set of candidates, so the windows had to be read.
    expect(total).toBe(CANDIDATES);
  });

  it('keeps the newest matches: an old article is not among them while newer ones fill the candidates', async () => {
    const windowed = new SearchRepo(t.db, { candidates: CANDIDATES, firstWindowArticles: 20 });
    const found: string[] = [];
    for (let offset = 0; offset < CANDIDATES; offset += 10)
      found.push(...(await ids(windowed, 'harbour', offset)));
    // One in two of 10 a day: 35 candidates come from the newest 7 days (w-00 to w-06).
    expect(new Set(found).size).toBe(CANDIDATES);
    expect(
      found.every((id) => Number(id.slice(2, 4)) <= 6),
      found.join(' '),
    ).toBe(true);
  });

  it('ranks title matches first, each group newest first, across windows', async () => {
    const windowed = new SearchRepo(t.db, { candidates: CANDIDATES, firstWindowArticles: 20 });
    const rows = [];
    for (let offset = 0; offset < CANDIDATES; offset += 10)
      rows.push(...(await windowed.search(filterOf('harbour', offset))));
    const inTitle = rows.map((row) => /harbour/i.test(row.title));
    // Every title match (one article in six) before every text-only match.
    expect(inTitle.indexOf(false)).toBe(inTitle.lastIndexOf(true) + 1);
    expect(inTitle.filter(Boolean).length).toBeGreaterThan(3);
    for (const group of [true, false]) {
      const days = rows.filter((_, i) => inTitle[i] === group).map((row) => row.issue_date);
      expect(days, String(group)).toEqual([...days].sort().reverse());
      expect(new Set(days).size, String(group)).toBeGreaterThan(3);
    }
  });
});
