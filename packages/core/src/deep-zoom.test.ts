// The deep-zoom level of a page: its size, its grid of tiles and the tiles' file
// names, which the browser and the server must agree on to the pixel.
import { describe, expect, it } from 'vitest';
import {
  DEEP_ZOOM,
  deepTileFile,
  deepZoomGrid,
  parseDeepTileFile,
  readingHeightOf,
} from './deep-zoom.ts';

describe('the deep-zoom level', () => {
  it('is 3,600 px wide, cut in 600 px tiles, for a zoom of at most 3x', () => {
    expect(DEEP_ZOOM).toEqual({ width: 3600, tile: 600, maxScale: 3 });
  });

  it('follows the reading image: a 1200 x 1800 page is 3600 x 5400, 6 x 9 tiles', () => {
    expect(deepZoomGrid(1200, 1800)).toEqual({
      width: 3600,
      height: 5400,
      tile: 600,
      columns: 6,
      rows: 9,
    });
  });

  it('scales the height to the nearest pixel and adds a row for any pixel past a full tile', () => {
    expect(deepZoomGrid(1200, 1800.2)).toEqual({
      width: 3600,
      height: 5401,
      tile: 600,
      columns: 6,
      rows: 10,
    });
    expect(deepZoomGrid(1200, 1697)).toMatchObject({ height: 5091, rows: 9 });
    expect(deepZoomGrid(800, 1000)).toMatchObject({ height: 4500, rows: 8 });
  });

  it('is never less than one pixel high', () => {
    expect(deepZoomGrid(1200, 0.1)).toEqual({
      width: 3600,
      height: 1,
      tile: 600,
      columns: 6,
      rows: 1,
    });
  });
});

describe('the reading height ingest makes of a page', () => {
  it('scales the page to the 1,800 px zoom image, then to the 1,200 px reading image', () => {
    expect(readingHeightOf(595, 842)).toBe(1698);
    expect(readingHeightOf(612, 792)).toBe(1553);
    expect(readingHeightOf(100, 100)).toBe(1200);
    expect(readingHeightOf(1200, 600)).toBe(600);
  });

  it('rounds twice, as ingest does, not once', () => {
    // 1000.3 pt high: the zoom image is 1,801 px (1,800.54 rounded), so the reading
    // image is 1,201 px; one rounding straight to 1,200 px wide would give 1,200.
    expect(readingHeightOf(1000, 1000.3)).toBe(1201);
  });
});

describe('tile file names', () => {
  it('name the page in at least two digits, then the column and the row', () => {
    expect(deepTileFile(1, 2, 3)).toBe('p01-tile-2-3.webp');
    expect(deepTileFile(0, 0, 0)).toBe('p00-tile-0-0.webp');
    expect(deepTileFile(12, 5, 11)).toBe('p12-tile-5-11.webp');
    expect(deepTileFile(123, 0, 9)).toBe('p123-tile-0-9.webp');
  });

  it('are read back into the page, column and row they name', () => {
    expect(parseDeepTileFile('p01-tile-2-3.webp')).toEqual({ pageNo: 1, column: 2, row: 3 });
    expect(parseDeepTileFile('p12-tile-5-11.webp')).toEqual({ pageNo: 12, column: 5, row: 11 });
    expect(parseDeepTileFile('p1234-tile-99-10.webp')).toEqual({
      pageNo: 1234,
      column: 99,
      row: 10,
    });
    expect(parseDeepTileFile(deepTileFile(7, 4, 8))).toEqual({ pageNo: 7, column: 4, row: 8 });
  });

  it('take pages of two to four digits and columns and rows of one or two', () => {
    for (const file of [
      'p1-tile-0-0.webp',
      'p12345-tile-0-0.webp',
      'p01-tile-100-0.webp',
      'p01-tile-0-100.webp',
      'p01-tile--0.webp',
      'p01-tile-0-.webp',
      'pab-tile-0-0.webp',
      'p01-tile-a-0.webp',
      'p01-tile-0-b.webp',
    ])
      expect(parseDeepTileFile(file), file).toBeUndefined();
  });

  it('are no other page file, and nothing around the name', () => {
    for (const file of [
      'p01.webp',
      'p01-zoom.webp',
      'p01-tile-0-0.jpg',
      'p01-tile-0-0xwebp',
      'xp01-tile-0-0.webp',
      'p01-tile-0-0.webp.tmp',
      'dh/p01-tile-0-0.webp',
      '',
    ])
      expect(parseDeepTileFile(file), file).toBeUndefined();
  });
});
