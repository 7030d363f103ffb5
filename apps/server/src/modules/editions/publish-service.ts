// Publishing an edition: ingest the PDFs into fresh media keys, then swap the issue
// in one transaction. Readers see the old issue or the complete new one, never a
// mix; a failure leaves the old issue and no new files behind.
import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import {
  ARCHIVE_START,
  BRANDS,
  MESSAGES,
  isBrandCode,
  isIsoDate,
  type BrandCode,
} from '@folio/core';
import {
  IngestError,
  ingestEdition,
  type IngestManifest,
  type IngestProgress,
  type IngestedPage,
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
}

/** A run id that sorts by time and never repeats, so media keys never change content. */
function newRunId(): string {
  return `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
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

    const keyPrefix = `editions/${brand}/${date}/${editionNumber}/${newRunId()}/`;
    let outcome: { issueId: number; replacedMediaPrefix: string | undefined };
    let pages: IssuePageInput[];
    try {
      const ingested = await ingestEdition({
        brand,
        date,
        editionNumber,
        files: request.files,
        manifest: request.manifest,
        sink: this.storage,
        keyPrefix,
        // Article HTML links its photos by the URL the reader's page asks for them.
        mediaBaseUrl: mediaUrl(''),
        onProgress: request.onProgress,
      });
      const refusals = request.accept?.(ingested.pages) ?? [];
      if (refusals.length > 0) throw new GateRefusedError(refusals);
      pages = ingested.pages.map(toPageInput);
      outcome = await this.issues.replaceIssue(
        { brand, editionId: edition.id, date },
        keyPrefix,
        pages,
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
    };
  }

  /** Takes an issue away from readers ("No Edition Available" again) and removes its media. */
  async unpublish(brand: BrandCode, date: string, editionNumber: number): Promise<boolean> {
    const edition = await this.editions.findEdition(brand, editionNumber);
    if (!edition) return false;
    const prefix = await this.issues.deleteIssue({ brand, editionId: edition.id, date });
    if (prefix === undefined) return false;
    this.published({ brand, date, editionNumber });
    await this.storage.deletePrefix(prefix).catch((error: unknown) => {
      this.log.warn({ err: error, keyPrefix: prefix }, 'could not remove unpublished media');
    });
    return true;
  }
}
