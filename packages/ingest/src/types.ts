// The contract between ingest (which turns PDF pages into media and article data)
// and whoever publishes the result (the server's editions module).
import type { BrandCode, HotspotBox } from '@folio/core';

/** Where ingest writes media. The server's storage adapters satisfy this. */
export interface MediaSink {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
}

/** Optional publisher manifest: page names and article/ad boxes from the publisher's system. */
export interface IngestManifest {
  pages?: Array<{
    /** 1-based page number the entry describes. */
    pageNo: number;
    name?: string;
    displayName?: string;
    section?: string;
    /** When given, these replace layout detection for the page. Boxes are in percent. */
    articles?: Array<HotspotBox & { title?: string }>;
    ads?: Array<HotspotBox>;
  }>;
}

export interface IngestProgress {
  /** Pages finished so far and pages in all. */
  done: number;
  total: number;
  file: string;
  pageNo: number;
}

export interface IngestOptions {
  brand: BrandCode;
  /** yyyy-MM-dd */
  date: string;
  editionNumber: number;
  /** One PDF per page, or one multi-page PDF, in page order. */
  files: string[];
  manifest?: IngestManifest;
  sink: MediaSink;
  /** Prefix under which every media key of this run is written, e.g. "editions/dh/2026-11-21/2/<run>/". */
  keyPrefix: string;
  /**
   * URL path the sink's keys are served under, so article HTML can link its photos
   * (`${mediaBaseUrl}${keyPrefix}${file}`); defaults to "/media/".
   */
  mediaBaseUrl?: string;
  onProgress?: (progress: IngestProgress) => void;
  /** Render workers (child processes) to use; defaults to the number of cores. */
  concurrency?: number;
  /** Time limit for rendering and reading one page; defaults to 60 s. */
  pageTimeoutMs?: number;
  /**
   * Makes only what a reader needs to see each page (reading image, thumbnail, a
   * WebP preview, hotspots, article HTML); the zoom images and AVIF previews are
   * made afterwards by `finishPages(edition.later, …)`, once the pages are live.
   */
  imagesLater?: boolean;
}

/** One page read on its own (the desk processes each page file as it arrives). */
export interface PageIngestOptions {
  brand: BrandCode;
  /** yyyy-MM-dd */
  date: string;
  editionNumber: number;
  /** The page's place in the edition (1-based): its files and ids are named by it. */
  pageNo: number;
  /** A PDF of this one page. */
  file: string;
  manifest?: IngestManifest;
  sink: MediaSink;
  keyPrefix: string;
  /** Makes the zoom image and AVIF preview now instead of with finishPages (default false). */
  allImages?: boolean;
  pageTimeoutMs?: number;
}

/** A page as read, before its edition links the stories continued across pages. */
export interface ReadPage {
  page: IngestedPage;
  /** Each article's title and paragraphs as printed on this page. */
  articles: Array<{ title: string; paragraphs: string[] }>;
}

/** What the edition-level step (linking continued stories, article HTML) needs. */
export interface ArticleWriteOptions {
  brand: BrandCode;
  editionNumber: number;
  sink: MediaSink;
  /** The run's folder, where the article HTML is written. */
  keyPrefix: string;
  /** As IngestOptions.mediaBaseUrl. */
  mediaBaseUrl?: string;
}

/** A page whose zoom image and AVIF preview are still to be made. */
export interface LaterPage {
  pageNo: number;
  file: string;
  pageInFile: number;
}

/** A page's files once its later images are made (keys relative to the prefix written to). */
export interface FinishedPage {
  pageNo: number;
  zoomFile: string;
  previewFile: string;
}

export interface IngestedArticle {
  /** Stable for the same input: `${brand}-${yyyyMMdd}-${edition}-${pageNo 2 digits}-${index 2 digits}`. */
  id: string;
  title: string;
  /** Plain text of the body, paragraphs separated by blank lines (repaired for Kannada). */
  text: string;
  /** Key (relative to keyPrefix) of the sanitised article HTML. */
  htmlFile: string;
  box: HotspotBox;
  /** The article's photos, in the HTML too; its text leaves their captions out. */
  photos: IngestedPhoto[];
}

export interface IngestedPhoto {
  /** Key (relative to keyPrefix) of the WebP cut from the page, beside the article HTML. */
  file: string;
  caption: string;
  /** Pixel size of the file. */
  width: number;
  height: number;
}

export interface IngestedAd {
  id: string;
  /** Key (relative to keyPrefix) of the clipped ad image. */
  imgFile: string;
  box: HotspotBox;
}

export interface IngestedPage {
  pageNo: number;
  name: string;
  displayName: string;
  section: string;
  /** Keys relative to keyPrefix. */
  imgFile: string;
  zoomFile: string;
  thumbFile: string;
  /** Small image a reader's screen draws first (PREVIEW_WIDTH px). */
  previewFile: string;
  pdfFile: string;
  /** Pixel size of the reading image (imgFile). */
  width: number;
  height: number;
  articles: IngestedArticle[];
  ads: IngestedAd[];
  /** Every text line of the page (for the desk's checks: the folio date, no text). */
  text: string;
  /** Nothing on the page: no text and one colour. */
  blank: boolean;
  /**
   * Its zoom image and AVIF preview are still to be made (IngestOptions.imagesLater):
   * meanwhile zoomFile names the reading image and previewFile a WebP.
   */
  later?: boolean;
}

export interface IngestedEdition {
  brand: BrandCode;
  date: string;
  editionNumber: number;
  keyPrefix: string;
  pages: IngestedPage[];
  /** Pages made with imagesLater, for finishPages. */
  later: LaterPage[];
}

/** Thrown for input that cannot be ingested; names the file and, where known, the page. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly pageNo?: number,
  ) {
    super(message);
    this.name = 'IngestError';
  }
}

/** What the demo generator is asked to make: one realistic edition as PDF pages. */
export interface DemoEditionSpec {
  brand: BrandCode;
  /** yyyy-MM-dd; printed in the masthead and varies the content. */
  date: string;
  editionNumber: number;
  editionName: string;
  pageCount: number;
  /**
   * Typesets only the first this many pages (a front page ahead of its issue):
   * they come out as they do in the whole issue, whose jumps are still planned
   * for `pageCount` pages.
   */
  firstPages?: number;
  /** Folder the PDFs are written to (one file per page). */
  outDir: string;
}

/** What the generator placed, so tests can check what ingest found. Boxes in percent. */
export interface DemoEditionTruth {
  files: string[];
  pages: Array<{
    pageNo: number;
    name: string;
    articles: Array<{
      title: string;
      box: HotspotBox;
      /** The story runs on to this page ("Continued on Page 7"). */
      continuedOn?: number;
      /** This is the rest of a story that began on this page. */
      continuedFrom?: number;
      /** The caption printed under the article's photo, when it has one. */
      caption?: string;
    }>;
    ads: Array<{ box: HotspotBox }>;
  }>;
}
