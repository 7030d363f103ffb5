// Fetches the next page's image ahead of time so turning the page is instant.
// The reader passes it only once the current page is on screen, so the next
// page never competes with the one the reader is waiting for.
import { useEffect } from 'react';
import { rememberLoaded } from '../lib/loaded-images.ts';

export function usePreloadImage(src: string | undefined): void {
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => rememberLoaded(src);
    image.src = src;
  }, [src]);
}
