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
    });
  });

  it("falls back to today's default edition, front page", () => {
    expect(read('')).toEqual({ date: today, edition: 2, requestedPage: 0 });
  });

  it('refuses dates in the future, before June 2020 or not on the calendar', () => {
    expect(read('date=2026-11-22').date).toBe(today);
    expect(read('date=2020-05-31').date).toBe(today);
    expect(read('date=2020-06-01').date).toBe('2020-06-01');
    expect(read('date=2026-02-30').date).toBe(today);
  });

  it('refuses malformed edition and page numbers', () => {
    expect(read('edition=0&page=-1')).toEqual({ date: today, edition: 2, requestedPage: 0 });
    expect(read('edition=two&page=1.5')).toEqual({ date: today, edition: 2, requestedPage: 0 });
  });
});
