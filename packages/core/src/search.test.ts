// Article search (spec 2 §2 "Search", §3, §7, §9): the query GET epaper/search
// takes, the hits it answers with and the search page's words.
import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import { MESSAGES } from './messages.ts';
import {
  MAX_SEARCH_OFFSET,
  MAX_SEARCH_QUERY_LENGTH,
  SEARCH_DEBOUNCE_MS,
  SEARCH_PAGE_SIZE,
  SEARCH_TEXT,
  searchHitSchema,
  searchQuerySchema,
  searchResponseSchema,
} from './search.ts';

type Result = { success: boolean; error?: { issues: { message: string }[] } };
const messagesOf = (result: Result) => result.error?.issues.map((issue) => issue.message) ?? [];

const base = { query: 'metro', publisher_short_code: 'DH' };
const search = (extra: Record<string, unknown>) =>
  searchQuerySchema.safeParse({ ...base, ...extra });

describe('search limits (spec 2 §9)', () => {
  it('pages by ten, waits 800 ms, takes 200 characters and pages 100 pages deep', () => {
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(800);
    expect(MAX_SEARCH_QUERY_LENGTH).toBe(200);
    expect(MAX_SEARCH_OFFSET).toBe(1000);
  });

  it("says the search page's words, word for word", () => {
    expect(SEARCH_TEXT).toEqual({
      placeholder: 'Search Articles...',
      start: 'Start Searching',
      searching: 'Searching...',
      noMatches: 'No Matches Found',
      noMatchesFor: "We couldn't find any articles for",
      noMatchesHint: 'Try different keywords or check your spelling',
      errorTitle: 'Search Error',
      errorText: 'Something went wrong while searching',
      tryAgain: 'Try Again',
      loadingMore: 'Loading more...',
      queryTooLong: 'Search text can be at most 200 characters.',
      queryRequired: 'Enter something to search for.',
    });
  });
});

describe('the search query', () => {
  it('resolves the publisher and fills in the first page of ten', () => {
    expect(searchQuerySchema.parse(base)).toEqual({
      query: 'metro',
      publisher_short_code: BRANDS.dh,
      offset: 0,
      limit: 10,
    });
  });

  it('trims the text and writes it in NFC, so a decomposed letter finds the composed one', () => {
    expect(search({ query: '  ಮೆಟ್ರೋ  ' })).toMatchObject({ data: { query: 'ಮೆಟ್ರೋ' } });
    expect(search({ query: '\tcafe\u0301\n' })).toMatchObject({ data: { query: 'caf\u00e9' } });
  });

  it('asks for something to search for when the text is missing, not text or only spaces', () => {
    for (const query of [undefined, 5, '', '   ', '\n\t'])
      expect(messagesOf(search({ query })), String(query)).toEqual([
        'Enter something to search for.',
      ]);
    expect(search({ query: 'x' }).success).toBe(true);
  });

  it('takes 200 characters of text and refuses 201', () => {
    expect(search({ query: 'a'.repeat(200) }).success).toBe(true);
    expect(messagesOf(search({ query: 'a'.repeat(201) }))).toEqual([
      'Search text can be at most 200 characters.',
    ]);
  });

  it('refuses an unknown or missing publisher in the content words', () => {
    expect(messagesOf(search({ publisher_short_code: 'XX' }))).toEqual([
      MESSAGES.unknownPublisher('XX'),
    ]);
    expect(messagesOf(search({ publisher_short_code: undefined }))).toEqual([
      'publisher is required',
    ]);
    expect(search({ publisher_short_code: 'pv' })).toMatchObject({
      data: { publisher_short_code: BRANDS.pv },
    });
  });

  it('narrows to one day (either date form) and one edition', () => {
    expect(search({ date: '20261120', editionNo: '3' })).toMatchObject({
      data: { date: '2026-11-20', editionNo: 3 },
    });
    expect(search({ date: '2026-11-20' })).toMatchObject({ data: { date: '2026-11-20' } });
    expect(messagesOf(search({ date: '20200531' }))).toEqual([MESSAGES.beforeArchive]);
    expect(messagesOf(search({ editionNo: '0' }))).toEqual([MESSAGES.badEdition]);
  });

  it('takes an offset from 0 to 1000 and says the range for anything else', () => {
    expect(search({ offset: '0' })).toMatchObject({ data: { offset: 0 } });
    expect(search({ offset: '1000' })).toMatchObject({ data: { offset: 1000 } });
    for (const offset of ['-1', '1001', '2.5', 'ten'])
      expect(messagesOf(search({ offset })), offset).toEqual([
        'offset must be a whole number from 0 to 1000',
      ]);
  });

  it('takes a limit from 1 to 10 and says the range for anything else', () => {
    expect(search({ limit: '1' })).toMatchObject({ data: { limit: 1 } });
    expect(search({ limit: 10 })).toMatchObject({ data: { limit: 10 } });
    for (const limit of ['0', '11', '1.5', 'all'])
      expect(messagesOf(search({ limit })), limit).toEqual([
        'limit must be a whole number from 1 to 10',
      ]);
  });
});

describe('search hits', () => {
  const hit = {
    _id: 'dh-2026-11-20-2-a17',
    _source: {
      publisher_short_code: 'DH',
      title: 'Metro line opens',
      description: 'The purple line reaches Whitefield.',
      page_details: { imgFile: 'p01.webp', pageNo: 1, name: 'Front Page' },
      htmlPath: 'articles/a17.html',
      top: 10.5,
      left: 2,
      width: 40,
      height: 25.25,
      created_at: '2026-11-20',
      edition_number: 2,
      edition_name: 'Bengaluru',
      locked: false,
    },
  };

  it('keeps a hit whole, nested place included', () => {
    expect(searchHitSchema.parse(hit)).toEqual(hit);
    expect(searchResponseSchema.parse({ hits: [hit] })).toEqual({ hits: [hit] });
    expect(searchResponseSchema.parse({ hits: [] })).toEqual({ hits: [] });
  });

  it('refuses a hit without its page place or with a fractional page number', () => {
    const { page_details: _, ...withoutPage } = hit._source;
    expect(searchHitSchema.safeParse({ ...hit, _source: withoutPage }).success).toBe(false);
    expect(
      searchHitSchema.safeParse({
        ...hit,
        _source: { ...hit._source, page_details: { ...hit._source.page_details, pageNo: 1.5 } },
      }).success,
    ).toBe(false);
    expect(searchResponseSchema.safeParse({}).success).toBe(false);
  });
});
