// Article search (issue 9 parts 2 and 3, decision 0021): one row per published
// article with what a hit shows and its search keys; a weighted tsvector (title
// A, body B) generated from the keys, `english` for English brands and `simple`
// over Kannada keys; a trigram index (pg_trgm) on the title key for partial and
// misspelt words. Rows go with their article (and issue) when an issue is
// replaced. Issues published before this migration are indexed here.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { searchRowsOf, storedSearchInput } from '../../modules/search/search-rows.ts';

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
  const issues = await db.selectFrom('issues').select('id').orderBy('id').execute();
  for (const { id } of issues) {
    const { issue, articles } = await storedSearchInput(db, id);
    const rows = searchRowsOf(issue, articles);
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
