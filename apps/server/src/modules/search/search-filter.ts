// What a reader's search asks for, and the SQL of it every search query shares: the
// filters on brand, date and edition, and the reader's words as a tsquery, all as
// bound parameters.
import { sql } from 'kysely';
import type { SearchLanguage } from './search-rows.ts';

export interface SearchFilter {
  brand: string;
  language: SearchLanguage;
  /** The reader's text as typed (English: parsed as a web search). */
  text: string;
  /** The text's search key (see search-rows.ts searchKeyOf). */
  key: string;
  /** Newest date readers may open: issues published ahead of their day stay hidden. */
  latestDate: string;
  date: string | undefined;
  editionNumber: number | undefined;
  offset: number;
  limit: number;
}

/** The filter's conditions on search_articles `s`. */
export function filterSql(filter: SearchFilter) {
  return sql`s.brand = ${filter.brand}
      and s.issue_date <= ${filter.latestDate}
      ${filter.date === undefined ? sql`` : sql`and s.issue_date = ${filter.date}`}
      ${filter.editionNumber === undefined ? sql`` : sql`and s.edition_number = ${filter.editionNumber}`}`;
}

export function tsqueryOf(filter: SearchFilter) {
  // English: the reader's words through the `english` configuration. Kannada: the
  // keys (a-z, digits and spaces only) as plain words of `simple`.
  return filter.language === 'kn'
    ? sql`plainto_tsquery('simple', ${filter.key})`
    : sql`websearch_to_tsquery('english', ${filter.text})`;
}
