// What the subscribe page and the reader's offer banner show besides plans (spec 2
// §2 "Subscribe page", spec 1 §3 "Discount banner"): FAQs, readers' testimonials
// and discount banners, each kept per brand. A banner is live between its two
// instants; timestamps (not dates) so an offer can end at a set hour.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('faqs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faqs_brand').on('faqs').columns(['brand', 'id']).execute();

  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('photo', 'text')
    .execute();
  await db.schema
    .createIndex('testimonials_brand')
    .on('testimonials')
    .columns(['brand', 'id'])
    .execute();

  await db.schema
    .createTable('discount_banners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('banner_text', 'text', (c) => c.notNull())
    .addColumn('banner_subtext', 'text', (c) => c.notNull())
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expiry_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('discount_banners_window', sql`expiry_at > start_at`)
    .execute();
  await db.schema
    .createIndex('discount_banners_live')
    .on('discount_banners')
    .columns(['brand', 'expiry_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['discount_banners', 'testimonials', 'faqs'])
    await db.schema.dropTable(table).execute();
}
