// Which image of the page to draw for the screen and the view mode, whether it is
// on screen yet, and the next page's image fetched ahead once it is.
import type { Page } from '@folio/core';
import { useState } from 'react';
import { mediaUrl } from '../../../shared/api/epaper-data.ts';
import { useViewportSize } from '../../../shared/hooks/use-viewport-size.ts';
import { pageDisplaySize, type ViewMode } from '../lib/page-geometry.ts';
import { choosePageImage } from '../lib/page-image.ts';
import { usePreloadImage } from './use-preload-image.ts';

export function usePageImages(
  pages: readonly Page[],
  page: number,
  mediaSuffix: string,
  viewMode: ViewMode,
) {
  const viewport = useViewportSize();
  const sizeOf = (target: Page) => pageDisplaySize(viewMode, viewport, target);
  const imageOf = (target: Page) =>
    choosePageImage(
      { reading: target.image, zoom: mediaUrl(mediaSuffix, target.zoomFile) },
      sizeOf(target).width,
      window.devicePixelRatio,
    );
  const current = pages[page];
  const currentSrc = current && imageOf(current);
  const [shownSrc, setShownSrc] = useState<string>();
  const following = pages[page + 1];
  usePreloadImage(
    following && currentSrc !== undefined && shownSrc === currentSrc
      ? imageOf(following)
      : undefined,
  );
  return { currentSrc, shownSrc, setShownSrc, sizeOf };
}
