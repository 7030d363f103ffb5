// How search finds the newest matches of a condition without reading all of them
// (decision 0021): the archive is read window by window, newest first, until enough
// candidates are found, and the candidates are ranked here, not in SQL.
import { MAX_SEARCH_OFFSET, SEARCH_PAGE_SIZE, addDays, daysBetween } from '@folio/core';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { filterSql, type SearchFilter } from './search-filter.ts';

/**
 * Most matches ranked per query: the newest this many. Enough to page to core's
 * deepest offset; a word found in half the archive is not ranked across all of it.
 */
const CANDIDATES = MAX_SEARCH_OFFSET + SEARCH_PAGE_SIZE;

/**
 * Most articles of the first window a search reads, in date order (see
 * searchWindows): about a month of one brand in the benchmark's million.
 */
const FIRST_WINDOW_ARTICLES = 5000;
/** How many times as many days each later window spans as all before it together. */
const WINDOW_GROWTH = 3;
/** Windows after the first before the rest of the archive. */
const LATER_WINDOWS = 3;

/** How much a search reads: the defaults, or small ones that let tests reach every window. */
export interface SearchSizes {
  candidates: number;
  firstWindowArticles: number;
}

export const DEFAULT_SEARCH_SIZES: SearchSizes = {
  candidates: CANDIDATES,
  firstWindowArticles: FIRST_WINDOW_ARTICLES,
};

/**
 * How candidates rank: by `first`, highest first; then newest first; then by
 * `then`, highest first; ties by place in the paper.
 */
export interface Rank {
  first: RawBuilder<unknown>;
  then: RawBuilder<unknown>;
}

/** See searchWindows. */
export interface Windows {
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

/**
 * Where newestMatches looks, newest first. The first window is the brand's
 * newest days that hold at most FIRST_WINDOW_ARTICLES articles (`since` is the
 * day before them; null when the whole archive is that small); each later one
 * WINDOW_GROWTH times as many days as all before it together, up to LATER_WINDOWS
 * of them (`ends`, each the day before its window); then the rest.
 */
export async function searchWindows(
  trx: Transaction<Database>,
  filter: SearchFilter,
  sizes: SearchSizes,
): Promise<Windows> {
  // One day's search needs none (newestMatches).
  if (filter.date !== undefined) return { since: null, ends: [] };
  const { rows } = await sql<{ day: string }>`
      select s.issue_date::text as day
      from search_articles s
      where ${filterSql(filter)}
      order by s.issue_date desc
      offset ${sizes.firstWindowArticles}
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
 * window by window (see searchWindows) until the candidates are filled. Through the
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
export async function newestMatches(
  trx: Transaction<Database>,
  filter: SearchFilter,
  sizes: SearchSizes,
  windows: Windows,
  condition: RawBuilder<unknown>,
  rank: Rank,
): Promise<string[]> {
  const found: Candidate[] = [];
  const wanted = sizes.candidates;
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
              where ${filterSql(filter)} ${range}
              order by s.issue_date desc
              offset 0
            ) s
            where ${condition}`
        : sql`search_articles s where ${filterSql(filter)} ${range} and ${condition}`;
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
