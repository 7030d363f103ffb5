// SQL of article search (decision 0021). Every piece of the reader's text travels
// as a bound parameter into websearch_to_tsquery / plainto_tsquery and pg_trgm's
// word similarity, none of which can fail on what a reader types.
import { MAX_SEARCH_OFFSET, SEARCH_PAGE_SIZE, addDays } from '@folio/core';
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database, SearchArticleTable } from '../../db/schema.ts';
import type { SearchLanguage } from './search-rows.ts';

/**
 * Least trigram similarity (pg_trgm) of an indexed word to a query word for it to
 * stand in for a misspelt one: "whitefeild" and "whitefield" score 0.47.
 */
const WORD_SIMILARITY = '0.4';
/** Most stand-in words per query word, the most similar. */
const STAND_INS = 5;

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

/**
 * Days back from the newest date that a query of several words first looks in:
 * see newestMatches.
 */
const RECENT_DAYS = 30;

export class SearchRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Word matches first (every query word in the title or text, by the tsvector);
   * then, only when those run out before the page asked for, matches of similar
   * words (misspelt and partial words, through the brand's word list). Each ranks
   * at most the newest CANDIDATES matches; the page's rows are read last, by id.
   */
  async search(filter: SearchFilter): Promise<SearchRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const wanted = filter.offset + filter.limit;
      const words = await this.wordMatches(trx, filter);
      let ids = words;
      if (words.length < wanted) {
        // pg_trgm's default threshold (0.3) lets too many words stand in for a
        // short one; WORD_SIMILARITY still takes one swapped pair of letters in a
        // ten-letter word ("whitefeild"). Set for this transaction only.
        await sql`select set_config('pg_trgm.similarity_threshold', ${WORD_SIMILARITY}, true)`.execute(
          trx,
        );
        ids = [...words, ...(await this.similarWordMatches(trx, filter))];
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
    const tsq = this.tsquery(filter);
    const ids = await this.newestMatches(
      trx,
      filter,
      sql`s.tsv @@ ${tsq}`,
      filter.key.trim().includes(' '),
    );
    return this.ranked(
      trx,
      ids,
      sql`ts_rank_cd('{0, 0, 0, 1}', s.tsv, ${tsq}) > 0 desc,
        s.issue_date desc,
        least(ts_rank_cd('{0, 0, 0, 1}', s.tsv, ${tsq}), 1)
          + least(ts_rank_cd('{0, 0, 1, 0}', s.tsv, ${tsq}, 1), 1)
          + word_similarity(${filter.key}::text, s.title_key) desc`,
    );
  }

  /** The candidates `ids` in the order given, ties by place in the paper. */
  private async ranked(
    trx: Transaction<Database>,
    ids: string[],
    order: RawBuilder<unknown>,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ article_id: string }>`
      select s.article_id
      from search_articles s
      where s.article_id = any(${ids}::text[])
      order by ${order}, s.edition_number, s.page_no, s.article_id`.execute(trx);
    return rows.map((row) => row.article_id);
  }

  /**
   * Ids of the newest CANDIDATES articles meeting `condition`. The query's words
   * go into the condition as they are (not through a CTE), so the planner sees how
   * common each is: for a common word it walks the (brand, date) index backwards
   * and stops at CANDIDATES; for a rare one it reads the text index. For several
   * words it multiplies their frequencies, and words common alone but rare together
   * ("roads waterlogged") would walk the whole archive; so several words are first
   * looked for in the last RECENT_DAYS (a walk that long at most), and only if
   * those do not fill the candidates in the rest, where `nulls last` keeps the
   * planner from walking the index: the text index gives every match there.
   */
  private async newestMatches(
    trx: Transaction<Database>,
    filter: SearchFilter,
    condition: RawBuilder<unknown>,
    severalWords: boolean,
  ): Promise<string[]> {
    const select = (range: RawBuilder<unknown>, order: RawBuilder<unknown>, limit: number) =>
      sql<{ article_id: string }>`
        select s.article_id
        from search_articles s
        where ${this.filters(filter)} and ${condition} ${range}
        order by ${order}
        limit ${limit}`.execute(trx);
    if (!severalWords || filter.date !== undefined) {
      const { rows } = await select(sql``, sql`s.issue_date desc`, CANDIDATES);
      return rows.map((row) => row.article_id);
    }
    const since = addDays(filter.latestDate, -RECENT_DAYS);
    const recent = await select(
      sql`and s.issue_date > ${since}`,
      sql`s.issue_date desc`,
      CANDIDATES,
    );
    const ids = recent.rows.map((row) => row.article_id);
    if (ids.length >= CANDIDATES) return ids;
    const older = await select(
      sql`and s.issue_date <= ${since}`,
      sql`s.issue_date desc nulls last`,
      CANDIDATES - ids.length,
    );
    return [...ids, ...older.rows.map((row) => row.article_id)];
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
    const ids = await this.newestMatches(
      trx,
      filter,
      sql`s.tsv @@ (${fuzzy}) and not (s.tsv @@ ${this.tsquery(filter)})`,
      standIns.size > 1,
    );
    return this.ranked(
      trx,
      ids,
      sql`word_similarity(${filter.key}::text, s.title_key) desc, s.issue_date desc`,
    );
  }
}
