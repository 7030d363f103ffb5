// One newspaper page: its image (chosen for the screen, lib/page-image.ts) in a box
// that reserves the page's aspect ratio before the image arrives, with the
// hotspots laid over it.
import type { AdHotspot, ArticleHotspot, Page } from '@folio/core';
import type { Size } from '../lib/page-geometry.ts';
import { PageHotspots } from './page-hotspots.tsx';

export interface PageViewProps {
  page: Page;
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
}

export function PageView({
  page,
  src,
  onShown,
  alt,
  size,
  dimmed,
  selectedArticleId,
  onArticle,
  onAd,
}: PageViewProps) {
  return (
    <figure
      className={`relative mx-auto shrink-0 bg-white shadow-[0_1px_3px_rgb(0_0_0/0.12),0_12px_40px_-12px_rgb(0_0_0/0.25)] transition-opacity duration-200 ${
        dimmed ? 'pointer-events-none opacity-60' : 'opacity-100'
      }`}
      style={{ width: size.width, aspectRatio: `${page.width} / ${page.height}` }}
    >
      <img
        src={src}
        width={page.width}
        height={page.height}
        alt={alt}
        draggable={false}
        fetchPriority="high"
        decoding="async"
        onLoad={() => onShown(src)}
        className="absolute inset-0 size-full select-none"
      />
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
