// Article search (issue 9 parts 2 and 3, decision 0021): one row per published
// article with what a hit shows and its search keys; a weighted tsvector (title
// A, body B) generated from the keys, `english` for English brands and `simple`
// over Kannada keys; a trigram index (pg_trgm) on the title key for partial and
// misspelt words. Rows go with their article (and issue) when an issue is
// replaced. Issues published before this migration are indexed here.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { searchRowsOf } from '../../modules/search/search-rows.ts';

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table search_articles (
      article_id text primary key references articles(id) on delete cascade,
      issue_id integer not null references issues(id) on delete cascade,
      brand text not null,
      lang text not null check (lang in ('en', 'kn')),
      issue_date date not null,
      edition_id integer not null references editions(id),
      edition_number integer not null,
      page_no integer not null,
      page_index integer not null,
      page_name text not null,
      title text not null,
      body_text text not null,
      "top" double precision not null,
      "left" double precision not null,
      width double precision not null,
      height double precision not null,
      media_base text not null,
      html_file text not null,
      img_file text not null,
      title_key text not null,
      body_key text not null,
      tsv tsvector generated always as (
        case when lang = 'kn' then
          setweight(to_tsvector('simple', title_key), 'A') ||
          setweight(to_tsvector('simple', body_key), 'B')
        else
          setweight(to_tsvector('english', title_key), 'A') ||
          setweight(to_tsvector('english', body_key), 'B')
        end
      ) stored
    )`.execute(db);
  await sql`create index search_articles_tsv_idx on search_articles using gin (tsv)`.execute(db);
  await sql`create index search_articles_title_trgm_idx on search_articles
    using gin (title_key gin_trgm_ops)`.execute(db);
  await sql`create index search_articles_brand_date_idx on search_articles
    (brand, issue_date, edition_number)`.execute(db);
  await sql`create index search_articles_issue_idx on search_articles (issue_id)`.execute(db);
  await backfill(db as unknown as Kysely<Database>);
}

/** Indexes every article already published, issue by issue. */
async function backfill(db: Kysely<Database>): Promise<void> {
  const issues = await db
    .selectFrom('issues')
    .innerJoin('editions', 'editions.id', 'issues.edition_id')
    .select([
      'issues.id',
      'issues.brand',
      'issues.issue_date',
      'issues.edition_id',
      'issues.media_prefix',
      'editions.edition_number',
    ])
    .orderBy('issues.id')
    .execute();
  for (const issue of issues) {
    const pages = await db
      .selectFrom('pages')
      .select(['id', 'page_no', 'name', 'img_file'])
      .where('issue_id', '=', issue.id)
      .orderBy('page_no')
      .execute();
    const pageById = new Map(pages.map((p, index) => [p.id, { ...p, index }]));
    const articles = await db
      .selectFrom('articles')
      .selectAll()
      .where('issue_id', '=', issue.id)
      .orderBy('id')
      .execute();
    const rows = searchRowsOf(
      {
        issueId: issue.id,
        brand: issue.brand,
        date: issue.issue_date,
        editionId: issue.edition_id,
        editionNumber: issue.edition_number,
        mediaPrefix: issue.media_prefix,
      },
      articles.flatMap((a) => {
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
    );
    for (let at = 0; at < rows.length; at += BATCH)
      await db
        .insertInto('search_articles')
        .values(rows.slice(at, at + BATCH))
        .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_articles').execute();
}
