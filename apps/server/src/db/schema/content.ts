// The paper itself: editions, issues, their pages, articles and ads, the search
// index of published articles, and the days with no paper.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { BoxColumns, IsoDate } from './columns.ts';

export interface EditionGroupTable {
  id: Generated<number>;
  brand: string;
  parent_edition: string;
  sort: number;
  /** Set when the desk retired the group: it and its editions leave the reader's list. */
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface EditionTable {
  id: Generated<number>;
  brand: string;
  edition_number: number;
  edition_name: string;
  group_id: number;
  sort: number;
  /** Pages the edition has each day (set on the desk); a page number beyond it is refused. */
  page_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the desk retired the edition; its published issues stay readable. */
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface IssueTable {
  id: Generated<number>;
  brand: string;
  edition_id: number;
  issue_date: IsoDate;
  /** Storage key prefix of every media file of this issue, ending in "/". */
  media_prefix: string;
  published_at: ColumnType<Date, Date | undefined, never>;
}

export interface PageTable {
  id: Generated<number>;
  issue_id: number;
  page_no: number;
  section: string;
  name: string;
  display_name: string;
  img_file: string;
  zoom_file: string;
  thumb_file: string;
  preview_file: string;
  pdf_file: string;
  width: number;
  height: number;
}

export interface ArticleTable extends BoxColumns {
  id: string;
  issue_id: number;
  page_id: number;
  title: string;
  body_text: string;
  html_file: string;
}

/**
 * One row per published article for search (migration 0010, decision 0021): a copy
 * of what a hit shows, with the page's place, and the search keys. Written in the
 * publish transaction; removed with its article.
 */
export interface SearchArticleTable extends BoxColumns {
  article_id: string;
  issue_id: number;
  brand: string;
  /** 'en' (english text search) or 'kn' (Kannada keys, simple text search). */
  lang: string;
  issue_date: IsoDate;
  edition_id: number;
  edition_number: number;
  page_no: number;
  /** 0-based place of the page in its issue, as the access policy counts pages. */
  page_index: number;
  page_name: string;
  title: string;
  body_text: string;
  /** Media URL of the issue's folder, ending in "/". */
  media_base: string;
  html_file: string;
  img_file: string;
  /** Lower-cased text (English) or Kannada search keys, for ranking and trigrams. */
  title_key: string;
  body_key: string;
  /** Generated from the keys; never written. */
  tsv: ColumnType<string, never, never>;
}

/** Every distinct lexeme of a brand's search index, for misspelt words (migration 0012). */
export interface SearchWordTable {
  brand: string;
  word: string;
}

export interface AdTable extends BoxColumns {
  id: string;
  issue_id: number;
  page_id: number;
  img_file: string;
}

export interface HolidayTable {
  brand: string;
  holiday_date: IsoDate;
  message: string;
}

export type EditionRow = Selectable<EditionTable>;
