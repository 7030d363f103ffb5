// Migrations that change what is already stored: run down one step, store what an
// older version stored, and run up again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentMigrator, migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase, testBackends } from './helpers/db.ts';

describe.each(testBackends)('migrations on $name', (backend) => {
  it('0005 gives pages published before previews their reading image as preview', async () => {
    const database = await createTestDatabase(backend);
    const { db } = database;
    try {
      const down = await contentMigrator(db).migrateTo('0004-send-gaps');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toContain('0005-page-previews');
      await sql`insert into edition_groups (id, brand, parent_edition) values (900, 'dh', 'Old')`.execute(
        db,
      );
      await sql`insert into editions (id, brand, edition_number, edition_name, group_id)
        values (900, 'dh', 90, 'Old Town', 900)`.execute(db);
      await sql`insert into issues (id, brand, edition_id, issue_date, media_prefix)
        values (900, 'dh', 900, '2026-11-01', 'editions/dh/old/')`.execute(db);
      await sql`insert into pages (issue_id, page_no, section, name, display_name, img_file,
          zoom_file, thumb_file, pdf_file, width, height)
        values (900, 1, 'Front Page', '01', 'Page 1', 'p01.webp', 'p01-zoom.webp',
          'p01-thumb.webp', 'p01.pdf', 1200, 1855)`.execute(db);

      expect(await migrateToLatest(db)).toContain('0005-page-previews');
      const page = await db
        .selectFrom('pages')
        .select(['img_file', 'preview_file'])
        .where('issue_id', '=', 900)
        .executeTakeFirstOrThrow();
      expect(page).toEqual({ img_file: 'p01.webp', preview_file: 'p01.webp' });
      // Every page published from now on names its own preview.
      await expect(
        sql`insert into pages (issue_id, page_no, section, name, display_name, img_file,
            zoom_file, thumb_file, pdf_file, width, height)
          values (900, 2, 'City', '02', 'Page 2', 'p02.webp', 'p02-zoom.webp',
            'p02-thumb.webp', 'p02.pdf', 1200, 1855)`.execute(db),
      ).rejects.toThrow(/preview_file/);
    } finally {
      await database.drop();
    }
  });

  it('0010 and 0012 index for search every article published before them', async () => {
    const database = await createTestDatabase(backend);
    const { db } = database;
    try {
      const down = await contentMigrator(db).migrateTo('0009-saved-articles');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toContain('0010-search');
      await sql`insert into edition_groups (id, brand, parent_edition) values (901, 'pv', 'Old')`.execute(
        db,
      );
      await sql`insert into editions (id, brand, edition_number, edition_name, group_id)
        values (901, 'pv', 91, 'ಹಳೆಯ ಊರು', 901)`.execute(db);
      await sql`insert into issues (id, brand, edition_id, issue_date, media_prefix)
        values (901, 'pv', 901, '2026-11-02', 'editions/pv/old/')`.execute(db);
      await sql`insert into pages (id, issue_id, page_no, section, name, display_name, img_file,
          zoom_file, thumb_file, preview_file, pdf_file, width, height)
        values (9011, 901, 2, 'City', '02 CITY', 'Page 2', 'p02.webp', 'p02-zoom.webp',
          'p02-thumb.webp', 'p02-preview.webp', 'p02.pdf', 1200, 1855)`.execute(db);
      await sql`insert into articles (id, issue_id, page_id, title, body_text, html_file,
          "top", "left", width, height)
        values ('old-kn-1', 901, 9011, 'ಬೆಂಗಳೂರಿನಲ್ಲಿ ಮೆಟ್ರೋ', 'ಕಾಮಗಾರಿ ಆರಂಭ.', 'p02-a01.html',
          1, 2, 3, 4)`.execute(db);

      expect(await migrateToLatest(db)).toContain('0010-search');
      const row = await db
        .selectFrom('search_articles')
        .select([
          'article_id',
          'edition_number',
          'page_no',
          'page_index',
          'title_key',
          'media_base',
        ])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        article_id: 'old-kn-1',
        edition_number: 91,
        page_no: 2,
        page_index: 0,
        title_key: 'bengalur metr',
        media_base: '/media/editions/pv/old/',
      });
      // 0012: its words join the brand's word list, for misspelt queries.
      const words = await db
        .selectFrom('search_words')
        .select(['brand', 'word'])
        .where('word', 'in', ['bengalur', 'metr'])
        .orderBy('word')
        .execute();
      expect(words).toEqual([
        { brand: 'pv', word: 'bengalur' },
        { brand: 'pv', word: 'metr' },
      ]);
    } finally {
      await database.drop();
    }
  });
});
