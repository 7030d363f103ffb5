// Addresses that tie screens to a place in the paper. Every screen that links into
// or out of the reader (article, ad viewer, saved articles, search) builds its URL
// here so the query names stay those of the spec (1 §2, 2 §2).
//
// `page` / `pageNumber` is the reader's 0-based page index within the edition,
// so closing an article lands on exactly the page it was opened from.
import { ARCHIVE_START, isIsoDate } from '@folio/core';
import { withQuery } from './http.ts';

export interface PagePlace {
  date: string;
  edition: number;
  page: number;
}

/**
 * The reader at a place; with an article, that article's box on the page is drawn
 * selected and focused (a search hit opens here).
 */
export function readerHref(place?: PagePlace, articleId?: string): string {
  if (!place) return '/';
  return withQuery('/', {
    date: place.date,
    edition: place.edition,
    page: place.page,
    article: articleId,
  });
}

/** Article ids are short; anything longer in a link is not one of ours. */
const MAX_ARTICLE_ID_LENGTH = 200;

/** An article id from a query value, or undefined when absent, empty or too long. */
export function parseArticleId(value: string | null): string | undefined {
  return value && value.length <= MAX_ARTICLE_ID_LENGTH ? value : undefined;
}

export function articleHref(articleId: string, place: PagePlace): string {
  return withQuery(`/article/${encodeURIComponent(articleId)}`, {
    date: place.date,
    edition_No: place.edition,
    pageNumber: place.page,
    source: 'epaper',
  });
}

export function adViewerHref(adId: string, imageFile: string, place: PagePlace): string {
  return withQuery(`/ad-viewer/${encodeURIComponent(adId)}`, {
    imageFile,
    date: place.date,
    edition: place.edition,
    pageNumber: place.page,
  });
}

const WHOLE_NUMBER = /^\d+$/;

/** A non-negative whole number from a query value, or undefined when absent or malformed. */
export function parseWholeNumber(value: string | null): number | undefined {
  if (value === null || !WHOLE_NUMBER.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** An edition number from a query value: a whole number from 1. */
export function parseEditionNumber(value: string | null): number | undefined {
  const number = parseWholeNumber(value);
  return number !== undefined && number > 0 ? number : undefined;
}

/** A yyyy-MM-dd date that can hold an edition: from 1 June 2020 up to today, never later. */
export function parseEditionDate(value: string | null, today: string): string | undefined {
  if (value === null || !isIsoDate(value)) return undefined;
  return value >= ARCHIVE_START && value <= today ? value : undefined;
}
