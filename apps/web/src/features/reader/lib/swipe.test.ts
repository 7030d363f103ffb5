import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe.ts';

describe('swipeDirection', () => {
  const start = { x: 200, y: 200 };

  it('needs more than 50 px sideways', () => {
    expect(swipeDirection(start, { x: 150, y: 200 })).toBeUndefined();
    expect(swipeDirection(start, { x: 149, y: 200 })).toBe('next');
    expect(swipeDirection(start, { x: 251, y: 200 })).toBe('previous');
  });

  it('ignores moves that are at least as vertical as horizontal', () => {
    expect(swipeDirection(start, { x: 120, y: 280 })).toBeUndefined();
    expect(swipeDirection(start, { x: 120, y: 279 })).toBe('next');
  });
});
