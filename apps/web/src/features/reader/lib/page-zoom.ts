// The arithmetic of zooming a page: the page's content is drawn scaled by `scale`
// from its top-left corner and moved by (x, y) inside the page's own box, which
// never changes size. Kept pure so every gesture (pinch, double tap, wheel,
// buttons) shares one set of rules and tests need no browser.
import { DEEP_ZOOM, PAGE_IMAGE_WIDTHS, type DeepZoomGrid } from '@folio/core';
import { zoomedHeight, type Size, type ZoomBox } from './page-geometry.ts';

export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

export const UNZOOMED: ZoomState = { scale: 1, x: 0, y: 0 };
/** Where a double tap goes from the fitted page, and a step of the zoom buttons. */
export const DOUBLE_TAP_SCALE = 2;
export const ZOOM_STEP = 0.5;

export const clampScale = (scale: number) =>
  Math.min(DEEP_ZOOM.maxScale, Math.max(1, Number.isFinite(scale) ? scale : 1));

/**
 * Keeps the scaled content covering what is drawn: no gap ever shows at an edge,
 * except below content not yet as tall as the screen it may fill (it starts at the top).
 */
export function clampPan(state: ZoomState, box: ZoomBox): ZoomState {
  const minX = box.width - box.width * state.scale;
  const minY = zoomedHeight(box) - box.height * state.scale;
  return {
    scale: state.scale,
    x: Math.min(0, Math.max(minX, state.x)),
    y: Math.min(0, Math.max(minY, state.y)),
  };
}

/** Zooms to `scale` keeping the content under `focus` (box coordinates) where it is. */
export function zoomAround(state: ZoomState, scale: number, focus: Point, box: ZoomBox): ZoomState {
  const next = clampScale(scale);
  const contentX = (focus.x - state.x) / state.scale;
  const contentY = (focus.y - state.y) / state.scale;
  if (next === 1) return UNZOOMED;
  return clampPan({ scale: next, x: focus.x - contentX * next, y: focus.y - contentY * next }, box);
}

/**
 * A pinch: the content point that was under the fingers' midpoint at the start
 * follows the midpoint, scaled by how far the fingers have spread.
 */
export function pinch(
  start: ZoomState,
  from: { midpoint: Point; distance: number },
  to: { midpoint: Point; distance: number },
  box: ZoomBox,
): ZoomState {
  const scale = clampScale((start.scale * to.distance) / Math.max(1, from.distance));
  const contentX = (from.midpoint.x - start.x) / start.scale;
  const contentY = (from.midpoint.y - start.y) / start.scale;
  if (scale === 1) return UNZOOMED;
  return clampPan(
    { scale, x: to.midpoint.x - contentX * scale, y: to.midpoint.y - contentY * scale },
    box,
  );
}

export const panBy = (state: ZoomState, dx: number, dy: number, box: ZoomBox): ZoomState =>
  clampPan({ scale: state.scale, x: state.x + dx, y: state.y + dy }, box);

/** A double tap: in to DOUBLE_TAP_SCALE at the tap from the fitted page, else back out. */
export const toggleZoom = (state: ZoomState, at: Point, box: ZoomBox): ZoomState =>
  state.scale > 1 ? UNZOOMED : zoomAround(state, DOUBLE_TAP_SCALE, at, box);

/**
 * Which layers the page needs at this zoom: device pixels across the drawn page
 * against what each image has. The reading or zoom image chosen for the fitted
 * page is always there; the whole zoom image is added while it is enough, and
 * tiles of the deep level beyond it.
 */
export function zoomLayers(
  scale: number,
  boxWidth: number,
  devicePixelRatio: number,
  baseWidth: number,
): { zoomImage: boolean; tiles: boolean } {
  const needed = boxWidth * scale * devicePixelRatio;
  if (scale <= 1 || needed <= baseWidth) return { zoomImage: false, tiles: false };
  if (needed <= PAGE_IMAGE_WIDTHS.zoom && baseWidth < PAGE_IMAGE_WIDTHS.zoom)
    return { zoomImage: true, tiles: false };
  // Past the zoom image the tiles draw what shows; the whole zoom image under them
  // would cost more than the tiles themselves.
  return { zoomImage: false, tiles: true };
}

/** Deep-level pixels of margin around what shows: a small pan finds its tiles there. */
export const TILE_MARGIN_PX = 100;

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The tiles (column, row) that cover the part of the content on screen: `visible`
 * is the part of the page's box inside the window, in box coordinates, widened
 * by TILE_MARGIN_PX of the deep level on each side.
 */
export function visibleTiles(
  state: ZoomState,
  box: Size,
  visible: Rect,
  grid: DeepZoomGrid,
): Array<{ column: number; row: number }> {
  if (visible.right <= visible.left || visible.bottom <= visible.top) return [];
  // Content coordinates, as fractions of the page.
  const fx = (v: number) => (v - state.x) / state.scale / box.width;
  const fy = (v: number) => (v - state.y) / state.scale / box.height;
  const at = (fraction: number, size: number, margin: number) =>
    Math.floor((fraction * size + margin) / grid.tile);
  const firstColumn = Math.max(0, at(fx(visible.left), grid.width, -TILE_MARGIN_PX));
  const lastColumn = Math.min(
    grid.columns - 1,
    at(fx(visible.right), grid.width, TILE_MARGIN_PX - 1),
  );
  const firstRow = Math.max(0, at(fy(visible.top), grid.height, -TILE_MARGIN_PX));
  const lastRow = Math.min(grid.rows - 1, at(fy(visible.bottom), grid.height, TILE_MARGIN_PX - 1));
  const tiles: Array<{ column: number; row: number }> = [];
  for (let row = firstRow; row <= lastRow; row += 1)
    for (let column = firstColumn; column <= lastColumn; column += 1) tiles.push({ column, row });
  return tiles;
}
