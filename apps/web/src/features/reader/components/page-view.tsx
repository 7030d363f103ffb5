// One newspaper page: the reading image in a box that reserves the page's aspect
// ratio before the image arrives, with the hotspots laid over it.
import { PAGE_IMAGE_WIDTHS, type AdHotspot, type ArticleHotspot, type Page } from '@folio/core';
import type { Size } from '../lib/page-geometry.ts';
import { PageHotspots } from './page-hotspots.tsx';

export interface PageViewProps {
  page: Page;
  /** Sharper file for high-density screens. */
  zoomSrc: string;
  alt: string;
  size: Size;
  dimmed: boolean;
  selectedArticleId?: string;
  onArticle: (article: ArticleHotspot) => void;
  onAd: (ad: AdHotspot) => void;
}

const ZOOM_DENSITY = PAGE_IMAGE_WIDTHS.zoom / PAGE_IMAGE_WIDTHS.reading;

export function pageSrcSet(page: Page, zoomSrc: string): string {
  return `${page.image} 1x, ${zoomSrc} ${ZOOM_DENSITY}x`;
}

export function PageView({
  page,
  zoomSrc,
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
        src={page.image}
        srcSet={pageSrcSet(page, zoomSrc)}
        width={page.width}
        height={page.height}
        alt={alt}
        draggable={false}
        fetchPriority="high"
        decoding="async"
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
