import { describe, expect, it } from 'vitest';
import { clampPageIndex, pageDisplaySize } from './page-geometry.ts';

const page = { width: 1000, height: 1600 };

describe('pageDisplaySize', () => {
  it('fits width up to 1200 px, leaving 128 px for the arrows', () => {
    expect(pageDisplaySize('width', { width: 1024, height: 768 }, page)).toEqual({
      width: 896,
      height: 1434,
    });
    expect(pageDisplaySize('width', { width: 1920, height: 1080 }, page)).toEqual({
      width: 1200,
      height: 1920,
    });
  });

  it('uses nearly the whole width on phones, where the arrows float over the page', () => {
    expect(pageDisplaySize('width', { width: 390, height: 844 }, page).width).toBe(374);
  });

  it('fits height to the viewport minus 100 px, keeping the page proportions', () => {
    expect(pageDisplaySize('height', { width: 1440, height: 900 }, page)).toEqual({
      width: 500,
      height: 800,
    });
  });
});

describe('clampPageIndex', () => {
  it('keeps the index within the first and last page', () => {
    expect(clampPageIndex(-3, 12)).toBe(0);
    expect(clampPageIndex(5, 12)).toBe(5);
    expect(clampPageIndex(40, 12)).toBe(11);
    expect(clampPageIndex(4, 0)).toBe(0);
  });
});
