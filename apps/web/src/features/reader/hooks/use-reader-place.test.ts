import { describe, expect, it } from 'vitest';
import { readPlace } from './use-reader-place.ts';

const today = '2026-11-21';
const read = (query: string) => readPlace(new URLSearchParams(query), today, 2);

describe('readPlace', () => {
  it('reads date, edition and page index from the query', () => {
    expect(read('date=2026-11-20&edition=5&page=3')).toEqual({
      date: '2026-11-20',
      edition: 5,
      requestedPage: 3,
      articleId: undefined,
    });
  });

  it('reads the article a search hit opens, and ignores an empty or overlong one', () => {
    expect(read('page=1&article=2-20261121-p2-a1').articleId).toBe('2-20261121-p2-a1');
    expect(read('article=').articleId).toBeUndefined();
    expect(read(`article=${'a'.repeat(201)}`).articleId).toBeUndefined();
  });

  it("falls back to today's default edition, front page", () => {
    expect(read('')).toEqual({ date: today, edition: 2, requestedPage: 0, articleId: undefined });
  });

  it('refuses dates in the future, before June 2020 or not on the calendar', () => {
    expect(read('date=2026-11-22').date).toBe(today);
    expect(read('date=2020-05-31').date).toBe(today);
    expect(read('date=2020-06-01').date).toBe('2020-06-01');
    expect(read('date=2026-02-30').date).toBe(today);
  });

  it('refuses malformed edition and page numbers', () => {
    const fallback = { date: today, edition: 2, requestedPage: 0, articleId: undefined };
    expect(read('edition=0&page=-1')).toEqual(fallback);
    expect(read('edition=two&page=1.5')).toEqual(fallback);
  });
});
