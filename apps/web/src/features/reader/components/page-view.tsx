// One newspaper page in a box that reserves the page's aspect ratio before any
// image arrives, with the hotspots laid over it. The small preview is drawn first
// (a few dozen KB, so a phone shows the page at once); the image chosen for the
// screen (lib/page-image.ts) is asked for only once the preview is on screen, and
// replaces it when it has loaded (the preview leaves the page then). A page whose
// image was drawn before (turning back, or preloaded as the next page) skips the
// preview. Whichever image loads first takes over from the document's first frame
// (shared/lib/first-frame.ts), which showed the same page in the same place.
import type { AdHotspot, ArticleHotspot, Page } from '@folio/core';
import { Suspense, lazy, useState } from 'react';
import { dismissFirstFrame } from '../../../shared/lib/first-frame.ts';
import { hasBeenLoaded, rememberLoaded } from '../lib/loaded-images.ts';
import { FIGURE_CLASS } from '../lib/page-figure.ts';
import type { Size } from '../lib/page-geometry.ts';
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
  onArticle: (article: ArticleHotspot) => void;
  onAd: (ad: AdHotspot) => void;
  /** Asks for the popup of a locked page (the server sent only its blurred preview). */
  onLocked: () => void;
}

// Only pages the reader may not open need it; the free front page never does.
const LockedPage = lazy(() => import('./locked-page.tsx').then((m) => ({ default: m.LockedPage })));

export function PageView({ onLocked, ...open }: PageViewProps) {
  if (open.page.locked)
    return (
      <Suspense fallback={null}>
        <LockedPage {...open} onLocked={onLocked} />
      </Suspense>
    );
  return <OpenPage {...open} />;
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
  onArticle,
  onAd,
}: Omit<PageViewProps, 'onLocked'>) {
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
  const shown = () => {
    dismissFirstFrame();
    rememberLoaded(src);
    setStage('sharp');
    onShown(src);
  };
  return (
    <figure
      className={`${FIGURE_CLASS} ${dimmed ? 'pointer-events-none opacity-60' : 'opacity-100'}`}
      style={{ width: size.width, aspectRatio: `${page.width} / ${page.height}` }}
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
      <PageHotspots
        articles={page.articles}
        ads={page.ads}
        selectedArticleId={selectedArticleId}
        onArticle={onArticle}
        onAd={onAd}
      />
    </figure>
  );
}
