import { deepZoomGrid } from '@folio/core';
import { describe, expect, it } from 'vitest';
import { clipLevel, clipTiles } from './clip-level.ts';

// The issue's article: its box drawn across a 768 px pane stretched the 1,800 px
// zoom image to 2,622 px, so the box is 768 / 2,622 of the page's width.
const ISSUE_BOX = { top: 10, left: 20, width: (768 / 2622) * 100, height: 30 };
const WIDE_BOX = { top: 10, left: 5, width: 60, height: 25.5 };
const SMALL_BOX = { top: 40, left: 70, width: 10, height: 8 };

describe("the image view's level", () => {
  it('takes the tiles when the zoom image has fewer pixels than the clip is drawn across', () => {
    const level = clipLevel({ box: ISSUE_BOX, wanted: 768, devicePixelRatio: 1, desktop: true });
    // 527 px of the zoom image across the box: 768 would stretch them 1.46x.
    expect(level.source).toBe('tiles');
    expect(level.drawn).toBe(768);
    expect(level.maxWidth).toBeCloseTo(1054.46, 1);
  });

  it('keeps the zoom image while it is sharp enough, and the tiles once zoomed past it', () => {
    const at = (zoom: number) =>
      clipLevel({ box: WIDE_BOX, wanted: 768 * zoom, devicePixelRatio: 1, desktop: true });
    expect(at(1)).toEqual({ source: 'zoom', maxWidth: 2160, drawn: 768 });
    expect(at(1.25).source).toBe('zoom');
    expect(at(1.5)).toEqual({ source: 'tiles', maxWidth: 2160, drawn: 1152 });
    // 3x would be 2,304 px: the deep level has 2,160 across the box, so that is all.
    expect(at(3)).toEqual({ source: 'tiles', maxWidth: 2160, drawn: 2160 });
  });

  it('shows a small article on a desktop at its natural size, not stretched to the pane', () => {
    const level = clipLevel({ box: SMALL_BOX, wanted: 768, devicePixelRatio: 1, desktop: true });
    expect(level).toEqual({ source: 'tiles', maxWidth: 360, drawn: 360 });
  });

  it("counts the screen's device pixels: at 2x the same pixels cover half the css width", () => {
    const level = clipLevel({ box: ISSUE_BOX, wanted: 768, devicePixelRatio: 2, desktop: true });
    expect(level.source).toBe('tiles');
    expect(level.drawn).toBeCloseTo(527.23, 1);
    const wide = clipLevel({ box: WIDE_BOX, wanted: 500, devicePixelRatio: 2, desktop: true });
    expect(wide).toEqual({ source: 'zoom', maxWidth: 1080, drawn: 500 });
  });

  it('never draws a desktop clip wider than the deep level has pixels for', () => {
    for (const box of [ISSUE_BOX, WIDE_BOX, SMALL_BOX])
      for (const ratio of [1, 1.25, 1.5, 2, 3])
        for (const zoom of [0.5, 1, 1.75, 3]) {
          const level = clipLevel({
            box,
            wanted: 768 * zoom,
            devicePixelRatio: ratio,
            desktop: true,
          });
          expect(level.drawn * ratio).toBeLessThanOrEqual((box.width / 100) * 3600 + 1e-6);
          // The zoom image only where it has a pixel for every device pixel drawn.
          if (level.source === 'zoom')
            expect(level.drawn * ratio).toBeLessThanOrEqual((box.width / 100) * 1800 + 1e-6);
        }
  });

  it('lets a phone zoom to 3x of its pane, drawn from the tiles', () => {
    const phone = (zoom: number) =>
      clipLevel({ box: ISSUE_BOX, wanted: 380 * zoom, devicePixelRatio: 2.625, desktop: false });
    expect(phone(1)).toEqual({ source: 'tiles', maxWidth: undefined, drawn: 380 });
    expect(phone(3).drawn).toBe(1140);
    const lowDensity = clipLevel({
      box: WIDE_BOX,
      wanted: 380,
      devicePixelRatio: 1,
      desktop: false,
    });
    expect(lowDensity.source).toBe('zoom');
  });

  it('treats a width not yet measured and a missing pixel ratio as needing nothing more', () => {
    expect(clipLevel({ box: WIDE_BOX, wanted: 0, devicePixelRatio: 0, desktop: true })).toEqual({
      source: 'zoom',
      maxWidth: 2160,
      drawn: 0,
    });
  });
});

describe("the tiles under an article's box", () => {
  const grid = deepZoomGrid(1200, 1900); // 3600 x 5700: 6 x 10 tiles of 600 px

  it('are exactly those the box overlaps, placed on the page in percent', () => {
    const tiles = clipTiles(WIDE_BOX, grid);
    // Columns 180..2340 px: 0 to 3; rows 570..2023.5 px: 0 to 3.
    expect(tiles.map((t) => `${t.column}-${t.row}`)).toEqual(
      [0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3].map((column) => `${column}-${row}`)),
    );
    expect(tiles[5]).toEqual({
      column: 1,
      row: 1,
      left: (600 / 3600) * 100,
      top: (600 / 5700) * 100,
      width: (600 / 3600) * 100,
      height: (600 / 5700) * 100,
    });
  });

  it('stop at the edges of the page, where the last row is short', () => {
    const tiles = clipTiles({ top: 90, left: 50, width: 50, height: 10 }, grid);
    expect(tiles.map((t) => `${t.column}-${t.row}`)).toEqual([
      '3-8',
      '4-8',
      '5-8',
      '3-9',
      '4-9',
      '5-9',
    ]);
    expect(tiles.at(-1)?.height).toBeCloseTo((300 / 5700) * 100, 10);
  });
});
