import { describe, expect, it } from 'vitest';
import { rememberReturnPoint, takeReturnPoint } from './scroll-memory.ts';

const place = { date: '2026-11-21', edition: 2, page: 3 };
const savedAt = Date.parse('2026-11-21T08:00:00Z');

describe('scroll memory', () => {
  it('returns the position for the same place within five minutes, once', () => {
    rememberReturnPoint(place, { scrollY: 420, articleId: 'a1' }, savedAt);
    expect(takeReturnPoint(place, savedAt + 5 * 60_000)).toEqual({ scrollY: 420, articleId: 'a1' });
    expect(takeReturnPoint(place, savedAt + 5 * 60_000)).toBeUndefined();
  });

  it('forgets it after five minutes', () => {
    rememberReturnPoint(place, { scrollY: 420 }, savedAt);
    expect(takeReturnPoint(place, savedAt + 5 * 60_000 + 1)).toBeUndefined();
  });

  it('does not apply it to another page', () => {
    rememberReturnPoint(place, { scrollY: 420 }, savedAt);
    expect(takeReturnPoint({ ...place, page: 4 }, savedAt)).toBeUndefined();
  });

  it('ignores a corrupted record', () => {
    sessionStorage.setItem('epaper_scroll_position', '{"y":"lots"}');
    sessionStorage.setItem('epaper_navigation_state', 'not json');
    expect(takeReturnPoint(place, savedAt)).toBeUndefined();
  });
});
