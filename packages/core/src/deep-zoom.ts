// The deep-zoom level of a page: one large rendering cut into square tiles, made
// on the server the first time a reader zooms into that page and asked for only
// where the reader looks. With it a 3x zoom on a phone (396 css px x 3 x DPR 2.625
// = 3,119 device px) is drawn from pixels, not upscaled, and no phone ever decodes
// more than a tile's worth of that level at once.
import { PAGE_IMAGE_WIDTHS } from './epaper.ts';

export const DEEP_ZOOM = {
  /** Width of the tiled level: 3 x the reading image, 2 x the zoom image. */
  width: 3600,
  /** Edge of a tile; 3,600 / 600 = 6 tiles across, so no sliver column. */
  tile: 600,
  /** The most a reader may zoom a page. */
  maxScale: 3,
} as const;

export interface DeepZoomGrid {
  width: number;
  height: number;
  tile: number;
  columns: number;
  rows: number;
}

/**
 * The tiled level of a page whose reading image is `readingWidth` x `readingHeight`.
 * Its height follows the reading image exactly (not the PDF's own ratio), so the
 * browser and the server agree on the grid to the pixel.
 */
export function deepZoomGrid(readingWidth: number, readingHeight: number): DeepZoomGrid {
  const height = Math.max(1, Math.round((readingHeight * DEEP_ZOOM.width) / readingWidth));
  return {
    width: DEEP_ZOOM.width,
    height,
    tile: DEEP_ZOOM.tile,
    columns: Math.ceil(DEEP_ZOOM.width / DEEP_ZOOM.tile),
    rows: Math.ceil(height / DEEP_ZOOM.tile),
  };
}

/** Height of the reading image ingest makes of a page `pointsWidth` x `pointsHeight`. */
export function readingHeightOf(pointsWidth: number, pointsHeight: number): number {
  const zoomHeight = Math.round((pointsHeight * PAGE_IMAGE_WIDTHS.zoom) / pointsWidth);
  return Math.round((zoomHeight * PAGE_IMAGE_WIDTHS.reading) / PAGE_IMAGE_WIDTHS.zoom);
}

const pageCode = (pageNo: number) => String(pageNo).padStart(2, '0');

/** Key of a tile, relative to the folder, like every other page file (pNN-…). */
export function deepTileFile(pageNo: number, column: number, row: number): string {
  return `p${pageCode(pageNo)}-tile-${column}-${row}.webp`;
}

const TILE_FILE = /^p(\d{2,4})-tile-(\d{1,2})-(\d{1,2})\.webp$/;

/** The page, column and row a tile's file name names, or undefined for any other file. */
export function parseDeepTileFile(
  file: string,
): { pageNo: number; column: number; row: number } | undefined {
  const match = TILE_FILE.exec(file);
  if (!match) return undefined;
  return { pageNo: Number(match[1]), column: Number(match[2]), row: Number(match[3]) };
}
