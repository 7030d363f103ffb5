// Which of a page's images draws an article's clip in the image view (issue 25
// part 5): the zoom image while it has a device pixel for every pixel the clip is
// drawn across, the deep-zoom level's tiles (packages/core deep-zoom.ts) past it.
// On a desktop the clip is never drawn wider than the deep level has pixels for
// at the screen's pixel ratio, so no bitmap is stretched past 1:1; a phone keeps
// its zoom to 3x of the pane, from the tiles, as the page does.
import { DEEP_ZOOM, PAGE_IMAGE_WIDTHS, type DeepZoomGrid, type HotspotBox } from '@folio/core';

interface ClipLevelInput {
  box: HotspotBox;
  /** Css px the clip would be drawn across at the reader's zoom (the pane's width x zoom). */
  wanted: number;
  devicePixelRatio: number;
  /** A desktop-sized window: the clip is never upscaled there. */
  desktop: boolean;
}

export interface ClipLevel {
  /** The image that has pixels enough for the clip as drawn. */
  source: 'zoom' | 'tiles';
  /** Widest the clip may be drawn, in css px (desktop only): the deep level's own size. */
  maxWidth: number | undefined;
  /** Css px the clip is drawn across. */
  drawn: number;
}

/** Pixels across the article's box in an image of the page `imageWidth` px wide. */
const boxPixels = (box: HotspotBox, imageWidth: number) => (box.width / 100) * imageWidth;

export function clipLevel({ box, wanted, devicePixelRatio, desktop }: ClipLevelInput): ClipLevel {
  const ratio = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  const maxWidth = desktop ? boxPixels(box, DEEP_ZOOM.width) / ratio : undefined;
  const drawn = Math.max(0, Math.min(wanted, maxWidth ?? Infinity));
  const source = drawn * ratio <= boxPixels(box, PAGE_IMAGE_WIDTHS.zoom) ? 'zoom' : 'tiles';
  return { source, maxWidth, drawn };
}

interface ClipTile {
  column: number;
  row: number;
  /** Where the tile sits on the page, in percent of the page. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The deep level's tiles under the article's box, placed on the page in percent. */
export function clipTiles(box: HotspotBox, grid: DeepZoomGrid): ClipTile[] {
  const span = (start: number, size: number, total: number, count: number) => {
    const from = Math.floor(((start / 100) * total) / grid.tile);
    const to = Math.ceil((((start + size) / 100) * total) / grid.tile) - 1;
    return [Math.max(0, from), Math.min(count - 1, to)] as const;
  };
  const [firstColumn, lastColumn] = span(box.left, box.width, grid.width, grid.columns);
  const [firstRow, lastRow] = span(box.top, box.height, grid.height, grid.rows);
  const tiles: ClipTile[] = [];
  for (let row = firstRow; row <= lastRow; row += 1)
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const width = Math.min(grid.tile, grid.width - column * grid.tile);
      const height = Math.min(grid.tile, grid.height - row * grid.tile);
      tiles.push({
        column,
        row,
        left: ((column * grid.tile) / grid.width) * 100,
        top: ((row * grid.tile) / grid.height) * 100,
        width: (width / grid.width) * 100,
        height: (height / grid.height) * 100,
      });
    }
  return tiles;
}
