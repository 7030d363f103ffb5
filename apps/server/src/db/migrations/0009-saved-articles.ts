// Saved articles (spec 2 §2 "Saved articles", §3): one row per reader and article
// of a brand. The row keeps its own copy of the title, text excerpt, edition name,
// box and page size, so a saved article still reads when its edition is published
// again (articles, pages and issues are replaced then) or taken down. It names the
// place (edition, date, page index), never an issue row, for the same reason.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_articles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('edition_number', 'integer', (c) => c.notNull())
    .addColumn('edition_name', 'text', (c) => c.notNull())
    .addColumn('edition_date', 'date', (c) => c.notNull())
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('html_file', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('top', 'double precision', (c) => c.notNull())
    .addColumn('left', 'double precision', (c) => c.notNull())
    .addColumn('width', 'double precision', (c) => c.notNull())
    .addColumn('height', 'double precision', (c) => c.notNull())
    .addColumn('page_width', 'integer', (c) => c.notNull())
    .addColumn('page_height', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('saved_articles_reader_article_key', ['user_id', 'brand', 'article_id'])
    .execute();
  // The list is read newest first per reader and brand.
  await db.schema
    .createIndex('saved_articles_reader_idx')
    .on('saved_articles')
    .columns(['user_id', 'brand', 'saved_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_articles').execute();
}
