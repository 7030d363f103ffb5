// One newspaper page in a box that reserves the page's aspect ratio before any
// image arrives, with the hotspots laid over it. The small preview is drawn first
// (a few dozen KB, so a phone shows the page at once); the image chosen for the
// screen (lib/page-image.ts) is asked for only once the preview is on screen, and
// replaces it when it has loaded (the preview leaves the page then). A page whose
// image was drawn before (turning back, or preloaded as the next page) skips the
// preview. Whichever image loads first takes over from the document's first frame
// (shared/lib/first-frame.ts), which showed the same page in the same place.
import {
  PAGE_IMAGE_WIDTHS,
  type AdHotspot,
  type ArticleHotspot,
  type LockReason,
  type Page,
} from '@folio/core';
import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { useViewportSize } from '../../../shared/hooks/use-viewport-size.ts';
import { dismissFirstFrame } from '../../../shared/lib/first-frame.ts';
import { hasBeenLoaded, rememberLoaded } from '../lib/loaded-images.ts';
import { FIGURE_CLASS } from '../lib/page-figure.ts';
import { zoomedHeight, type Size, type ZoomBox } from '../lib/page-geometry.ts';
import { useIdleAfter } from '../hooks/use-idle-after.ts';
import type { ZoomState } from '../lib/page-zoom.ts';
import { HEIGHT_MODE_GUTTER_PX } from '../lib/reader-constants.ts';
import type { DeepZoomSources } from './deep-zoom-layers.tsx';
import { PageHotspots } from './page-hotspots.tsx';

export interface PageViewProps {
  page: Page;
  /** The small image drawn first (the same as `src` for pages published without one). */
  preview: string;
  /** The image file drawn, the reading or the zoom image. */
  src: string;
  /** Called with `src` once the image has loaded and can be drawn. */
  onShown: (src: string) => void;
  alt: string;
  size: Size;
  dimmed: boolean;
  selectedArticleId?: string;
  /** The article a link asked for, focused once the page is drawn. */
  focusArticleId?: string;
  onArticle: (article: ArticleHotspot) => void;
  onAd: (ad: AdHotspot) => void;
  /** Asks for the popup of a locked page (the server sent only its blurred preview). */
  onLocked: () => void;
  /** The way into a locked page, which its lock names (null while not known). */
  lockReason?: LockReason | null;
  /** The zoom image and deep-zoom tiles of an open page. */
  deepZoom: DeepZoomSources;
}

// Zooming is loaded once the page is on screen and the browser idle, and what a
// zoomed page draws over its image only once it is zoomed.
const PageZoom = lazy(() => import('./page-zoom.tsx').then((m) => ({ default: m.PageZoom })));
const DeepZoomLayers = lazy(() =>
  import('./deep-zoom-layers.tsx').then((m) => ({ default: m.DeepZoomLayers })),
);
const FITTED: ZoomState = { scale: 1, x: 0, y: 0 };
/** The header above and the footer bar below a zoomed page, with a little air. */
const ZOOMED_GUTTER_PX = HEIGHT_MODE_GUTTER_PX + 16;

// Only pages the reader may not open need it; the free front page never does.
const LockedPage = lazy(() => import('./locked-page.tsx').then((m) => ({ default: m.LockedPage })));

export function PageView({ onLocked, lockReason, deepZoom, ...open }: PageViewProps) {
  if (open.page.locked)
    return (
      <Suspense fallback={null}>
        <LockedPage {...open} onLocked={onLocked} reason={lockReason ?? null} />
      </Suspense>
    );
  return <OpenPage {...open} deepZoom={deepZoom} />;
}

function OpenPage({
  page,
  preview,
  src,
  onShown,
  alt,
  size,
  dimmed,
  selectedArticleId,
  focusArticleId,
  onArticle,
  onAd,
  deepZoom,
}: Omit<PageViewProps, 'onLocked' | 'lockReason'>) {
  const surface = useRef<HTMLElement>(null);
  const [zoom, setZoom] = useState<ZoomState>(FITTED);
  // Zoomed, the page fills the screen down to the footer, not only its fitted box.
  const viewport = useViewportSize();
  const viewHeight = viewport.height - ZOOMED_GUTTER_PX;
  const zoomBox = useMemo<ZoomBox>(
    () => ({ width: size.width, height: size.height, viewHeight }),
    [size.width, size.height, viewHeight],
  );
  const zoomed = zoom.scale > 1;
  // Where the drawing is: decided once per page (ReaderStage keys PageView by
  // page), the sharp image straight away if it needs no preview.
  const [stage, setStage] = useState<'preview' | 'both' | 'sharp'>(() =>
    preview === src || hasBeenLoaded(src) ? 'sharp' : 'preview',
  );
  const image = (props: { key: string; src: string; alt: string; onLoad: () => void }) => (
    <img
      key={props.key}
      src={props.src}
      width={page.width}
      height={page.height}
      alt={props.alt}
      draggable={false}
      fetchPriority="high"
      decoding="async"
      onLoad={props.onLoad}
      className="absolute inset-0 size-full select-none"
    />
  );
  const zoomReady = useIdleAfter(stage === 'sharp');
  const shown = () => {
    dismissFirstFrame();
    rememberLoaded(src);
    setStage('sharp');
    onShown(src);
  };
  return (
    <>
      <figure
        ref={surface}
        className={`${FIGURE_CLASS} overflow-hidden ${dimmed ? 'pointer-events-none opacity-60' : 'opacity-100'} ${
          zoom.scale > 1 ? 'cursor-grab active:cursor-grabbing' : ''
        }`}
        style={{
          width: size.width,
          ...(zoomed
            ? { height: zoomedHeight(zoomBox) }
            : { aspectRatio: `${page.width} / ${page.height}` }),
          // Fitted, a finger scrolls the window up and down and two fingers reach the
          // zoom; zoomed, every touch moves the page.
          touchAction: zoom.scale > 1 ? 'none' : 'pan-y',
        }}
      >
        <div
          data-zoom={zoom.scale}
          className={`absolute top-0 left-0 origin-top-left ${zoomed ? '' : 'size-full'}`}
          style={
            zoomed
              ? {
                  width: size.width,
                  height: size.height,
                  transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
                }
              : undefined
          }
        >
          {stage !== 'sharp' &&
            image({
              key: 'preview',
              src: preview,
              alt,
              onLoad: () => {
                dismissFirstFrame();
                setStage('both');
              },
            })}
          {/* Keyed, so the sharp image stays the same element when the preview leaves;
          named by the preview beneath it until then. */}
          {stage !== 'preview' &&
            image({ key: 'sharp', src, alt: stage === 'sharp' ? alt : '', onLoad: shown })}
          {zoom.scale > 1 && (
            <Suspense fallback={null}>
              <DeepZoomLayers
                page={page}
                sources={deepZoom}
                baseWidth={src === deepZoom.zoomImage ? PAGE_IMAGE_WIDTHS.zoom : page.width}
                zoom={zoom}
                box={size}
                surface={surface}
              />
            </Suspense>
          )}
          <PageHotspots
            articles={page.articles}
            ads={page.ads}
            selectedArticleId={selectedArticleId}
            focusArticleId={focusArticleId}
            onArticle={onArticle}
            onAd={onAd}
          />
        </div>
      </figure>
      {zoomReady && (
        <Suspense fallback={null}>
          <PageZoom surface={surface} box={zoomBox} onZoom={setZoom} />
        </Suspense>
      )}
    </>
  );
}
