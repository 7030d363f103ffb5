import { deepZoomGrid } from '@folio/core';
import { describe, expect, it } from 'vitest';
import {
  UNZOOMED,
  clampPan,
  clampScale,
  panBy,
  pinch,
  toggleZoom,
  visibleTiles,
  zoomAround,
  zoomLayers,
} from './page-zoom.ts';
import { zoomedHeight } from './page-geometry.ts';

const box = { width: 400, height: 633 };

describe('page zoom', () => {
  it('keeps the scale between the fitted page and 3x', () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(2.4)).toBe(2.4);
    expect(clampScale(7)).toBe(3);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('keeps the point under the fingers or the pointer where it is', () => {
    const zoomed = zoomAround(UNZOOMED, 2, { x: 100, y: 200 }, box);
    expect(zoomed).toEqual({ scale: 2, x: -100, y: -200 });
    // The content point (100, 200) is still drawn at (100, 200).
    expect(100 * zoomed.scale + zoomed.x).toBe(100);
    expect(200 * zoomed.scale + zoomed.y).toBe(200);
  });

  it('never shows a gap beside the page', () => {
    expect(zoomAround(UNZOOMED, 3, { x: 0, y: 0 }, box)).toEqual({ scale: 3, x: 0, y: 0 });
    expect(zoomAround(UNZOOMED, 3, { x: 400, y: 633 }, box)).toEqual({
      scale: 3,
      x: -800,
      y: -1266,
    });
    expect(clampPan({ scale: 2, x: 50, y: -5000 }, box)).toEqual({ scale: 2, x: 0, y: -633 });
    expect(panBy({ scale: 2, x: -100, y: -100 }, 30, -40, box)).toEqual({
      scale: 2,
      x: -70,
      y: -140,
    });
  });

  it('lets a zoomed page fill the screen below its fitted box (issue 25 part 8)', () => {
    // A phone: the fitted page is 633 px tall, the screen under the header 800 px.
    const phone = { ...box, viewHeight: 800 };
    expect(zoomedHeight(phone)).toBe(800);
    expect(zoomedHeight({ ...box, viewHeight: 500 })).toBe(633);
    expect(zoomedHeight(box)).toBe(633);
    // Zoomed 2x the content is 1266 px tall: it pans down until its foot reaches the
    // screen's, not the fitted box's.
    expect(clampPan({ scale: 2, x: 0, y: -5000 }, phone)).toEqual({ scale: 2, x: 0, y: -466 });
    expect(panBy({ scale: 2, x: 0, y: -400 }, 0, -100, phone).y).toBe(-466);
    // Not yet as tall as the screen: it starts at the top.
    expect(clampPan({ scale: 1.2, x: 0, y: -50 }, phone)).toEqual({ scale: 1.2, x: 0, y: 0 });
  });

  it('pinches by how far the fingers spread, following their midpoint', () => {
    const from = { midpoint: { x: 200, y: 300 }, distance: 100 };
    expect(pinch(UNZOOMED, from, { midpoint: { x: 200, y: 300 }, distance: 200 }, box)).toEqual({
      scale: 2,
      x: -200,
      y: -300,
    });
    // Spread past 3x stops at 3x; pinched together below 1x is the fitted page.
    expect(pinch(UNZOOMED, from, { midpoint: { x: 200, y: 300 }, distance: 900 }, box).scale).toBe(
      3,
    );
    expect(pinch({ scale: 2, x: -200, y: -300 }, from, { ...from, distance: 20 }, box)).toEqual(
      UNZOOMED,
    );
    // Moving both fingers 50 px left pans the content with them.
    expect(pinch(UNZOOMED, from, { midpoint: { x: 150, y: 300 }, distance: 200 }, box)).toEqual({
      scale: 2,
      x: -250,
      y: -300,
    });
  });

  it('toggles between the fitted page and 2x on a double tap', () => {
    const zoomed = toggleZoom(UNZOOMED, { x: 200, y: 300 }, box);
    expect(zoomed.scale).toBe(2);
    expect(toggleZoom(zoomed, { x: 10, y: 10 }, box)).toEqual(UNZOOMED);
  });

  it('adds the zoom image while it is sharp enough, and tiles beyond it', () => {
    // A 396 px page on a 2.625 DPR phone, drawn from the 1,200 px reading image.
    expect(zoomLayers(1, 396, 2.625, 1200)).toEqual({ zoomImage: false, tiles: false });
    expect(zoomLayers(1.5, 396, 2.625, 1200)).toEqual({ zoomImage: true, tiles: false });
    // Past it, tiles alone: the whole zoom image under them would cost more.
    expect(zoomLayers(2, 396, 2.625, 1200)).toEqual({ zoomImage: false, tiles: true });
    expect(zoomLayers(3, 396, 2.625, 1200)).toEqual({ zoomImage: false, tiles: true });
    // A low-density desktop needs nothing more until its own pixels run out.
    expect(zoomLayers(1.4, 800, 1, 1200)).toEqual({ zoomImage: false, tiles: false });
    // A screen already drawing the zoom image goes straight to tiles.
    expect(zoomLayers(1.2, 800, 2, 1800)).toEqual({ zoomImage: false, tiles: true });
  });

  it('asks for the tiles under the part of the page on screen, with a small margin', () => {
    const grid = deepZoomGrid(1200, 1900);
    const all = visibleTiles(UNZOOMED, box, { left: 0, top: 0, right: 400, bottom: 633 }, grid);
    expect(all).toHaveLength(grid.columns * grid.rows);
    // At 3x from the top-left corner the screen shows a third of the width and height.
    const corner = visibleTiles(
      { scale: 3, x: 0, y: 0 },
      box,
      { left: 0, top: 0, right: 400, bottom: 633 },
      grid,
    );
    const columns = new Set(corner.map((t) => t.column));
    const rows = new Set(corner.map((t) => t.row));
    // Deep pixels 0-1,200 across and 0-1,900 down, plus 100 px: columns 0-2, rows 0-3.
    expect([...columns]).toEqual([0, 1, 2]);
    expect([...rows]).toEqual([0, 1, 2, 3]);
    // Panned to the middle: the same area, shifted, and nothing of the corner.
    const middle = visibleTiles(
      { scale: 3, x: -400, y: -633 },
      box,
      { left: 0, top: 0, right: 400, bottom: 633 },
      grid,
    );
    expect(new Set(middle.map((t) => t.column))).toEqual(new Set([1, 2, 3, 4]));
    expect(middle.some((t) => t.column === 0 || t.row === 0)).toBe(false);
    // A page scrolled off screen asks for nothing.
    expect(
      visibleTiles(UNZOOMED, box, { left: 0, top: 700, right: 400, bottom: 633 }, grid),
    ).toEqual([]);
  });
});
