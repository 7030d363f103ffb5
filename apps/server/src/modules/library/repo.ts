// SQL of saved articles. Plain rows out; what a reader may see of them is decided
// in service.ts.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, SavedArticleTable } from '../../db/schema.ts';

export type SavedRow = Selectable<SavedArticleTable>;

/**
 * A saved row with where its page is in the edition live now: the page's zoom
 * image and size, and the article's box if the live edition still has it there
 * (all null when the edition, the page or the article is gone).
 */
export interface SavedRowWithPlace extends SavedRow {
  media_prefix: string | null;
  zoom_file: string | null;
  live_page_width: number | null;
  live_page_height: number | null;
  live_top: number | null;
  live_left: number | null;
  live_width: number | null;
  live_height: number | null;
}

export class LibraryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reader's saved articles of a brand, newest first, each with its live page. */
  async list(userId: string, brand: string): Promise<SavedRowWithPlace[]> {
    // The page is found by its index in the live issue (pages in page order), as
    // the reader addresses it; a lateral join ranks only that pages.
    const { rows } = await sql<SavedRowWithPlace>`
      select s.*, i.media_prefix, p.zoom_file,
        p.width as live_page_width, p.height as live_page_height,
        a.top as live_top, a.left as live_left, a.width as live_width, a.height as live_height
      from saved_articles s
      left join editions e on e.brand = s.brand and e.edition_number = s.edition_number
      left join issues i on i.brand = s.brand and i.edition_id = e.id
        and i.issue_date = s.edition_date
      left join lateral (
        select ranked.id, ranked.zoom_file, ranked.width, ranked.height from (
          select pages.id, pages.zoom_file, pages.width, pages.height,
            row_number() over (order by pages.page_no) - 1 as page_index
          from pages where pages.issue_id = i.id
        ) ranked where ranked.page_index = s.page_no
      ) p on true
      left join articles a on a.id = s.article_id and a.page_id = p.id
      where s.user_id = ${userId} and s.brand = ${brand}
      order by s.saved_at desc, s.id desc`.execute(this.db);
    return rows;
  }

  /** The article's text, for the saved card's excerpt. */
  async articleText(articleId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('articles')
      .select('body_text')
      .where('id', '=', articleId)
      .executeTakeFirst();
    return row?.body_text;
  }

  /**
   * Saves the article once per reader: a second save (a double tap, a retry, a
   * second device) leaves the first row as it was. Answers whether it inserted.
   */
  async insert(row: Insertable<SavedArticleTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('saved_articles')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'brand', 'article_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Deletes the reader's own saved article; answers whether there was one. */
  async delete(userId: string, brand: string, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('saved_articles')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('brand', '=', brand)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
