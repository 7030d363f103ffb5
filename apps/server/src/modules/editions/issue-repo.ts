// Issues (one edition on one date) with their pages, article and ad hotspots.
import type { Kysely, Selectable } from 'kysely';
import { bumpVersion, editionsTopic } from '../../db/cache-versions.ts';
import type { AdTable, ArticleTable, Database, PageTable } from '../../db/schema.ts';
import { searchRowsOf, storedSearchInput, writeSearchRows } from '../search/index.ts';

export interface IssueKey {
  brand: string;
  editionId: number;
  /** yyyy-MM-dd */
  date: string;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** A page as it is written, with its hotspots; ids are assigned by the database. */
export interface IssuePageInput {
  pageNo: number;
  section: string;
  name: string;
  displayName: string;
  imgFile: string;
  zoomFile: string;
  thumbFile: string;
  previewFile: string;
  pdfFile: string;
  width: number;
  height: number;
  articles: Array<{ id: string; title: string; bodyText: string; htmlFile: string; box: Box }>;
  ads: Array<{ id: string; imgFile: string; box: Box }>;
}

export interface IssueContentRows {
  mediaPrefix: string;
  pages: Array<Selectable<PageTable>>;
  articles: Array<Selectable<ArticleTable>>;
  ads: Array<Selectable<AdTable>>;
}

export class IssueRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The issue and all its rows, read from one snapshot so a publish committing
   * in between cannot hand out half of the old issue and half of the new one.
   */
  async findIssueContent(key: IssueKey): Promise<IssueContentRows | undefined> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const issue = await trx
          .selectFrom('issues')
          .select(['id', 'media_prefix'])
          .where('brand', '=', key.brand)
          .where('edition_id', '=', key.editionId)
          .where('issue_date', '=', key.date)
          .executeTakeFirst();
        if (!issue) return undefined;
        const pages = await trx
          .selectFrom('pages')
          .selectAll()
          .where('issue_id', '=', issue.id)
          .orderBy('page_no')
          .execute();
        const articles = await trx
          .selectFrom('articles')
          .selectAll()
          .where('issue_id', '=', issue.id)
          .orderBy('id')
          .execute();
        const ads = await trx
          .selectFrom('ads')
          .selectAll()
          .where('issue_id', '=', issue.id)
          .orderBy('id')
          .execute();
        return { mediaPrefix: issue.media_prefix, pages, articles, ads };
      });
  }

  /** Media prefix of the live issue, which changes with every publish. */
  async findMediaPrefix(key: IssueKey): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('issues')
      .select('media_prefix')
      .where('brand', '=', key.brand)
      .where('edition_id', '=', key.editionId)
      .where('issue_date', '=', key.date)
      .executeTakeFirst();
    return row?.media_prefix;
  }

  /** The media prefix of every issue readers may be served: what the media sweep keeps. */
  async liveMediaPrefixes(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('issues').select('media_prefix').execute();
    return new Set(rows.map((row) => row.media_prefix));
  }

  /**
   * Removes the issue (its pages, articles and search rows go with it); its media
   * prefix. Every write of an issue bumps its brand's editions version in its
   * transaction, so every server drops the answers it built (decision 0039).
   */
  async deleteIssue(key: IssueKey): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('issues')
        .where('brand', '=', key.brand)
        .where('edition_id', '=', key.editionId)
        .where('issue_date', '=', key.date)
        .returning('media_prefix')
        .executeTakeFirst();
      if (row) await bumpVersion(trx, editionsTopic(key.brand));
      return row?.media_prefix;
    });
  }

  /**
   * Swaps in a new issue for (brand, edition, date) in one transaction, so readers
   * see either the old issue or the complete new one. Returns the media prefix of
   * the issue it replaced, whose files the caller may now delete. The issue's
   * search rows are written in the same transaction (a reader never finds an
   * article that is not there, nor misses one that is), unless `searchRows` is
   * false: then they follow with finishIssue.
   */
  async replaceIssue(
    key: IssueKey,
    mediaPrefix: string,
    pages: IssuePageInput[],
    { searchRows: withSearchRows = true }: { searchRows?: boolean } = {},
  ): Promise<{ issueId: number; replacedMediaPrefix: string | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('issues')
        .select(['id', 'media_prefix'])
        .where('brand', '=', key.brand)
        .where('edition_id', '=', key.editionId)
        .where('issue_date', '=', key.date)
        .forUpdate()
        .executeTakeFirst();
      if (previous) await trx.deleteFrom('issues').where('id', '=', previous.id).execute();
      await bumpVersion(trx, editionsTopic(key.brand));

      const { id: issueId } = await trx
        .insertInto('issues')
        .values({
          brand: key.brand,
          edition_id: key.editionId,
          issue_date: key.date,
          media_prefix: mediaPrefix,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pages.length === 0) return { issueId, replacedMediaPrefix: previous?.media_prefix };

      const pageRows = await trx
        .insertInto('pages')
        .values(
          pages.map((p) => ({
            issue_id: issueId,
            page_no: p.pageNo,
            section: p.section,
            name: p.name,
            display_name: p.displayName,
            img_file: p.imgFile,
            zoom_file: p.zoomFile,
            thumb_file: p.thumbFile,
            preview_file: p.previewFile,
            pdf_file: p.pdfFile,
            width: p.width,
            height: p.height,
          })),
        )
        .returning(['id', 'page_no'])
        .execute();
      const pageIdByNo = new Map(pageRows.map((r) => [r.page_no, r.id]));
      const pageIdOf = (pageNo: number) => {
        const id = pageIdByNo.get(pageNo);
        if (id === undefined) throw new Error(`page ${pageNo} was not inserted`);
        return id;
      };

      const articles = pages.flatMap((p) =>
        p.articles.map((a) => ({
          id: a.id,
          issue_id: issueId,
          page_id: pageIdOf(p.pageNo),
          title: a.title,
          body_text: a.bodyText,
          html_file: a.htmlFile,
          ...a.box,
        })),
      );
      if (articles.length > 0) await trx.insertInto('articles').values(articles).execute();

      if (!withSearchRows) return this.insertAds(trx, issueId, pages, pageIdOf, previous);
      const { edition_number: editionNumber } = await trx
        .selectFrom('editions')
        .select('edition_number')
        .where('id', '=', key.editionId)
        .executeTakeFirstOrThrow();
      const pagesInOrder = [...pages].sort((a, b) => a.pageNo - b.pageNo);
      const searchRows = searchRowsOf(
        {
          issueId,
          brand: key.brand,
          date: key.date,
          editionId: key.editionId,
          editionNumber,
          mediaPrefix,
        },
        pagesInOrder.flatMap((p, pageIndex) =>
          p.articles.map((a) => ({
            ...a,
            pageNo: p.pageNo,
            pageIndex,
            pageName: p.name,
            imgFile: p.imgFile,
          })),
        ),
      );
      await writeSearchRows(trx, key.brand, issueId, searchRows);
      return this.insertAds(trx, issueId, pages, pageIdOf, previous);
    });
  }

  private async insertAds(
    trx: Kysely<Database>,
    issueId: number,
    pages: IssuePageInput[],
    pageIdOf: (pageNo: number) => number,
    previous: { media_prefix: string } | undefined,
  ): Promise<{ issueId: number; replacedMediaPrefix: string | undefined }> {
    const ads = pages.flatMap((p) =>
      p.ads.map((ad) => ({
        id: ad.id,
        issue_id: issueId,
        page_id: pageIdOf(p.pageNo),
        img_file: ad.imgFile,
        ...ad.box,
      })),
    );
    if (ads.length > 0) await trx.insertInto('ads').values(ads).execute();
    return { issueId, replacedMediaPrefix: previous?.media_prefix };
  }

  /**
   * What follows a live issue (issue 26 part 12), in one transaction: its pages'
   * later images (the zoom image and AVIF preview, replacing the stand-ins they
   * went live with) and, when `searchRows`, its search rows, built from the rows
   * as stored. False when the issue is no longer there (replaced or unpublished).
   */
  async finishIssue(
    issueId: number,
    pages: Array<{ pageNo: number; zoomFile: string; previewFile: string }>,
    { searchRows: withSearchRows }: { searchRows: boolean },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const issue = await trx
        .selectFrom('issues')
        .select(['id', 'brand'])
        .where('id', '=', issueId)
        .forUpdate()
        .executeTakeFirst();
      if (!issue) return false;
      await bumpVersion(trx, editionsTopic(issue.brand));
      for (const page of pages) {
        await trx
          .updateTable('pages')
          .set({ zoom_file: page.zoomFile, preview_file: page.previewFile })
          .where('issue_id', '=', issueId)
          .where('page_no', '=', page.pageNo)
          .execute();
      }
      if (withSearchRows) {
        const stored = await storedSearchInput(trx, issueId);
        await writeSearchRows(
          trx,
          issue.brand,
          issueId,
          searchRowsOf(stored.issue, stored.articles),
        );
      }
      return true;
    });
  }
}
