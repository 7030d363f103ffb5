// SQL of article search (decision 0021). Every piece of the reader's text travels
// as a bound parameter into websearch_to_tsquery / plainto_tsquery and pg_trgm's
// word similarity, none of which can fail on what a reader types.
import { MAX_SEARCH_OFFSET, SEARCH_PAGE_SIZE } from '@folio/core';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, SearchArticleTable } from '../../db/schema.ts';
import type { SearchLanguage } from './search-rows.ts';

/** Least word similarity (pg_trgm) of the query to a title or body for a fuzzy hit. */
const WORD_SIMILARITY = '0.5';

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

export type SearchRow = Pick<
  Selectable<SearchArticleTable>,
  | 'article_id'
  | 'brand'
  | 'issue_date'
  | 'edition_number'
  | 'page_no'
  | 'page_index'
  | 'page_name'
  | 'title'
  | 'body_text'
  | 'top'
  | 'left'
  | 'width'
  | 'height'
  | 'media_base'
  | 'html_file'
  | 'img_file'
> & { edition_name: string };

/**
 * Most matches ranked per query: the newest this many. Enough to page to core's
 * deepest offset; a word found in half the archive is not ranked across all of it.
 */
const CANDIDATES = MAX_SEARCH_OFFSET + SEARCH_PAGE_SIZE;

export class SearchRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Word matches first (every query word in the title or text, by the tsvector);
   * then, only when those run out before the page asked for, trigram matches of
   * titles (misspelt and partial words). Each ranks at most the newest CANDIDATES
   * matches; the page's rows are read last, by id.
   */
  async search(filter: SearchFilter): Promise<SearchRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const wanted = filter.offset + filter.limit;
      const words = await this.wordMatches(trx, filter);
      let ids = words;
      if (words.length < wanted) {
        // pg_trgm's default threshold (0.6) misses one swapped pair of letters in a
        // ten-letter word ("whitefeild"); 0.5 finds it. Set for this transaction only.
        await sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`.execute(
          trx,
        );
        ids = [...words, ...(await this.trigramMatches(trx, filter))];
      }
      const page = ids.slice(filter.offset, wanted);
      if (page.length === 0) return [];
      const rows = await trx
        .selectFrom('search_articles as s')
        .innerJoin('editions as e', 'e.id', 's.edition_id')
        .select([
          's.article_id',
          's.brand',
          's.issue_date',
          's.edition_number',
          's.page_no',
          's.page_index',
          's.page_name',
          's.title',
          's.body_text',
          's.top',
          's.left',
          's.width',
          's.height',
          's.media_base',
          's.html_file',
          's.img_file',
          'e.edition_name',
        ])
        .where('s.article_id', 'in', page)
        .execute();
      const byId = new Map(rows.map((row) => [row.article_id, row]));
      return page.flatMap((id) => byId.get(id) ?? []);
    });
  }

  private filters(filter: SearchFilter) {
    return sql`s.brand = ${filter.brand}
      and s.issue_date <= ${filter.latestDate}
      ${filter.date === undefined ? sql`` : sql`and s.issue_date = ${filter.date}`}
      ${filter.editionNumber === undefined ? sql`` : sql`and s.edition_number = ${filter.editionNumber}`}`;
  }

  private tsquery(filter: SearchFilter) {
    // English: the reader's words through the `english` configuration. Kannada: the
    // keys (a-z, digits and spaces only) as plain words of `simple`.
    return filter.language === 'kn'
      ? sql`plainto_tsquery('simple', ${filter.key})`
      : sql`websearch_to_tsquery('english', ${filter.text})`;
  }

  /**
   * Ids of word matches, best first: title matches before text matches, each newest
   * first (a paper, like the demo copy, repeats a headline on many days), then by
   * how well title and text match.
   */
  private async wordMatches(trx: Transaction<Database>, filter: SearchFilter): Promise<string[]> {
    const { rows } = await sql<{ article_id: string }>`
      with q as (select ${this.tsquery(filter)} as tsq, ${filter.key}::text as qkey),
      found as (
        select s.article_id, s.issue_date, s.edition_number, s.page_no, s.tsv, s.title_key
        from search_articles s cross join q
        where ${this.filters(filter)} and s.tsv @@ q.tsq
        order by s.issue_date desc
        limit ${CANDIDATES}
      )
      select f.article_id
      from found f cross join q
      order by
        ts_rank_cd('{0, 0, 0, 1}', f.tsv, q.tsq) > 0 desc,
        f.issue_date desc,
        least(ts_rank_cd('{0, 0, 0, 1}', f.tsv, q.tsq), 1)
          + least(ts_rank_cd('{0, 0, 1, 0}', f.tsv, q.tsq, 1), 1)
          + word_similarity(q.qkey, f.title_key) desc,
        f.edition_number, f.page_no, f.article_id`.execute(trx);
    return rows.map((row) => row.article_id);
  }

  /** Ids of title trigram matches that are not word matches, most similar first. */
  private async trigramMatches(
    trx: Transaction<Database>,
    filter: SearchFilter,
  ): Promise<string[]> {
    const { rows } = await sql<{ article_id: string }>`
      with q as (select ${this.tsquery(filter)} as tsq, ${filter.key}::text as qkey),
      found as (
        select s.article_id, s.issue_date, s.edition_number, s.page_no, s.title_key
        from search_articles s cross join q
        where ${this.filters(filter)}
          and s.title_key %> q.qkey
          and not (s.tsv @@ q.tsq)
        order by s.issue_date desc
        limit ${CANDIDATES}
      )
      select f.article_id
      from found f cross join q
      order by word_similarity(q.qkey, f.title_key) desc,
        f.issue_date desc, f.edition_number, f.page_no, f.article_id`.execute(trx);
    return rows.map((row) => row.article_id);
  }
}
