// Which of the page's images to draw: the smallest one that still covers the
// drawn width in device pixels. A phone (412 css px at 2.625 device pixels per
// px, 1,081 px) gets the 1,200 px reading image, never the 1,800 px zoom image
// that is twice the bytes; only screens that would upscale the reading image
// (tablets, high-density laptops) get the zoom image. The next page is preloaded
// with the same choice, so turning the page draws from the cache.
import { PAGE_IMAGE_WIDTHS } from '@folio/core';

export interface PageImages {
  /** The reading-size image, PAGE_IMAGE_WIDTHS.reading px wide. */
  reading: string;
  /** The zoom image, PAGE_IMAGE_WIDTHS.zoom px wide. */
  zoom: string;
}

export function choosePageImage(
  images: PageImages,
  drawnWidthCssPx: number,
  devicePixelRatio: number,
): string {
  const neededPx = drawnWidthCssPx * (devicePixelRatio > 0 ? devicePixelRatio : 1);
  return neededPx <= PAGE_IMAGE_WIDTHS.reading ? images.reading : images.zoom;
}
