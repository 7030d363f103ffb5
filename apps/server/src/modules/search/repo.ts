// SQL of article search (decision 0021). Every piece of the reader's text travels
// as a bound parameter into websearch_to_tsquery / plainto_tsquery and pg_trgm's
// word similarity, none of which can fail on what a reader types.
import { MAX_SEARCH_OFFSET, SEARCH_PAGE_SIZE, addDays, daysBetween } from '@folio/core';
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
 * Most articles of the first window a search reads, in date order (see
 * SearchRepo.windows): about a month of one brand in the benchmark's million.
 */
const FIRST_WINDOW_ARTICLES = 5000;
/** How many times as many days each later window spans as all before it together. */
const WINDOW_GROWTH = 3;
/** Windows after the first before the rest of the archive. */
const LATER_WINDOWS = 3;

/**
 * How candidates rank: by `first`, highest first; then newest first; then by
 * `then`, highest first; ties by place in the paper.
 */
interface Rank {
  first: RawBuilder<unknown>;
  then: RawBuilder<unknown>;
}

/** See SearchRepo.windows. */
interface Windows {
  since: string | null;
  ends: string[];
}

interface Candidate {
  article_id: string;
  first: number;
  /** yyyy-MM-dd */
  day: string;
  then: number;
  edition_number: number;
  page_no: number;
}

/** Ids of `candidates` in the order of their Rank. */
function ranked(candidates: Candidate[]): string[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return candidates
    .sort(
      (a, b) =>
        b.first - a.first ||
        compare(b.day, a.day) ||
        b.then - a.then ||
        a.edition_number - b.edition_number ||
        a.page_no - b.page_no ||
        compare(a.article_id, b.article_id),
    )
    .map((candidate) => candidate.article_id);
}

/** How much a search reads: the defaults, or small ones that let tests reach every window. */
export interface SearchSizes {
  candidates: number;
  firstWindowArticles: number;
}

const SIZES: SearchSizes = {
  candidates: CANDIDATES,
  firstWindowArticles: FIRST_WINDOW_ARTICLES,
};

export class SearchRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sizes: SearchSizes = SIZES,
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
      const windows = await this.windows(trx, filter);
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
  private async wordMatches(
    trx: Transaction<Database>,
    filter: SearchFilter,
    windows: Windows,
  ): Promise<string[]> {
    const tsq = this.tsquery(filter);
    return this.newestMatches(trx, filter, windows, sql`s.tsv @@ ${tsq}`, {
      first: sql`(ts_rank_cd('{0, 0, 0, 1}', s.tsv, ${tsq}) > 0)::int`,
      then: sql`least(ts_rank_cd('{0, 0, 0, 1}', s.tsv, ${tsq}), 1)
        + least(ts_rank_cd('{0, 0, 1, 0}', s.tsv, ${tsq}, 1), 1)
        + word_similarity(${filter.key}::text, s.title_key)`,
    });
  }

  /**
   * Where newestMatches looks, newest first. The first window is the brand's
   * newest days that hold at most FIRST_WINDOW_ARTICLES articles (`since` is the
   * day before them; null when the whole archive is that small); each later one
   * WINDOW_GROWTH times as many days as all before it together, up to LATER_WINDOWS
   * of them (`ends`, each the day before its window); then the rest.
   */
  private async windows(trx: Transaction<Database>, filter: SearchFilter): Promise<Windows> {
    // One day's search needs none (newestMatches).
    if (filter.date !== undefined) return { since: null, ends: [] };
    const { rows } = await sql<{ day: string }>`
      select s.issue_date::text as day
      from search_articles s
      where ${this.filters(filter)}
      order by s.issue_date desc
      offset ${this.sizes.firstWindowArticles}
      limit 1`.execute(trx);
    const since = rows[0]?.day;
    if (since === undefined) return { since: null, ends: [] };
    const days = Math.max(1, daysBetween(since, filter.latestDate));
    return {
      since,
      ends: Array.from({ length: LATER_WINDOWS }, (_, n) =>
        addDays(filter.latestDate, -days * (WINDOW_GROWTH + 1) ** (n + 1)),
      ),
    };
  }

  /**
   * Ids of the newest CANDIDATES articles meeting `condition`, ranked, looked for
   * window by window (see windows) until the candidates are filled. Through the
   * text index a match is found at once, but only reading its row tells its brand
   * and date: a common word's matches across the archive ("Davanagere" in one
   * article in six, 90,000 at a million) would all be read to keep the newest
   * thousand. So:
   * - the first window is read in date order without the text index: a few
   *   thousand rows, however common the word, and enough for a common one;
   * - when the windows read so far gave at least half the candidates, the word is
   *   common enough that the next window is read in date order too, stopping at
   *   the last candidate;
   * - otherwise the window is read as the planner sees fit, and it holds about
   *   WINDOW_GROWTH times the matches found so far at most. The query's words go
   *   into the condition as they are (not through a CTE), so the planner sees how
   *   common each is;
   * - in the last, open window, `nulls last` keeps the planner from walking the
   *   (brand, date) index in the hope of soon meeting words it takes for common,
   *   which are rare together or rare that far back.
   */
  private async newestMatches(
    trx: Transaction<Database>,
    filter: SearchFilter,
    windows: Windows,
    condition: RawBuilder<unknown>,
    rank: Rank,
  ): Promise<string[]> {
    const found: Candidate[] = [];
    const wanted = this.sizes.candidates;
    /**
     * Adds the newest matches in `range` that the candidates still lack: read in
     * date order without the text index (`offset 0` keeps the planner from taking
     * the condition into the inner query), as the planner sees fit, or through the
     * text index only. The ranks are worked out on the rows kept, just read.
     */
    const read = async (
      range: RawBuilder<unknown>,
      way: 'date order' | 'any' | 'text index',
    ): Promise<void> => {
      const from =
        way === 'date order'
          ? sql`(
              select * from search_articles s
              where ${this.filters(filter)} ${range}
              order by s.issue_date desc
              offset 0
            ) s
            where ${condition}`
          : sql`search_articles s where ${this.filters(filter)} ${range} and ${condition}`;
      const { rows } = await sql<Candidate>`
        select s.article_id, ${rank.first}::float8 as first, s.issue_date::text as day,
          ${rank.then}::float8 as then, s.edition_number, s.page_no
        from (
          select s.article_id, s.issue_date, s.edition_number, s.page_no, s.tsv, s.title_key
          from ${from}
          order by s.issue_date desc ${way === 'text index' ? sql`nulls last` : sql``}
          limit ${wanted - found.length}
        ) s`.execute(trx);
      found.push(...rows);
    };
    if (filter.date !== undefined) {
      await read(sql``, 'any');
      return ranked(found);
    }
    await read(
      windows.since === null ? sql`` : sql`and s.issue_date > ${windows.since}`,
      'date order',
    );
    if (windows.since === null) return ranked(found);
    let until = windows.since;
    for (const end of windows.ends) {
      if (found.length >= wanted) return ranked(found);
      await read(
        sql`and s.issue_date <= ${until} and s.issue_date > ${end}`,
        found.length * 2 >= wanted ? 'date order' : 'any',
      );
      until = end;
    }
    if (found.length < wanted) await read(sql`and s.issue_date <= ${until}`, 'text index');
    return ranked(found);
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
    return this.newestMatches(
      trx,
      filter,
      windows,
      sql`s.tsv @@ (${fuzzy}) and not (s.tsv @@ ${this.tsquery(filter)})`,
      { first: sql`word_similarity(${filter.key}::text, s.title_key)`, then: sql`0` },
    );
  }
}
