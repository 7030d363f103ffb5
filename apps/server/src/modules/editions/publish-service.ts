// Publishing an edition: ingest the PDFs into fresh media keys, then swap the issue
// in one transaction. Readers see the old issue or the complete new one, never a
// mix; a failure leaves the old issue and no new files behind.
//
// What a reader needs to see a page (its reading image, thumbnail, a WebP preview,
// hotspots, article HTML) is made before the swap; what can follow (the zoom image,
// the AVIF preview, the search rows) after it, in the background at the render
// workers' lower priority, and the issue's rows are updated when it is done
// (docs/decisions/0031). The desk's pages are read as they arrive and kept by
// their file's hash (preparePages), so an edition assembled again reads only the
// pages that changed.
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { access } from 'node:fs/promises';
import {
  ARCHIVE_START,
  BRANDS,
  MESSAGES,
  isBrandCode,
  isIsoDate,
  type BrandCode,
} from '@folio/core';
import { buffer } from 'node:stream/consumers';
import {
  IngestError,
  finishPages,
  ingestEdition,
  ingestPage,
  writeArticles,
  type FinishedPage,
  type IngestManifest,
  type IngestProgress,
  type IngestedPage,
  type LaterPage,
  type ReadPage,
} from '@folio/ingest';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError } from '../../errors.ts';
import { mediaUrl, type MediaStorage } from '../media/index.ts';
import type { IssuePageInput, IssueRepo } from './issue-repo.ts';
import type { EditionRepo } from './repo.ts';

export interface PublishRequest {
  brand: string;
  /** yyyy-MM-dd */
  date: string;
  editionNumber: number;
  /** One PDF per page, or one multi-page PDF, in page order. */
  files: string[];
  manifest?: IngestManifest;
  onProgress?: (progress: IngestProgress) => void;
  /**
   * Leaves the media of the issue this one replaces in place: the demo seed's front
   * page, published alone first, may be on a reader's screen when its whole issue
   * replaces it.
   */
  keepReplacedMedia?: boolean;
  /**
   * Looks at the ingested pages before they reach readers and names every reason
   * they may not (the desk's release gate); any reason keeps the old issue.
   */
  accept?: (pages: IngestedPage[]) => string[];
  /**
   * The sha256 of each file (the desk's pages): each page is read once per file
   * content and kept (preparePages), and an edition assembled again reuses every
   * page whose file is unchanged.
   */
  hashes?: string[];
  /**
   * Hashes of files this edition no longer uses (earlier versions of its pages):
   * their kept pages are removed once the new issue is live, unless still used.
   */
  retiredHashes?: string[];
  /**
   * Resolve once the issue is live, leaving its zoom images, AVIF previews and
   * search rows to follow (`result.followUp`). By default the call waits for them.
   */
  background?: boolean;
  /**
   * Make every image before the swap, in one render per page (less work in all):
   * for callers no reader waits on, such as the demo seed. Default false.
   */
  allImagesFirst?: boolean;
}

/** A page of the desk's, to be read as it arrives (preparePages). */
export interface ArrivingPage {
  /** The page's place in the edition, which names its files. */
  pageNo: number;
  file: string;
  sha256: string;
}

/** The pages were ingested but the gate refused them; nothing changed for readers. */
export class GateRefusedError extends Error {
  constructor(readonly refusals: string[]) {
    super(refusals.join(' '));
  }
}

export interface PublishResult {
  issueId: number;
  brand: BrandCode;
  date: string;
  editionNumber: number;
  mediaPrefix: string;
  pages: number;
  articles: number;
  ads: number;
  /** True when an earlier issue for the same date and edition was replaced. */
  replaced: boolean;
  /**
   * Settles once the issue's zoom images, AVIF previews and search rows are in
   * (never rejects: a failure is logged and the issue keeps its stand-ins).
   */
  followUp: Promise<void>;
}

/** A run id that sorts by time and never repeats, so media keys never change content. */
function newRunId(): string {
  return `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

const pageCode = (pageNo: number) => String(pageNo).padStart(2, '0');

/** Where a desk page's outputs are kept, by its file's hash; never served (mediaPlace). */
const keptPageFolder = (brand: string, date: string, editionNumber: number, sha256: string) =>
  `editions/${brand}/${date}/${editionNumber}/pages/${sha256.slice(0, 12)}/`;

/** Every file a page was written with (relative to its folder). */
function pageFiles(page: IngestedPage): string[] {
  const files = new Set([page.imgFile, page.zoomFile, page.thumbFile, page.previewFile]);
  files.add(page.pdfFile);
  for (const ad of page.ads) files.add(ad.imgFile);
  for (const article of page.articles) for (const photo of article.photos) files.add(photo.file);
  return [...files];
}

/** The later work of one page: its PDF, and where its files go once made. */
interface LaterWork {
  page: LaterPage;
  /** Folder the page's files are written to (the run's, or its kept folder). */
  folder: string;
  /** When the page is kept, the run's folder it was copied to, and its record. */
  copyTo?: string;
  record?: { key: string; read: ReadPage };
}

function toPageInput(page: IngestedPage): IssuePageInput {
  return {
    pageNo: page.pageNo,
    section: page.section,
    name: page.name,
    displayName: page.displayName,
    imgFile: page.imgFile,
    zoomFile: page.zoomFile,
    thumbFile: page.thumbFile,
    previewFile: page.previewFile,
    pdfFile: page.pdfFile,
    width: page.width,
    height: page.height,
    articles: page.articles.map((a) => ({
      id: a.id,
      title: a.title,
      bodyText: a.text,
      htmlFile: a.htmlFile,
      box: a.box,
    })),
    ads: page.ads.map((ad) => ({ id: ad.id, imgFile: ad.imgFile, box: ad.box })),
  };
}

export class PublishService {
  /** Work following each live issue, by edition, so a newer publish can stop it first. */
  private readonly followUps = new Map<string, { stop: AbortController; done: Promise<void> }>();
  /** Desk pages being read, by their record's key, so a page is read once at a time. */
  private readonly preparing = new Map<string, Promise<ReadPage>>();

  constructor(
    private readonly editions: EditionRepo,
    private readonly issues: IssueRepo,
    private readonly storage: MediaStorage,
    private readonly log: FastifyBaseLogger,
    /** Told of every issue swapped in, e.g. to drop a served answer of it. */
    private readonly published: (issue: {
      brand: BrandCode;
      date: string;
      editionNumber: number;
    }) => void = () => undefined,
  ) {}

  async publishEdition(request: PublishRequest): Promise<PublishResult> {
    const { brand, date, editionNumber } = request;
    if (!isBrandCode(brand)) throw new BadRequestError(MESSAGES.unknownPublisher(brand));
    if (!isIsoDate(date)) throw new BadRequestError(MESSAGES.badDate(date));
    if (date < ARCHIVE_START) throw new BadRequestError(MESSAGES.beforeArchive);
    const edition = await this.editions.findEdition(brand, editionNumber);
    if (!edition)
      throw new BadRequestError(MESSAGES.unknownEdition(editionNumber, BRANDS[brand].publisher));
    if (request.files.length === 0) throw new BadRequestError('No PDF files to publish');
    for (const file of request.files) {
      await access(file).catch(() => {
        throw new IngestError('file not found', file);
      });
    }

    if (request.hashes && request.hashes.length !== request.files.length)
      throw new Error('one hash per file');

    const keyPrefix = `editions/${brand}/${date}/${editionNumber}/${newRunId()}/`;
    const editionId = `${brand}/${date}/${editionNumber}`;
    let outcome: { issueId: number; replacedMediaPrefix: string | undefined };
    let pages: IssuePageInput[];
    let later: LaterWork[];
    try {
      const made = request.hashes
        ? await this.fromKeptPages(request, brand, keyPrefix, request.hashes)
        : await this.ingestFiles(request, brand, keyPrefix);
      later = made.later;
      const refusals = request.accept?.(made.pages) ?? [];
      if (refusals.length > 0) throw new GateRefusedError(refusals);
      pages = made.pages.map(toPageInput);
      // What follows the issue this one replaces stops first: it writes into
      // that issue's folder, which goes once this one is live.
      await this.stopFollowUp(editionId);
      outcome = await this.issues.replaceIssue(
        { brand, editionId: edition.id, date },
        keyPrefix,
        pages,
        { searchRows: false },
      );
      this.published({ brand, date, editionNumber });
    } catch (error) {
      await this.storage.deletePrefix(keyPrefix).catch((cleanupError: unknown) => {
        this.log.error(
          { err: cleanupError, keyPrefix },
          'could not remove media of a failed publish',
        );
      });
      throw error;
    }

    if (outcome.replacedMediaPrefix && !request.keepReplacedMedia) {
      // The new issue is live; the old files are garbage now. Failing to remove
      // them wastes disk but does not undo the publish.
      await this.storage
        .deletePrefix(outcome.replacedMediaPrefix)
        .catch((cleanupError: unknown) => {
          this.log.warn(
            { err: cleanupError, keyPrefix: outcome.replacedMediaPrefix },
            'could not remove replaced media',
          );
        });
    }
    await this.removeRetiredPages(brand, date, editionNumber, request);
    const followUp = this.startFollowUp(
      editionId,
      outcome.issueId,
      { brand, date, editionNumber },
      later,
    );
    if (!request.background) await followUp;
    return {
      issueId: outcome.issueId,
      brand,
      date,
      editionNumber,
      mediaPrefix: keyPrefix,
      pages: pages.length,
      articles: pages.reduce((n, p) => n + p.articles.length, 0),
      ads: pages.reduce((n, p) => n + p.ads.length, 0),
      replaced: outcome.replacedMediaPrefix !== undefined,
      followUp,
    };
  }

  /** The whole edition read from its files into the run's folder. */
  private async ingestFiles(
    request: PublishRequest,
    brand: BrandCode,
    keyPrefix: string,
  ): Promise<{ pages: IngestedPage[]; later: LaterWork[] }> {
    const ingested = await ingestEdition({
      brand,
      date: request.date,
      editionNumber: request.editionNumber,
      files: request.files,
      manifest: request.manifest,
      sink: this.storage,
      keyPrefix,
      // Article HTML links its photos by the URL the reader's page asks for them.
      mediaBaseUrl: mediaUrl(''),
      onProgress: request.onProgress,
      imagesLater: !request.allImagesFirst,
    });
    return {
      pages: ingested.pages,
      later: ingested.later.map((page) => ({ page, folder: keyPrefix })),
    };
  }

  /**
   * Reads the desk's pages as they arrive, each into a folder of its own kept by
   * its file's hash, once per file content: assembling the edition then reuses
   * them. Pages already read are not read again. Rejects with the first page that
   * cannot be read.
   */
  async preparePages(
    key: { brand: BrandCode; date: string; editionNumber: number },
    pages: ArrivingPage[],
  ): Promise<ReadPage[]> {
    return Promise.all(pages.map((page) => this.keptPage(key, page)));
  }

  private keptPage(
    key: { brand: BrandCode; date: string; editionNumber: number },
    page: ArrivingPage,
  ): Promise<ReadPage> {
    const folder = keptPageFolder(key.brand, key.date, key.editionNumber, page.sha256);
    const record = `${folder}p${pageCode(page.pageNo)}.json`;
    const running = this.preparing.get(record);
    if (running) return running;
    const reading = (async () => {
      const stored = await this.storage.get(record);
      if (stored) return JSON.parse((await buffer(stored.body)).toString('utf8')) as ReadPage;
      const read = await ingestPage({
        ...key,
        pageNo: page.pageNo,
        file: page.file,
        sink: this.storage,
        keyPrefix: folder,
      });
      // Written last: its presence says the page's files are all there.
      await this.writeRecord(record, read);
      return read;
    })().finally(() => this.preparing.delete(record));
    this.preparing.set(record, reading);
    return reading;
  }

  private writeRecord(record: string, read: ReadPage): Promise<void> {
    const bytes = new TextEncoder().encode(JSON.stringify(read));
    return this.storage.put(record, bytes, 'application/json');
  }

  /**
   * The edition from the desk's kept pages (read now only when not yet read):
   * each page's files copied into the run's folder, then the edition-level step
   * (continued stories linked, article HTML) written there.
   */
  private async fromKeptPages(
    request: PublishRequest,
    brand: BrandCode,
    keyPrefix: string,
    hashes: string[],
  ): Promise<{ pages: IngestedPage[]; later: LaterWork[] }> {
    const { date, editionNumber } = request;
    const arriving = request.files.map((file, i) => ({
      pageNo: i + 1,
      file,
      sha256: hashes[i] as string,
    }));
    const read = await this.preparePages({ brand, date, editionNumber }, arriving);
    await Promise.all(
      read.map(async ({ page }, i) => {
        const folder = keptPageFolder(brand, date, editionNumber, hashes[i] as string);
        await Promise.all(
          pageFiles(page).map((file) => this.copy(folder + file, keyPrefix + file)),
        );
      }),
    );
    const pages = await writeArticles(read, {
      brand,
      editionNumber,
      sink: this.storage,
      keyPrefix,
      mediaBaseUrl: mediaUrl(''),
    });
    const later = read.flatMap((r, i): LaterWork[] => {
      if (!r.page.later) return [];
      const page = arriving[i] as ArrivingPage;
      const folder = keptPageFolder(brand, date, editionNumber, page.sha256);
      return [
        {
          page: { pageNo: page.pageNo, file: page.file, pageInFile: 1 },
          folder,
          copyTo: keyPrefix,
          record: { key: `${folder}p${pageCode(page.pageNo)}.json`, read: r },
        },
      ];
    });
    return { pages, later };
  }

  private async copy(from: string, to: string): Promise<void> {
    const object = await this.storage.get(from);
    if (!object) throw new Error(`a kept page's file is missing: ${from}`);
    await this.storage.put(to, await buffer(object.body), object.contentType);
  }

  private async removeRetiredPages(
    brand: BrandCode,
    date: string,
    editionNumber: number,
    request: PublishRequest,
  ): Promise<void> {
    const used = new Set((request.hashes ?? []).map((h) => h.slice(0, 12)));
    const retired = new Set((request.retiredHashes ?? []).filter((h) => !used.has(h.slice(0, 12))));
    for (const hash of retired) {
      const folder = keptPageFolder(brand, date, editionNumber, hash);
      await this.storage.deletePrefix(folder).catch((error: unknown) => {
        this.log.warn({ err: error, keyPrefix: folder }, 'could not remove a replaced page');
      });
    }
  }

  /**
   * Makes the later images of a live issue's pages at the workers' background
   * priority, then puts them and the search rows into the issue. Stopped by a
   * newer publish of the same edition (stopFollowUp).
   */
  private startFollowUp(
    editionId: string,
    issueId: number,
    issue: { brand: BrandCode; date: string; editionNumber: number },
    later: LaterWork[],
  ): Promise<void> {
    const stop = new AbortController();
    // One listener per page still to finish.
    setMaxListeners(later.length + 10, stop.signal);
    const finished: FinishedPage[] = [];
    const finishOne = async (work: LaterWork) => {
      await finishPages([work.page], {
        sink: this.storage,
        keyPrefix: work.folder,
        signal: stop.signal,
        onPage: async (page) => {
          if (work.copyTo) {
            const copyTo = work.copyTo;
            await Promise.all(
              [page.zoomFile, page.previewFile].map((file) =>
                this.copy(work.folder + file, copyTo + file),
              ),
            );
          }
          if (work.record) {
            const { key, read } = work.record;
            const done = { ...read.page, ...page };
            delete done.later;
            await this.writeRecord(key, { ...read, page: done });
          }
          finished.push(page);
        },
      });
    };
    const done = (async () => {
      const results = await Promise.allSettled(later.map(finishOne));
      for (const result of results) {
        if (result.status === 'rejected' && !stop.signal.aborted)
          this.log.warn({ err: result.reason, issueId }, "could not make a page's later images");
      }
      if (stop.signal.aborted) return;
      if (await this.issues.finishIssue(issueId, finished, { searchRows: true }))
        this.published(issue);
    })()
      .catch((error: unknown) => {
        this.log.error({ err: error, issueId }, 'could not finish a published issue');
      })
      .finally(() => {
        if (this.followUps.get(editionId)?.stop === stop) this.followUps.delete(editionId);
      });
    this.followUps.set(editionId, { stop, done });
    return done;
  }

  /** Stops what follows an edition's live issue and waits for the page in hand to finish. */
  private async stopFollowUp(editionId: string): Promise<void> {
    const current = this.followUps.get(editionId);
    if (!current) return;
    current.stop.abort();
    await current.done;
  }

  /** Takes an issue away from readers ("No Edition Available" again) and removes its media. */
  async unpublish(brand: BrandCode, date: string, editionNumber: number): Promise<boolean> {
    const edition = await this.editions.findEdition(brand, editionNumber);
    if (!edition) return false;
    await this.stopFollowUp(`${brand}/${date}/${editionNumber}`);
    const prefix = await this.issues.deleteIssue({ brand, editionId: edition.id, date });
    if (prefix === undefined) return false;
    this.published({ brand, date, editionNumber });
    await this.storage.deletePrefix(prefix).catch((error: unknown) => {
      this.log.warn({ err: error, keyPrefix: prefix }, 'could not remove unpublished media');
    });
    return true;
  }
}
