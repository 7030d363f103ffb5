// An article's clip is its box cut out of the page image by the browser: a window
// the box's shape with the whole page image placed behind it, so the page image
// the reader already has cached is reused and no pixels are decoded twice.
import type { HotspotBox } from '@folio/core';
import type { CSSProperties } from 'react';

/** The window's width / height, and where the page image sits behind it. */
export function clipLayout(
  box: HotspotBox,
  pageWidth: number,
  pageHeight: number,
): { aspectRatio: string; image: CSSProperties } {
  return {
    aspectRatio: String((box.width * pageWidth) / (box.height * pageHeight)),
    image: {
      width: `${(100 / box.width) * 100}%`,
      left: `${(-box.left / box.width) * 100}%`,
      top: `${(-box.top / box.height) * 100}%`,
    },
  };
}
