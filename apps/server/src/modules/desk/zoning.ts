// The zoning editor's server side (issue 26 part 9, decision 0030): a published
// page's article and ad boxes as the editor opens them, and a save that re-publishes
// just that page. The page's PDF is read again within the new boxes in a render
// worker; the article HTML, photos and ad clips go to fresh media keys; then one
// transaction, holding the page's row, checks that nobody saved the page since the
// editor opened it and swaps its articles, ads and search rows. Readers see the old
// page or the new one, never a mix; the old files go once the new rows are live.
import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { isoToCompact } from '@folio/core';
import {
  DESK_MESSAGES,
  zoningSaveSchema,
  type PageZoning,
  type ZoningSave,
} from '@folio/core/desk';
import { articleHtml, type ReZoneJob, type ReZoneOutput } from '@folio/ingest';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { bumpVersion, editionsTopic } from '../../db/cache-versions.ts';
import type { Database } from '../../db/schema.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../errors.ts';
import { mediaUrl, type MediaStorage } from '../media/index.ts';
import { searchRowsOf, writeSearchRows } from '../search/index.ts';
import type { EditionKey } from './incoming-repo.ts';

/** Re-reads a page within boxes (a render worker in production). */
export type PageReZoner = (job: ReZoneJob) => Promise<ReZoneOutput>;

/** A save, as a worker's `page.rezone` job carries it. */
export interface ZoningJob extends EditionKey {
  pageNo: number;
  change: ZoningSave;
}

/**
 * In a cluster (JOB_RUNNER=queue, decision 0040) a web server renders no PDF: a
 * save goes to a worker as a job, and the editor's request waits for its answer.
 */
export type ZoningWorkers = (
  job: ZoningJob,
  timeoutMs: number,
) => Promise<{ outcome: 'completed'; output: unknown } | { outcome: 'failed' | 'timeout' }>;

type SavedZoning = { zoning: PageZoning; before: BoxCounts; after: BoxCounts };

/** A job's answer: the save, or why it was refused (the editor's 400, 404 or 409). */
type ZoningJobAnswer = { saved: SavedZoning } | { refused: { status: number; message: string } };

/** How long an editor's save waits for a worker (a page's re-read takes seconds). */
const ZONING_WAIT_MS = 60_000;
const ZONING_STILL_SAVING =
  'The page is still being saved; open it again in a moment to see your boxes.';

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

interface PageRow {
  id: number;
  pageNo: number;
  name: string;
  imgFile: string;
  pdfFile: string;
  width: number;
  height: number;
  issueId: number;
  mediaPrefix: string;
  brand: string;
  date: string;
  editionId: number;
  editionNumber: number;
}

interface StoredBoxes {
  articles: Array<{ id: string; title: string; htmlFile: string; box: Box }>;
  ads: Array<{ id: string; imgFile: string; box: Box }>;
}

/** How many boxes of each kind, for the audit log. */
export interface BoxCounts {
  articles: number;
  ads: number;
}

const boxOf = (row: Box): Box => ({
  top: row.top,
  left: row.left,
  width: row.width,
  height: row.height,
});

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Names one state of a page's boxes. Every save writes its files under new names,
 * so even a save of the same boxes gives the page a new revision.
 */
export function revisionOf(pageId: number, boxes: StoredBoxes): string {
  const state = JSON.stringify([
    pageId,
    boxes.articles.map((a) => [a.id, a.title, a.htmlFile, a.box]),
    boxes.ads.map((a) => [a.id, a.imgFile, a.box]),
  ]);
  return createHash('sha256').update(state).digest('base64url').slice(0, 22);
}

/** Photo keys an article's HTML links (ingest writes them beside it, under the issue's folder). */
function linkedPhotos(html: string, folderUrl: string): string[] {
  const keys: string[] = [];
  for (const match of html.matchAll(/<img src="([^"]*)"/gu)) {
    const src = (match[1] ?? '').replaceAll('&amp;', '&');
    if (src.startsWith(folderUrl)) keys.push(src.slice(folderUrl.length));
  }
  return keys;
}

export class Zoning {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: MediaStorage,
    private readonly reZone: PageReZoner,
    /** Told of every page re-published, to drop served answers of its issue. */
    private readonly republished: (issue: {
      brand: string;
      date: string;
      editionNumber: number;
    }) => void,
    private readonly log: FastifyBaseLogger,
    /** Set in queue mode: saves are read again by workers, never in this process. */
    private readonly workers?: ZoningWorkers,
  ) {}

  private async findPage(
    db: Kysely<Database>,
    key: EditionKey,
    pageNo: number,
  ): Promise<PageRow | undefined> {
    const row = await db
      .selectFrom('pages')
      .innerJoin('issues', 'issues.id', 'pages.issue_id')
      .innerJoin('editions', 'editions.id', 'issues.edition_id')
      .select([
        'pages.id',
        'pages.page_no',
        'pages.name',
        'pages.img_file',
        'pages.pdf_file',
        'pages.width',
        'pages.height',
        'issues.id as issue_id',
        'issues.media_prefix',
        'issues.brand',
        'issues.issue_date',
        'issues.edition_id',
        'editions.edition_number',
      ])
      .where('issues.brand', '=', key.brand)
      .where('editions.edition_number', '=', key.editionNumber)
      .where('issues.issue_date', '=', key.date)
      .where('pages.page_no', '=', pageNo)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      pageNo: row.page_no,
      name: row.name,
      imgFile: row.img_file,
      pdfFile: row.pdf_file,
      width: row.width,
      height: row.height,
      issueId: row.issue_id,
      mediaPrefix: row.media_prefix,
      brand: row.brand,
      date: row.issue_date,
      editionId: row.edition_id,
      editionNumber: row.edition_number,
    };
  }

  private async requirePage(key: EditionKey, pageNo: number): Promise<PageRow> {
    const page = await this.findPage(this.db, key, pageNo);
    if (!page) throw new NotFoundError(DESK_MESSAGES.pageNotPublished);
    return page;
  }

  private async boxesOf(db: Kysely<Database>, pageId: number): Promise<StoredBoxes> {
    // One after the other: inside the save's transaction both run on its one connection.
    const articles = await db
      .selectFrom('articles')
      .selectAll()
      .where('page_id', '=', pageId)
      .orderBy('id')
      .execute();
    const ads = await db
      .selectFrom('ads')
      .selectAll()
      .where('page_id', '=', pageId)
      .orderBy('id')
      .execute();
    return {
      articles: articles.map((a) => ({
        id: a.id,
        title: a.title,
        htmlFile: a.html_file,
        box: boxOf(a),
      })),
      ads: ads.map((a) => ({ id: a.id, imgFile: a.img_file, box: boxOf(a) })),
    };
  }

  private answer(key: EditionKey, page: PageRow, boxes: StoredBoxes): PageZoning {
    return {
      page: page.pageNo,
      name: page.name,
      image: `/api/desk/editions/${key.brand}/${key.editionNumber}/${key.date}/pages/${page.pageNo}/image`,
      width: page.width,
      height: page.height,
      revision: revisionOf(page.id, boxes),
      articles: boxes.articles.map((a) => ({ id: a.id, title: a.title, box: a.box })),
      ads: boxes.ads.map((a) => ({ id: a.id, box: a.box })),
    };
  }

  /** The pages of a published issue with their box counts. */
  async pages(key: EditionKey) {
    const rows = await this.db
      .selectFrom('pages')
      .innerJoin('issues', 'issues.id', 'pages.issue_id')
      .innerJoin('editions', 'editions.id', 'issues.edition_id')
      .select((eb) => [
        'pages.page_no',
        'pages.name',
        eb
          .selectFrom('articles')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('articles.page_id', '=', 'pages.id')
          .as('articles'),
        eb
          .selectFrom('ads')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('ads.page_id', '=', 'pages.id')
          .as('ads'),
      ])
      .where('issues.brand', '=', key.brand)
      .where('editions.edition_number', '=', key.editionNumber)
      .where('issues.issue_date', '=', key.date)
      .orderBy('pages.page_no')
      .execute();
    if (rows.length === 0) throw new NotFoundError(DESK_MESSAGES.notPublished);
    return {
      pages: rows.map((r) => ({
        page: r.page_no,
        name: r.name,
        articles: Number(r.articles ?? 0),
        ads: Number(r.ads ?? 0),
      })),
    };
  }

  async read(key: EditionKey, pageNo: number): Promise<PageZoning> {
    const page = await this.requirePage(key, pageNo);
    return this.answer(key, page, await this.boxesOf(this.db, page.id));
  }

  /** The page's reading image, for the editor to draw on (staff need no subscription). */
  async image(key: EditionKey, pageNo: number) {
    const page = await this.requirePage(key, pageNo);
    const object = await this.storage.get(page.mediaPrefix + page.imgFile);
    if (!object) throw new NotFoundError(DESK_MESSAGES.pageNotPublished);
    return object;
  }

  /**
   * Re-publishes the page with the editor's boxes; refused with "changed since you
   * opened it" when the page's boxes are no longer those of `change.revision`.
   */
  async save(key: EditionKey, pageNo: number, change: ZoningSave): Promise<SavedZoning> {
    if (!this.workers) return this.saveHere(key, pageNo, change);
    const { brand, date, editionNumber } = key;
    const answer = await this.workers(
      { brand, date, editionNumber, pageNo, change },
      ZONING_WAIT_MS,
    );
    if (answer.outcome !== 'completed') {
      if (answer.outcome === 'timeout')
        throw new ServiceUnavailableError(ZONING_STILL_SAVING, {
          details: { retryAfterSeconds: 10 },
        });
      throw new Error(`a worker could not save page ${pageNo}'s zoning`);
    }
    const output = answer.output as ZoningJobAnswer;
    if ('saved' in output) return output.saved;
    const { status, message } = output.refused;
    if (status === 404) throw new NotFoundError(message);
    if (status === 409) throw new ConflictError(message);
    throw new BadRequestError(message);
  }

  /**
   * A worker's `page.rezone` job: the save, or the editor's refusal as an answer
   * (not a failure, which would be tried again).
   */
  async saveJob(job: EditionKey & { pageNo: number; change: unknown }): Promise<ZoningJobAnswer> {
    const change = zoningSaveSchema.parse(job.change);
    const key = { brand: job.brand, date: job.date, editionNumber: job.editionNumber };
    try {
      return { saved: await this.saveHere(key, job.pageNo, change) };
    } catch (error) {
      if (
        error instanceof BadRequestError ||
        error instanceof NotFoundError ||
        error instanceof ConflictError
      )
        return { refused: { status: error.statusCode, message: error.message } };
      throw error;
    }
  }

  private async saveHere(
    key: EditionKey,
    pageNo: number,
    change: ZoningSave,
  ): Promise<SavedZoning> {
    const page = await this.requirePage(key, pageNo);
    const current = await this.boxesOf(this.db, page.id);
    // Checked before the work, to answer at once; checked again, under the page's lock, before the swap.
    if (revisionOf(page.id, current) !== change.revision)
      throw new ConflictError(DESK_MESSAGES.zoningChanged);
    const articleIds = new Set(current.articles.map((a) => a.id));
    const adIds = new Set(current.ads.map((a) => a.id));
    if (
      change.articles.some((a) => a.id !== undefined && !articleIds.has(a.id)) ||
      change.ads.some((a) => a.id !== undefined && !adIds.has(a.id))
    )
      throw new BadRequestError(DESK_MESSAGES.zoningUnknownBox);

    const pdf = await this.storage.get(page.mediaPrefix + page.pdfFile);
    if (!pdf) throw new NotFoundError(DESK_MESSAGES.pageNotPublished);
    const read = await this.reZone({
      pdf: await buffer(pdf.body),
      // A multi-page PDF pdf-lib could not split is stored once, for every page.
      pageInFile: page.pdfFile === 'edition.pdf' ? page.pageNo : 1,
      articles: change.articles.map((a) => (a.title ? { ...a.box, title: a.title } : a.box)),
      ads: change.ads.map((a) => a.box),
    });

    const code = two(page.pageNo);
    const run = `z${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const idBase = `${page.brand}-${isoToCompact(page.date)}-${page.editionNumber}-${code}-${run}`;
    const folderUrl = mediaUrl(page.mediaPrefix);
    const written: string[] = [];
    const put = async (file: string, body: Uint8Array, type: string) => {
      written.push(page.mediaPrefix + file);
      await this.storage.put(page.mediaPrefix + file, body, type);
    };

    const articles = read.articles.map((found, i) => {
      const stem = `p${code}-${run}-a${two(i + 1)}`;
      const photos = found.photos.map(({ image, ...photo }, f) => ({
        ...photo,
        file: `${stem}-f${f + 1}.webp`,
        image,
      }));
      const html = articleHtml(
        found.title,
        found.paragraphs,
        photos.map((p) => ({ ...p, src: folderUrl + p.file })),
      );
      return {
        id: change.articles[i]?.id ?? `${idBase}-${two(i + 1)}`,
        title: found.title,
        bodyText: found.paragraphs.join('\n\n'),
        htmlFile: `${stem}.html`,
        html,
        photos,
        box: found.box,
      };
    });
    const ads = read.ads.map((found, i) => ({
      id: change.ads[i]?.id ?? `${idBase}-ad${two(i + 1)}`,
      imgFile: `p${code}-${run}-ad${two(i + 1)}.webp`,
      image: found.image,
      box: found.box,
    }));

    try {
      await Promise.all([
        ...articles.map((a) =>
          put(a.htmlFile, new TextEncoder().encode(a.html), 'text/html; charset=utf-8'),
        ),
        ...articles.flatMap((a) => a.photos.map((p) => put(p.file, p.image, 'image/webp'))),
        ...ads.map((ad) => put(ad.imgFile, ad.image, 'image/webp')),
      ]);
      await this.swap(page, change.revision, articles, ads);
    } catch (error) {
      await Promise.all(written.map((k) => this.storage.delete(k))).catch((cleanup: unknown) =>
        this.log.error({ err: cleanup }, 'could not remove media of a failed zoning save'),
      );
      throw error;
    }
    this.republished({ brand: page.brand, date: page.date, editionNumber: page.editionNumber });
    await this.removeOld(page, current);

    const after = await this.boxesOf(this.db, page.id);
    return {
      zoning: this.answer(key, page, after),
      before: { articles: current.articles.length, ads: current.ads.length },
      after: { articles: after.articles.length, ads: after.ads.length },
    };
  }

  /** The page's articles, ads and search rows replaced at once, if nobody saved it meanwhile. */
  private async swap(
    page: PageRow,
    revision: string,
    articles: Array<{ id: string; title: string; bodyText: string; htmlFile: string; box: Box }>,
    ads: Array<{ id: string; imgFile: string; box: Box }>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('pages')
        .select(['id', 'issue_id'])
        .where('id', '=', page.id)
        .forUpdate()
        .executeTakeFirst();
      // The issue was published again (or taken away) since: its pages are new rows.
      if (!locked) throw new ConflictError(DESK_MESSAGES.zoningChanged);
      if (revisionOf(page.id, await this.boxesOf(trx, page.id)) !== revision)
        throw new ConflictError(DESK_MESSAGES.zoningChanged);

      // Search rows go with their articles (on delete cascade).
      await trx.deleteFrom('articles').where('page_id', '=', page.id).execute();
      await trx.deleteFrom('ads').where('page_id', '=', page.id).execute();
      if (articles.length > 0)
        await trx
          .insertInto('articles')
          .values(
            articles.map((a) => ({
              id: a.id,
              issue_id: page.issueId,
              page_id: page.id,
              title: a.title,
              body_text: a.bodyText,
              html_file: a.htmlFile,
              ...a.box,
            })),
          )
          .execute();
      if (ads.length > 0)
        await trx
          .insertInto('ads')
          .values(
            ads.map((ad) => ({
              id: ad.id,
              issue_id: page.issueId,
              page_id: page.id,
              img_file: ad.imgFile,
              ...ad.box,
            })),
          )
          .execute();

      const { n: before } = await trx
        .selectFrom('pages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('issue_id', '=', page.issueId)
        .where('page_no', '<', page.pageNo)
        .executeTakeFirstOrThrow();
      const rows = searchRowsOf(
        {
          issueId: page.issueId,
          brand: page.brand,
          date: page.date,
          editionId: page.editionId,
          editionNumber: page.editionNumber,
          mediaPrefix: page.mediaPrefix,
        },
        articles.map((a) => ({
          ...a,
          pageNo: page.pageNo,
          pageIndex: Number(before),
          pageName: page.name,
          imgFile: page.imgFile,
        })),
      );
      await writeSearchRows(trx, page.brand, page.issueId, rows);
      // Every server drops the brand's answers once this commits (decision 0039).
      await bumpVersion(trx, editionsTopic(page.brand));
    });
  }

  /**
   * The page's previous HTML, photos and ad clips, once the new rows are live. A
   * failure wastes disk and is logged; the save stands.
   */
  private async removeOld(page: PageRow, old: StoredBoxes): Promise<void> {
    const folderUrl = mediaUrl(page.mediaPrefix);
    const own = `p${two(page.pageNo)}`;
    try {
      const photos = await Promise.all(
        old.articles.map(async (a) => {
          const html = await this.storage.get(page.mediaPrefix + a.htmlFile);
          return html ? linkedPhotos((await buffer(html.body)).toString('utf8'), folderUrl) : [];
        }),
      );
      const files = [
        ...old.articles.map((a) => a.htmlFile),
        ...photos.flat(),
        ...old.ads.map((a) => a.imgFile),
      ].filter((file) => file.startsWith(`${own}-`) && !file.includes('/'));
      await Promise.all(
        [...new Set(files)].map((file) => this.storage.delete(page.mediaPrefix + file)),
      );
    } catch (error) {
      this.log.warn({ err: error, page: page.id }, 'could not remove a page’s replaced media');
    }
  }
}
