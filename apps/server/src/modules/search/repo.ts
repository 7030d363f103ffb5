// SQL of article search (decision 0021). Every piece of the reader's text travels
// as a bound parameter into websearch_to_tsquery / plainto_tsquery and pg_trgm's
// word similarity, none of which can fail on what a reader types.
import { sql, type Kysely, type Selectable } from 'kysely';
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

export class SearchRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async search(filter: SearchFilter): Promise<SearchRow[]> {
    // English: the reader's words through the `english` configuration. Kannada: the
    // keys (a-z, digits and spaces only) as plain words of `simple`.
    const tsquery =
      filter.language === 'kn'
        ? sql`plainto_tsquery('simple', ${filter.key})`
        : sql`websearch_to_tsquery('english', ${filter.text})`;
    // Ranked title first: a match in the title (weight A) scores 2 before anything
    // else counts; then how well title and body match, word by word and by trigrams.
    const query = sql<SearchRow>`
      with q as (select ${tsquery} as tsq, ${filter.key}::text as qkey)
      select s.article_id, s.brand, s.issue_date, s.edition_number, s.page_no, s.page_index,
        s.page_name, s.title, s.body_text, s."top", s."left", s.width, s.height, s.media_base,
        s.html_file, s.img_file, e.edition_name
      from search_articles s
        cross join q
        join editions e on e.id = s.edition_id
      where s.brand = ${filter.brand}
        and s.issue_date <= ${filter.latestDate}
        ${filter.date === undefined ? sql`` : sql`and s.issue_date = ${filter.date}`}
        ${filter.editionNumber === undefined ? sql`` : sql`and s.edition_number = ${filter.editionNumber}`}
        and (s.tsv @@ q.tsq or s.title_key %> q.qkey or s.body_key %> q.qkey)
      order by
        (case when ts_rank_cd('{0, 0, 0, 1}', s.tsv, q.tsq) > 0 then 2 else 0 end)
          + least(ts_rank_cd('{0, 0, 0, 1}', s.tsv, q.tsq), 1)
          + least(ts_rank_cd('{0, 0, 1, 0}', s.tsv, q.tsq, 1), 1)
          + word_similarity(q.qkey, s.title_key)
          + 0.5 * word_similarity(q.qkey, s.body_key) desc,
        s.issue_date desc, s.edition_number, s.page_no, s.article_id
      offset ${filter.offset}
      limit ${filter.limit}`;
    // pg_trgm's default threshold (0.6) misses one swapped pair of letters in a
    // ten-letter word ("whitefeild"); 0.5 finds it. Set for this transaction only.
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`.execute(
        trx,
      );
      return (await query.execute(trx)).rows;
    });
  }
}
