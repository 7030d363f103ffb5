// Every page gets a small preview image drawn before its reading image. Issues
// published before previews existed have none: their reading image stands in, so
// a reader's screen draws it first as it always did.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').addColumn('preview_file', 'text').execute();
  await sql`update pages set preview_file = img_file`.execute(db);
  await db.schema
    .alterTable('pages')
    .alterColumn('preview_file', (column) => column.setNotNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('preview_file').execute();
}
