// Zooming an open page, loaded once the page is on screen and the browser is idle
// (page-view.tsx), so the first page's bytes never wait for it: the gestures on the
// page and the buttons beside it. What the zoom draws is the page's own.
import { DEEP_ZOOM } from '@folio/core';
import type { RefObject } from 'react';
import { ZoomControls } from '../../../shared/ui/zoom-controls.tsx';
import { usePageZoom } from '../hooks/use-page-zoom.ts';
import type { ZoomBox } from '../lib/page-geometry.ts';
import type { ZoomState } from '../lib/page-zoom.ts';

interface PageZoomProps {
  surface: RefObject<HTMLElement | null>;
  box: ZoomBox;
  onZoom: (zoom: ZoomState) => void;
}

export function PageZoom({ surface, box, onZoom }: PageZoomProps) {
  const { zoom, step } = usePageZoom(box, surface, onZoom);
  return (
    // Beside the page, not in it: taps on the buttons are not the page's gestures.
    <div
      role="group"
      aria-label="Page zoom"
      className="fixed right-3 bottom-16 z-20 flex items-center gap-1 rounded-full bg-white/95 p-1 shadow-lg"
    >
      <ZoomControls zoom={zoom.scale} min={1} max={DEEP_ZOOM.maxScale} onZoom={step} />
    </div>
  );
}
