// The search index's rows of one issue (decision 0021), built at publish time
// (IssueRepo.replaceIssue, in its transaction). Migration 0010 keeps its own frozen
// copy of how it indexed the issues published before search existed.
import { BRANDS, isBrandCode, kannadaSearchKey } from '@folio/core';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SearchArticleTable } from '../../db/schema.ts';
import { mediaUrl } from '../media/index.ts';

export interface SearchIssue {
  issueId: number;
  brand: string;
  /** yyyy-MM-dd */
  date: string;
  editionId: number;
  editionNumber: number;
  mediaPrefix: string;
}

/** One article with its page, as stored (Kannada text already repaired at ingest). */
export interface SearchArticleInput {
  id: string;
  title: string;
  bodyText: string;
  htmlFile: string;
  box: { top: number; left: number; width: number; height: number };
  pageNo: number;
  pageIndex: number;
  pageName: string;
  imgFile: string;
}

export type SearchLanguage = 'en' | 'kn';

export function searchLanguageOf(brand: string): SearchLanguage {
  return isBrandCode(brand) && BRANDS[brand].language === 'kn' ? 'kn' : 'en';
}

/**
 * What is matched: English text as it is, lower-cased (the `english` text search
 * configuration stems it); Kannada as its search keys (see core's kannada-search).
 */
export function searchKeyOf(language: SearchLanguage, text: string): string {
  const normal = text.normalize('NFC');
  return language === 'kn' ? kannadaSearchKey(normal) : normal.toLowerCase();
}

export function searchRowsOf(
  issue: SearchIssue,
  articles: SearchArticleInput[],
): Array<Insertable<SearchArticleTable>> {
  const lang = searchLanguageOf(issue.brand);
  const mediaBase = mediaUrl(issue.mediaPrefix);
  return articles.map((a) => ({
    article_id: a.id,
    issue_id: issue.issueId,
    brand: issue.brand,
    lang,
    issue_date: issue.date,
    edition_id: issue.editionId,
    edition_number: issue.editionNumber,
    page_no: a.pageNo,
    page_index: a.pageIndex,
    page_name: a.pageName,
    title: a.title,
    body_text: a.bodyText,
    media_base: mediaBase,
    html_file: a.htmlFile,
    img_file: a.imgFile,
    title_key: searchKeyOf(lang, a.title),
    body_key: searchKeyOf(lang, a.bodyText),
    ...a.box,
  }));
}

/**
 * Writes an issue's search rows (in the caller's publish transaction), and adds
 * their words to the brand's word list that misspelt queries are matched against
 * (migration 0012).
 */
export async function writeSearchRows(
  trx: Kysely<Database>,
  brand: string,
  issueId: number,
  rows: Array<Insertable<SearchArticleTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto('search_articles').values(rows).execute();
  await sql`insert into search_words (brand, word)
    select distinct ${brand}::text, w.lexeme
    from search_articles s cross join unnest(s.tsv) as w
    where s.issue_id = ${issueId}
    on conflict do nothing`.execute(trx);
}

/**
 * What searchRowsOf takes, read back from a stored issue: for the search
 * benchmark, which builds a published issue's index again to time it alone.
 */
export async function storedSearchInput(
  db: Kysely<Database>,
  issueId: number,
): Promise<{ issue: SearchIssue; articles: SearchArticleInput[] }> {
  const stored = await db
    .selectFrom('issues')
    .innerJoin('editions', 'editions.id', 'issues.edition_id')
    .select([
      'issues.brand',
      'issues.issue_date',
      'issues.edition_id',
      'issues.media_prefix',
      'editions.edition_number',
    ])
    .where('issues.id', '=', issueId)
    .executeTakeFirstOrThrow();
  const pages = await db
    .selectFrom('pages')
    .select(['id', 'page_no', 'name', 'img_file'])
    .where('issue_id', '=', issueId)
    .orderBy('page_no')
    .execute();
  const pageById = new Map(pages.map((p, index) => [p.id, { ...p, index }]));
  const articles = await db
    .selectFrom('articles')
    .selectAll()
    .where('issue_id', '=', issueId)
    .orderBy('id')
    .execute();
  return {
    issue: {
      issueId,
      brand: stored.brand,
      date: stored.issue_date,
      editionId: stored.edition_id,
      editionNumber: stored.edition_number,
      mediaPrefix: stored.media_prefix,
    },
    articles: articles.flatMap((a) => {
      const page = pageById.get(a.page_id);
      if (!page) return [];
      return [
        {
          id: a.id,
          title: a.title,
          bodyText: a.body_text,
          htmlFile: a.html_file,
          box: { top: a.top, left: a.left, width: a.width, height: a.height },
          pageNo: page.page_no,
          pageIndex: page.index,
          pageName: page.name,
          imgFile: page.img_file,
        },
      ];
    }),
  };
}
