// Zooming a page by hand: two fingers pinch and pan, a double tap zooms in at the
// tap or back out, one finger pans a zoomed page, a mouse drags it, the wheel
// zooms where the page has nothing to scroll (or with Ctrl, as a trackpad's pinch
// sends it, or once zoomed), and the buttons step in and out.
//
// It never fights the page swipe: while the page is zoomed, or two fingers are
// down, touches stop at the page and the reader's swipe never sees them. A tap on
// an article waits a moment for a second tap before it opens the article, so a
// double tap on an article zooms instead; a drag never opens anything.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  UNZOOMED,
  ZOOM_STEP,
  clampPan,
  panBy,
  pinch,
  toggleZoom,
  zoomAround,
  type Point,
  type ZoomState,
} from '../lib/page-zoom.ts';
import type { ZoomBox } from '../lib/page-geometry.ts';

/** Two taps this close in time and place are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP_PX = 30;
/** A finger or mouse that moved more than this dragged, and did not tap. */
const DRAG_SLOP_PX = 8;
/** How much one notch of the wheel (100 px of delta) zooms. */
const WHEEL_ZOOM_PER_PX = 0.0025;

interface Gesture {
  pointers: Map<number, Point>;
  /** Where the pan or pinch started and the zoom then. */
  start?: { zoom: ZoomState; midpoint: Point; distance: number };
  moved: boolean;
  lastTap?: { time: number; at: Point };
  doubleTapped: boolean;
  pointerType: string;
  pendingClick?: number;
  replaying: boolean;
}

const midpointOf = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});
const distanceOf = ([a, b]: Point[]): number => (a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0);

/**
 * The gestures on the page `surface` (listeners of its own, added on mount) and
 * the steps for the buttons; every change of zoom also goes to `onChange`, which
 * draws it.
 */
export function usePageZoom(
  box: ZoomBox,
  surface: RefObject<HTMLElement | null>,
  onChange: (zoom: ZoomState) => void,
) {
  const [zoom, setZoomState] = useState<ZoomState>(UNZOOMED);
  const zoomRef = useRef(zoom);
  const boxRef = useRef(box);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const setZoom = useCallback((next: ZoomState) => {
    zoomRef.current = next;
    setZoomState(next);
    onChangeRef.current(next);
  }, []);
  useEffect(() => {
    boxRef.current = box;
    // A new size (rotation, fit mode) keeps the zoom but not an impossible pan.
    if (zoomRef.current.scale > 1) setZoom(clampPan(zoomRef.current, box));
  }, [box, setZoom]);
  const gesture = useRef<Gesture>({
    pointers: new Map(),
    moved: false,
    doubleTapped: false,
    pointerType: 'mouse',
    replaying: false,
  });

  useEffect(() => {
    const element = surface.current;
    if (!element) return;
    const g = gesture.current;
    const local = (event: { clientX: number; clientY: number }): Point => {
      const rect = element.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const begin = () => {
      const points = [...g.pointers.values()];
      g.start = {
        zoom: zoomRef.current,
        midpoint: midpointOf(points),
        distance: distanceOf(points),
      };
    };

    const down = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      g.pointerType = event.pointerType;
      g.pointers.set(event.pointerId, local(event));
      if (g.pointers.size === 1) {
        g.moved = false;
        g.doubleTapped = false;
      }
      begin();
    };
    const move = (event: PointerEvent) => {
      if (!g.pointers.has(event.pointerId) || !g.start) return;
      g.pointers.set(event.pointerId, local(event));
      const points = [...g.pointers.values()];
      const midpoint = midpointOf(points);
      const travelled = Math.hypot(
        midpoint.x - g.start.midpoint.x,
        midpoint.y - g.start.midpoint.y,
      );
      if (travelled > DRAG_SLOP_PX) g.moved = true;
      if (points.length >= 2) {
        g.moved = true;
        setZoom(
          pinch(
            g.start.zoom,
            { midpoint: g.start.midpoint, distance: g.start.distance },
            { midpoint, distance: distanceOf(points) },
            boxRef.current,
          ),
        );
      } else if (g.start.zoom.scale > 1) {
        setZoom(
          panBy(
            g.start.zoom,
            midpoint.x - g.start.midpoint.x,
            midpoint.y - g.start.midpoint.y,
            boxRef.current,
          ),
        );
      }
    };
    const up = (event: PointerEvent) => {
      if (!g.pointers.has(event.pointerId)) return;
      const at = local(event);
      g.pointers.delete(event.pointerId);
      if (g.pointers.size > 0) {
        // One finger of a pinch lifted: the other pans on from here.
        begin();
        return;
      }
      g.start = undefined;
      if (event.type !== 'pointerup' || event.pointerType !== 'touch' || g.moved) return;
      const previous = g.lastTap;
      if (
        previous &&
        event.timeStamp - previous.time < DOUBLE_TAP_MS &&
        Math.hypot(at.x - previous.at.x, at.y - previous.at.y) < DOUBLE_TAP_SLOP_PX
      ) {
        g.lastTap = undefined;
        g.doubleTapped = true;
        window.clearTimeout(g.pendingClick);
        setZoom(toggleZoom(zoomRef.current, at, boxRef.current));
      } else {
        g.lastTap = { time: event.timeStamp, at };
      }
    };
    const doubleClick = (event: MouseEvent) => {
      if (g.pointerType !== 'mouse') return;
      setZoom(toggleZoom(zoomRef.current, local(event), boxRef.current));
    };
    const wheel = (event: WheelEvent) => {
      const rect = element.getBoundingClientRect();
      const fits = rect.top >= 0 && rect.bottom <= window.innerHeight + 1;
      if (!event.ctrlKey && !event.metaKey && !fits && zoomRef.current.scale <= 1) return;
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY;
      const current = zoomRef.current;
      setZoom(
        zoomAround(
          current,
          current.scale * Math.exp(-delta * WHEEL_ZOOM_PER_PX),
          local(event),
          boxRef.current,
        ),
      );
    };

    /**
     * Clicks inside the page: none after a drag or pinch; a tap's waits for a
     * possible second tap, then is replayed on the same element. Caught on the way
     * down, before the clicked element (or React) sees it.
     */
    const click = (event: MouseEvent) => {
      if (g.replaying) return;
      if (g.moved || g.doubleTapped) {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      // Keyboard (detail 0) and mouse clicks act at once.
      if (g.pointerType !== 'touch' || event.detail === 0) return;
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      event.preventDefault();
      event.stopPropagation();
      window.clearTimeout(g.pendingClick);
      g.pendingClick = window.setTimeout(() => {
        if (g.doubleTapped) return;
        g.replaying = true;
        try {
          target.click();
        } finally {
          g.replaying = false;
        }
      }, DOUBLE_TAP_MS);
    };
    /**
     * Touches on a zoomed page are the page's, not the swipe's. (A second finger
     * landing on the fitted page still reaches the swipe, which then stands down.)
     */
    const keepTouch = (event: TouchEvent) => {
      if (zoomRef.current.scale > 1) event.stopPropagation();
    };

    // One signal removes every listener below when the page goes.
    const listening = new AbortController();
    const signal = listening.signal;
    element.addEventListener('click', click, { capture: true, signal });
    element.addEventListener('touchstart', keepTouch, { passive: true, signal });
    element.addEventListener('touchend', keepTouch, { signal });
    element.addEventListener('pointerdown', down, { signal });
    element.addEventListener('pointermove', move, { signal });
    for (const ended of ['pointerup', 'pointercancel', 'lostpointercapture'] as const)
      element.addEventListener(ended, up, { signal });
    element.addEventListener('dblclick', doubleClick, { signal });
    element.addEventListener('wheel', wheel, { passive: false, signal });
    return () => {
      listening.abort();
      window.clearTimeout(g.pendingClick);
    };
  }, [surface, setZoom]);

  /** Buttons zoom around the middle of what shows of the page. */
  const step = useCallback(
    (direction: 1 | -1) => {
      const element = surface.current;
      const b = boxRef.current;
      let focus: Point = { x: b.width / 2, y: b.height / 2 };
      if (element) {
        const rect = element.getBoundingClientRect();
        const top = Math.max(0, rect.top);
        const bottom = Math.min(window.innerHeight, rect.bottom);
        if (bottom > top) focus = { x: b.width / 2, y: (top + bottom) / 2 - rect.top };
      }
      const current = zoomRef.current;
      setZoom(zoomAround(current, current.scale + direction * ZOOM_STEP, focus, b));
    },
    [surface, setZoom],
  );
  const reset = useCallback(() => setZoom(UNZOOMED), [setZoom]);

  return { zoom, step, reset };
}
