// Fetches the next page's image ahead of time so turning the page is instant.
// Given the same srcset as the page, the browser fetches the file it will draw.
import { useEffect } from 'react';

export function usePreloadImage(src: string | undefined, srcSet?: string): void {
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.decoding = 'async';
    if (srcSet) image.srcset = srcSet;
    image.src = src;
  }, [src, srcSet]);
}
