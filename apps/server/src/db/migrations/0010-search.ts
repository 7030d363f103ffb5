// Article search (issue 9 parts 2 and 3, decision 0021): one row per published
// article with what a hit shows and its search keys; a weighted tsvector (title
// A, body B) generated from the keys, `english` for English brands and `simple`
// over Kannada keys; a trigram index (pg_trgm) on the title key for partial and
// misspelt words. Rows go with their article (and issue) when an issue is
// replaced. Issues published before this migration are indexed here.
//
// A migration is frozen code (decision 0023): the backfill below is this
// migration's own copy of how a row was built when it was written, not today's
// modules/search, so editing the search module never changes what it did. The
// Kannada search key is core's: it must be the key queries are matched with, and
// a change to it is a new migration that keys every row again.
import { kannadaSearchKey } from '@folio/core';
import { sql, type Kysely } from 'kysely';

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
  await backfill(db);
}

/** One stored article with its page and issue, as the backfill reads it. */
interface StoredArticle {
  article_id: string;
  issue_id: number;
  brand: string;
  issue_date: string;
  edition_id: number;
  edition_number: number;
  page_no: number;
  page_index: number;
  page_name: string;
  title: string;
  body_text: string;
  top: number;
  left: number;
  width: number;
  height: number;
  media_prefix: string;
  html_file: string;
  img_file: string;
}

/** The Kannada daily's code when this was written; every other brand was English. */
const KANNADA_BRANDS = new Set(['pv']);

const keyOf = (lang: 'en' | 'kn', text: string) =>
  lang === 'kn' ? kannadaSearchKey(text.normalize('NFC')) : text.normalize('NFC').toLowerCase();

/** Indexes every article already published, issue by issue. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const issues = await sql<{ id: number }>`select id from issues order by id`.execute(db);
  for (const { id } of issues.rows) {
    const stored = await sql<StoredArticle>`
      select a.id as article_id, i.id as issue_id, i.brand, i.issue_date, i.edition_id,
        e.edition_number, p.page_no, p.page_index, p.name as page_name, a.title, a.body_text,
        a."top", a."left", a.width, a.height, i.media_prefix, a.html_file, p.img_file
      from articles a
      join issues i on i.id = a.issue_id
      join editions e on e.id = i.edition_id
      join (select id, page_no, name, img_file,
              (row_number() over (order by page_no) - 1)::int as page_index
            from pages where issue_id = ${id}) p on p.id = a.page_id
      where a.issue_id = ${id}
      order by a.id`.execute(db);
    const rows = stored.rows.map(({ media_prefix, ...a }) => {
      const lang = KANNADA_BRANDS.has(a.brand) ? 'kn' : 'en';
      return {
        ...a,
        lang,
        media_base: `/media/${media_prefix}`,
        title_key: keyOf(lang, a.title),
        body_key: keyOf(lang, a.body_text),
      };
    });
    for (let at = 0; at < rows.length; at += BATCH)
      await (db as Kysely<Record<string, object>>)
        .insertInto('search_articles')
        .values(rows.slice(at, at + BATCH))
        .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_articles').execute();
}
