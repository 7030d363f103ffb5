// Locates an article hotspot in an edition. The page it was opened from is looked
// at first; the whole edition is the fallback, so an old link whose page number
// has shifted still finds its article.
import type { ArticleHotspot, Page } from '@folio/core';

export interface FoundArticle {
  article: ArticleHotspot;
  page: Page;
  pageIndex: number;
}

function onPage(pages: Page[], pageIndex: number, articleId: string): FoundArticle | undefined {
  const page = pages[pageIndex];
  const article = page?.articles.find((candidate) => candidate.id === articleId);
  return page && article ? { article, page, pageIndex } : undefined;
}

export function findArticle(
  pages: Page[],
  articleId: string,
  preferredPage?: number,
): FoundArticle | undefined {
  if (preferredPage !== undefined) {
    const found = onPage(pages, preferredPage, articleId);
    if (found) return found;
  }
  for (let index = 0; index < pages.length; index += 1) {
    const found = onPage(pages, index, articleId);
    if (found) return found;
  }
  return undefined;
}
