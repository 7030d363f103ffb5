// What a zoomed page draws over its fitted image: the whole zoom image while that
// is sharp enough, and past it the deep level's tiles under the part of the page
// on screen. Both are asked for only once a gesture rests (ZOOM_SETTLE_MS), so a
// pinch through every level on its way to 3x fetches only what 3x shows; until
// then the image already there is drawn larger. Tiles asked for stay drawn, so
// panning back shows them at once.
import { deepZoomGrid, type Page } from '@folio/core';
import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { Size } from '../lib/page-geometry.ts';
import { visibleTiles, zoomLayers, type ZoomState } from '../lib/page-zoom.ts';

export interface DeepZoomSources {
  /** The page's whole zoom image. */
  zoomImage: string;
  /** Address of the deep level's tile at (column, row). */
  tile: (column: number, row: number) => string;
}

interface DeepZoomLayersProps {
  page: Page;
  sources: DeepZoomSources;
  /** Width in px of the image the fitted page draws. */
  baseWidth: number;
  zoom: ZoomState;
  box: Size;
  surface: RefObject<HTMLElement | null>;
}

const LAYER = 'pointer-events-none absolute select-none';

const FITTED: ZoomState = { scale: 1, x: 0, y: 0 };

/** How long a zoom must rest before its images are asked for. */
const ZOOM_SETTLE_MS = 200;

/**
 * `value`, once it has stayed the same for `ms`; `initial` until then. These layers
 * arrive in the middle of the first pinch, and must not take that moment's zoom
 * for a resting one.
 */
function useSettled<T>(value: T, ms: number, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Changes whenever the window scrolls or resizes, at most once a frame. */
function useWindowMoves(active: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const moved = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setTick((n) => n + 1);
      });
    };
    window.addEventListener('scroll', moved, { passive: true });
    window.addEventListener('resize', moved);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', moved);
      window.removeEventListener('resize', moved);
    };
  }, [active]);
  return tick;
}

export function DeepZoomLayers({
  page,
  sources,
  baseWidth,
  zoom: liveZoom,
  box,
  surface,
}: DeepZoomLayersProps) {
  const zoom = useSettled(liveZoom, ZOOM_SETTLE_MS, FITTED);
  const layers = zoomLayers(zoom.scale, box.width, window.devicePixelRatio || 1, baseWidth);
  const [zoomImageAsked, setZoomImageAsked] = useState(false);
  const [tiles, setTiles] = useState<ReadonlySet<string>>(new Set());
  const grid = useMemo(() => deepZoomGrid(page.width, page.height), [page.width, page.height]);
  const windowMoves = useSettled(useWindowMoves(layers.tiles), ZOOM_SETTLE_MS, 0);

  if (layers.zoomImage && !zoomImageAsked) setZoomImageAsked(true);

  useEffect(() => {
    const element = surface.current;
    if (!layers.tiles || !element) return;
    const rect = element.getBoundingClientRect();
    const visible = {
      left: Math.max(0, -rect.left),
      top: Math.max(0, -rect.top),
      right: Math.min(rect.width, window.innerWidth - rect.left),
      bottom: Math.min(rect.height, window.innerHeight - rect.top),
    };
    const wanted = visibleTiles(zoom, box, visible, grid).map((t) => `${t.column}-${t.row}`);
    setTiles((current) =>
      wanted.every((key) => current.has(key)) ? current : new Set([...current, ...wanted]),
    );
  }, [layers.tiles, zoom, box, surface, windowMoves, grid]);

  return (
    <>
      {zoomImageAsked && liveZoom.scale > 1 && (
        <img
          src={sources.zoomImage}
          alt=""
          draggable={false}
          decoding="async"
          className={`${LAYER} inset-0 size-full`}
        />
      )}
      {liveZoom.scale > 1 &&
        [...tiles].map((key) => {
          const [column = 0, row = 0] = key.split('-').map(Number);
          const width = Math.min(grid.tile, grid.width - column * grid.tile);
          const height = Math.min(grid.tile, grid.height - row * grid.tile);
          return (
            <img
              key={key}
              src={sources.tile(column, row)}
              alt=""
              draggable={false}
              decoding="async"
              data-tile={key}
              width={width}
              height={height}
              className={LAYER}
              style={{
                left: `${((column * grid.tile) / grid.width) * 100}%`,
                top: `${((row * grid.tile) / grid.height) * 100}%`,
                width: `${(width / grid.width) * 100}%`,
                height: `${(height / grid.height) * 100}%`,
              }}
            />
          );
        })}
    </>
  );
}
