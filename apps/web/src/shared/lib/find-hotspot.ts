// Locates a hotspot (an article or an ad) in an edition. The page it was opened
// from is looked at first; the whole edition is the fallback, so an old link whose
// page number has shifted still finds it.
import type { Page } from '@folio/core';

export interface FoundHotspot<T> {
  hotspot: T;
  page: Page;
  pageIndex: number;
}

export function findHotspot<T>(
  pages: readonly Page[],
  pick: (page: Page) => T | undefined,
  preferredPage?: number,
): FoundHotspot<T> | undefined {
  const on = (pageIndex: number) => {
    const page = pages[pageIndex];
    const hotspot = page && pick(page);
    return page && hotspot ? { hotspot, page, pageIndex } : undefined;
  };
  const preferred = preferredPage === undefined ? undefined : on(preferredPage);
  if (preferred) return preferred;
  for (let index = 0; index < pages.length; index += 1) {
    const found = on(index);
    if (found) return found;
  }
  return undefined;
}
