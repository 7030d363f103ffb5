// Joins a story continued on another page into one article. The first part ends with
// a jump line ("Continued on Page 7"); on that page, its continuation opens with
// "Continued from Page 1" under the same (or, failing that, the only such) headline.
// Both parts then read as the whole story, without the jump lines; a jump whose other
// half cannot be found is left as printed, so the reader still sees where it went.
import { jumpAtEnd, jumpAtStart } from '../text/jump-lines.ts';

export interface LinkableArticle {
  title: string;
  paragraphs: readonly string[];
}

export interface LinkablePage {
  pageNo: number;
  articles: readonly LinkableArticle[];
}

interface Part {
  pageNo: number;
  index: number;
  title: string;
  /** Paragraphs without the jump lines. */
  own: string[];
  to?: number;
  from?: number;
}

const sameTitle = (a: string, b: string) =>
  a.replace(/\s+/gu, ' ').trim().toLowerCase() === b.replace(/\s+/gu, ' ').trim().toLowerCase();

function partOf(pageNo: number, index: number, article: LinkableArticle): Part {
  const own = [...article.paragraphs];
  const part: Part = { pageNo, index, title: article.title, own };
  const start = own[0] === undefined ? undefined : jumpAtStart(own[0]);
  if (start && start.page !== pageNo) {
    part.from = start.page;
    if (start.text) own[0] = start.text;
    else own.shift();
  }
  const last = own.at(-1);
  const end = last === undefined ? undefined : jumpAtEnd(last);
  if (end && end.page !== pageNo) {
    part.to = end.page;
    if (end.text) own[own.length - 1] = end.text;
    else own.pop();
  }
  return part;
}

/**
 * For every article of every page (same order as given), the paragraphs the reader is
 * shown: a linked story whole on both its pages, any other article as extracted.
 *
 * `isFreePage` names the pages readers may open without a subscription (today's front
 * page of the free edition). A story that starts on such a page and continues on a paid
 * one keeps its first part as printed there, jump line included, so the free page never
 * carries the paid page's text (nor do its search rows); the paid page has it whole.
 */
export function linkContinuations(
  pages: readonly LinkablePage[],
  isFreePage: (pageNo: number) => boolean = () => false,
): string[][][] {
  const parts = pages.map((page) =>
    page.articles.map((article, index) => partOf(page.pageNo, index, article)),
  );
  const out = pages.map((page) => page.articles.map((article) => [...article.paragraphs]));
  const where = new Map(pages.map((page, i) => [page.pageNo, i]));
  const used = new Set<Part>();
  for (const first of parts.flat()) {
    if (first.to === undefined) continue;
    const target = where.get(first.to);
    if (target === undefined) continue;
    const candidates = (parts[target] ?? []).filter((p) => p.from === first.pageNo && !used.has(p));
    const rest =
      candidates.find((p) => sameTitle(p.title, first.title)) ??
      (candidates.length === 1 ? candidates[0] : undefined);
    if (!rest) continue;
    used.add(rest);
    const whole = [...first.own, ...rest.own];
    const firstPage = out[where.get(first.pageNo) ?? -1];
    const paidRest = isFreePage(first.pageNo) && !isFreePage(rest.pageNo);
    if (firstPage && !paidRest) firstPage[first.index] = whole;
    const restPage = out[target];
    if (restPage) restPage[rest.index] = whole;
  }
  return out;
}
