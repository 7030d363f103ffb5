// How large the page is drawn. Fit-to-width (the default) and fit-to-height follow
// spec 1 §9; the drawn box always keeps the page's own aspect ratio so the image
// never shifts the layout while it loads.
import { MOBILE_BREAKPOINT_PX } from '../../../shared/lib/ui-constants.ts';
import type { ViewportSize } from '../../../shared/hooks/use-viewport-size.ts';
import {
  HEIGHT_MODE_GUTTER_PX,
  WIDTH_MODE_GUTTER_PX,
  WIDTH_MODE_MAX_PX,
} from './reader-constants.ts';

export type ViewMode = 'width' | 'height';

/**
 * The page's box and, once zoomed, the height it may fill: the screen under the
 * header down to the footer, so a zoomed page is not kept in its fitted box with
 * the screen empty below it (issue 25 part 8). Here, not in page-zoom.ts,
 * because the page view draws it before zooming's code is loaded. Never less than the box's height.
 */
export interface ZoomBox extends Size {
  viewHeight?: number;
}

/** The height a zoomed page is drawn in. */
export const zoomedHeight = (box: ZoomBox) => Math.max(box.height, box.viewHeight ?? box.height);

export interface Size {
  width: number;
  height: number;
}

/**
 * On phones the arrows float over the page edges and swiping is the main way to
 * turn pages, so the 128 px arrow gutter would only shrink an already small page.
 */
const PHONE_GUTTER_PX = 16;
/** Keeps a tiny or not-yet-measured viewport from producing a zero-sized page. */
const MIN_EDGE_PX = 160;

export function pageDisplaySize(mode: ViewMode, viewport: ViewportSize, page: Size): Size {
  const ratio = page.width / page.height;
  if (mode === 'height') {
    const height = Math.max(MIN_EDGE_PX, viewport.height - HEIGHT_MODE_GUTTER_PX);
    return { width: Math.round(height * ratio), height };
  }
  const gutter = viewport.width < MOBILE_BREAKPOINT_PX ? PHONE_GUTTER_PX : WIDTH_MODE_GUTTER_PX;
  const width = Math.max(MIN_EDGE_PX, Math.min(WIDTH_MODE_MAX_PX, viewport.width - gutter));
  return { width, height: Math.round(width / ratio) };
}

export function clampPageIndex(index: number, pageCount: number): number {
  if (pageCount <= 0) return 0;
  return Math.min(Math.max(index, 0), pageCount - 1);
}
