// Previous Article / Next Article: the edition's articles in reading order, page
// after page, each page's articles in the order the page lists them.
import type { Page } from '@folio/core';

export interface ArticleLink {
  id: string;
  title: string;
  pageIndex: number;
}

export interface Neighbours {
  previous: ArticleLink | undefined;
  next: ArticleLink | undefined;
}

export function neighbours(
  pages: readonly Page[],
  articleId: string,
  pageIndex: number,
): Neighbours {
  const sequence = pages.flatMap((page, index) =>
    page.articles.map((article) => ({ id: article.id, title: article.title, pageIndex: index })),
  );
  const at = sequence.findIndex((link) => link.id === articleId && link.pageIndex === pageIndex);
  if (at < 0) return { previous: undefined, next: undefined };
  return { previous: sequence[at - 1], next: sequence[at + 1] };
}
