// The image view's level for the screen it is on: the pane's width (watched as the
// window resizes), the device pixel ratio and whether the window is desktop-sized,
// fed to clipLevel. Once the tiles were needed they stay, so zooming back out
// never swaps a sharp clip for a softer one.
import type { HotspotBox } from '@folio/core';
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/lib/ui-constants.ts';
import { clipLevel, type ClipLevel } from '../lib/clip-level.ts';

/** Spec 2 §9: the phone layout is at 768 px or narrower. */
const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

function subscribeToDesktop(onChange: () => void) {
  const query = window.matchMedia(DESKTOP_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Width in css px of the element's parent, kept current. */
function useParentWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const parent = element.current?.parentElement;
    if (!parent) return;
    const measure = () => setWidth(parent.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export function useClipLevel(
  frame: RefObject<HTMLElement | null>,
  box: HotspotBox,
  zoom: number,
): ClipLevel & { tiles: boolean } {
  const paneWidth = useParentWidth(frame);
  const desktop = useSyncExternalStore(
    subscribeToDesktop,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => false,
  );
  const level = clipLevel({
    box,
    wanted: paneWidth * zoom,
    devicePixelRatio: window.devicePixelRatio || 1,
    desktop,
  });
  // Kept per article: the next article starts from its own need.
  const article = `${box.left},${box.top},${box.width},${box.height}`;
  const [tilesFor, setTilesFor] = useState<string | undefined>();
  if (level.source === 'tiles' && tilesFor !== article) setTilesFor(article);
  return { ...level, tiles: level.source === 'tiles' || tilesFor === article };
}
