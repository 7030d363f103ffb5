// The published content: edition catalogue, issues (one edition on one date) with
// their pages, article and ad hotspots, and holiday notices.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('edition_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('parent_edition', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('edition_groups_brand_parent_key', ['brand', 'parent_edition'])
    .execute();

  await db.schema
    .createTable('editions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('edition_number', 'integer', (c) => c.notNull())
    .addColumn('edition_name', 'text', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('edition_groups.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('editions_brand_number_key', ['brand', 'edition_number'])
    .execute();

  await db.schema
    .createTable('issues')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('edition_id', 'integer', (c) => c.notNull().references('editions.id'))
    .addColumn('issue_date', 'date', (c) => c.notNull())
    .addColumn('media_prefix', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('issues_brand_edition_date_key', ['brand', 'edition_id', 'issue_date'])
    .execute();
  // The calendar asks "which dates of this month have anything" per brand.
  await db.schema
    .createIndex('issues_brand_date_idx')
    .on('issues')
    .columns(['brand', 'issue_date'])
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('issue_id', 'integer', (c) =>
      c.notNull().references('issues.id').onDelete('cascade'),
    )
    .addColumn('page_no', 'integer', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('img_file', 'text', (c) => c.notNull())
    .addColumn('zoom_file', 'text', (c) => c.notNull())
    .addColumn('thumb_file', 'text', (c) => c.notNull())
    .addColumn('pdf_file', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addUniqueConstraint('pages_issue_page_key', ['issue_id', 'page_no'])
    .execute();

  await db.schema
    .createTable('articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issue_id', 'integer', (c) =>
      c.notNull().references('issues.id').onDelete('cascade'),
    )
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('html_file', 'text', (c) => c.notNull())
    .addColumn('top', 'double precision', (c) => c.notNull())
    .addColumn('left', 'double precision', (c) => c.notNull())
    .addColumn('width', 'double precision', (c) => c.notNull())
    .addColumn('height', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('articles_page_idx').on('articles').column('page_id').execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issue_id', 'integer', (c) =>
      c.notNull().references('issues.id').onDelete('cascade'),
    )
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('img_file', 'text', (c) => c.notNull())
    .addColumn('top', 'double precision', (c) => c.notNull())
    .addColumn('left', 'double precision', (c) => c.notNull())
    .addColumn('width', 'double precision', (c) => c.notNull())
    .addColumn('height', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ads_page_idx').on('ads').column('page_id').execute();

  await db.schema
    .createTable('holidays')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('holiday_date', 'date', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('holidays_pkey', ['brand', 'holiday_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'holidays',
    'ads',
    'articles',
    'pages',
    'issues',
    'editions',
    'edition_groups',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
