// Puts the reader back where they were before opening an article: same scroll
// position, and the article they opened marked as the selected hotspot.
import { useEffect, useState } from 'react';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';
import { takeReturnPoint } from '../lib/scroll-memory.ts';

export function useReturnPoint(place: PagePlace, pageReady: boolean) {
  const [selectedArticleId, setSelectedArticleId] = useState<string | undefined>(undefined);
  const { date, edition, page } = place;

  useEffect(() => {
    // Wait for the page box: until it is laid out the document is too short to scroll.
    if (!pageReady) return;
    const point = takeReturnPoint({ date, edition, page });
    if (!point) return;
    window.scrollTo({ top: point.scrollY });
    setSelectedArticleId(point.articleId);
  }, [pageReady, date, edition, page]);

  return [selectedArticleId, setSelectedArticleId] as const;
}
