// SQL of article search (decision 0021). Every piece of the reader's text travels
// as a bound parameter into websearch_to_tsquery / plainto_tsquery and pg_trgm's
// word similarity, none of which can fail on what a reader types. The archive is
// read window by window for the newest matches (newest-matches-repo.ts).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, SearchArticleTable } from '../../db/schema.ts';
import {
  DEFAULT_SEARCH_SIZES,
  newestMatches,
  searchWindows,
  type SearchSizes,
  type Windows,
} from './newest-matches-repo.ts';
import { tsqueryOf, type SearchFilter } from './search-filter.ts';

export type { SearchFilter } from './search-filter.ts';

/**
 * Least trigram similarity (pg_trgm) of an indexed word to a query word for it to
 * stand in for a misspelt one: "whitefeild" and "whitefield" score 0.47.
 */
const WORD_SIMILARITY = '0.4';
/** Most stand-in words per query word, the most similar. */
const STAND_INS = 5;

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

export class SearchRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sizes: SearchSizes = DEFAULT_SEARCH_SIZES,
  ) {}

  /**
   * Word matches first (every query word in the title or text, by the tsvector);
   * then, only when those run out before the page asked for, matches of similar
   * words (misspelt and partial words, through the brand's word list). Each ranks
   * at most the newest CANDIDATES matches; the page's rows are read last, by id.
   */
  async search(filter: SearchFilter): Promise<SearchRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const wanted = filter.offset + filter.limit;
      const windows = await searchWindows(trx, filter, this.sizes);
      const words = await this.wordMatches(trx, filter, windows);
      let ids = words;
      if (words.length < wanted) {
        // pg_trgm's default threshold (0.3) lets too many words stand in for a
        // short one; WORD_SIMILARITY still takes one swapped pair of letters in a
        // ten-letter word ("whitefeild"). Set for this transaction only.
        await sql`select set_config('pg_trgm.similarity_threshold', ${WORD_SIMILARITY}, true)`.execute(
          trx,
        );
        ids = [...words, ...(await this.similarWordMatches(trx, filter, windows))];
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

  /**
   * Ids of word matches, best first: title matches before text matches, each newest
   * first (a paper, like the demo copy, repeats a headline on many days), then by
   * how well title and text match.
   */
  private async wordMatches(
    trx: Transaction<Database>,
    filter: SearchFilter,
    windows: Windows,
  ): Promise<string[]> {
    const tsq = tsqueryOf(filter);
    return newestMatches(trx, filter, this.sizes, windows, sql`s.tsv @@ ${tsq}`, {
      first: sql`(ts_rank_cd('{0, 0, 0, 1}', s.tsv, ${tsq}) > 0)::int`,
      then: sql`least(ts_rank_cd('{0, 0, 0, 1}', s.tsv, ${tsq}), 1)
        + least(ts_rank_cd('{0, 0, 1, 0}', s.tsv, ${tsq}, 1), 1)
        + word_similarity(${filter.key}::text, s.title_key)`,
    });
  }

  /**
   * Ids of articles with words similar to the query's that are not word matches,
   * the most similar titles first. Each query word stands for its STAND_INS most
   * similar words of the brand (itself among them when indexed); an article needs
   * one of them for every query word that has any.
   */
  private async similarWordMatches(
    trx: Transaction<Database>,
    filter: SearchFilter,
    windows: Windows,
  ): Promise<string[]> {
    const queryWords =
      filter.language === 'kn'
        ? sql`to_tsvector('simple', ${filter.key})`
        : sql`to_tsvector('english', ${filter.text})`;
    const { rows: similar } = await sql<{ query_word: string; word: string }>`
      select q.lexeme as query_word, w.word
      from unnest(${queryWords}) as q
      cross join lateral (
        select w.word from search_words w
        where w.brand = ${filter.brand} and w.word % q.lexeme
        order by similarity(w.word, q.lexeme) desc, w.word
        limit ${STAND_INS}
      ) w`.execute(trx);
    const standIns = new Map<string, string[]>();
    for (const { query_word: queryWord, word } of similar)
      standIns.set(queryWord, [...(standIns.get(queryWord) ?? []), word]);
    if (standIns.size === 0) return [];
    // Each stand-in as a one-word query of its own ('simple' keeps an indexed word
    // as it is), OR-ed per query word and AND-ed across them; all bound values.
    const fuzzy = sql.join(
      [...standIns.values()].map(
        (words) =>
          sql`(${sql.join(
            words.map((word) => sql`plainto_tsquery('simple', ${word})`),
            sql` || `,
          )})`,
      ),
      sql` && `,
    );
    return newestMatches(
      trx,
      filter,
      this.sizes,
      windows,
      sql`s.tsv @@ (${fuzzy}) and not (s.tsv @@ ${tsqueryOf(filter)})`,
      { first: sql`word_similarity(${filter.key}::text, s.title_key)`, then: sql`0` },
    );
  }
}
