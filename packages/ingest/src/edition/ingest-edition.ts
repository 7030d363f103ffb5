import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isoToCompact } from '@folio/core';
import { PdfReadError } from '../pdf/read-error.ts';
import {
  IngestError,
  type ArticleWriteOptions,
  type FinishedPage,
  type IngestManifest,
  type IngestOptions,
  type IngestedEdition,
  type IngestedPage,
  type LaterPage,
  type MediaSink,
  type PageIngestOptions,
  type ReadPage,
} from '../types.ts';
import { defaultRenderPool, renderPool, type RenderPool } from '../worker/render-pool.ts';
import type { PageJob, PageOutput } from '../worker/page-job.ts';
import { articleHtml } from './article-html.ts';
import { linkContinuations } from './link-continuations.ts';
import { DEFAULT_SECTION, defaultDisplayName, defaultPageName, pageCode } from './page-names.ts';
import { splitPages } from './page-pdfs.ts';

interface PlannedPage {
  pageNo: number;
  file: string;
  pageInFile: number;
  /** Key of the page's PDF, and where its bytes come from when this page writes them. */
  pdfFile: string;
  pdfBytes?: () => Promise<Uint8Array>;
}

async function planPages(files: readonly string[], pool: RenderPool): Promise<PlannedPage[]> {
  const own = (file: string, pageNo: number): PlannedPage => ({
    pageNo,
    file,
    pageInFile: 1,
    pdfFile: `p${pageCode(pageNo)}.pdf`,
    pdfBytes: () => readFile(file),
  });
  if (files.length !== 1) return files.map((file, i) => own(file, i + 1));
  const file = files[0] as string;
  let count: number;
  try {
    count = await pool.run({ kind: 'count', file });
  } catch (error) {
    // The worker already put pdfjs's failure into words.
    const message = error instanceof Error ? error.message : String(error);
    throw new IngestError(`Cannot ingest ${path.basename(file)}: ${message}`, file);
  }
  if (count === 1) return [own(file, 1)];
  const split = await splitPages(file);
  return Array.from({ length: count }, (_, i): PlannedPage => {
    const bytes = split?.[i];
    const base = { pageNo: i + 1, file, pageInFile: i + 1 };
    if (bytes) return { ...base, pdfFile: `p${pageCode(i + 1)}.pdf`, pdfBytes: async () => bytes };
    // pdf-lib could not split it: every page points at the source, stored once.
    return {
      ...base,
      pdfFile: 'edition.pdf',
      pdfBytes: i === 0 ? () => readFile(file) : undefined,
    };
  });
}

/**
 * The edition-level step, once every page is read: links each story continued on
 * another page ("Continued on Page 7") and writes every article's HTML, whole, on
 * both its pages, under `opts.keyPrefix`. Returns the pages with their articles'
 * text linked (the pages given are not changed).
 */
export async function writeArticles(
  read: readonly ReadPage[],
  opts: ArticleWriteOptions,
): Promise<IngestedPage[]> {
  // On its day, the free edition's front page is open to every visitor (core access.ts),
  // and the desk may make any edition the free one at once (issue 26 part 11): every
  // front page keeps its stories as printed, never a paid page's text (ADR 0029).
  const linked = linkContinuations(
    read.map((r) => ({ pageNo: r.page.pageNo, articles: r.articles })),
    (pageNo) => pageNo === 1,
  );
  /** URL of the run's folder as the reader's page asks for it. */
  const folderUrl = `${opts.mediaBaseUrl ?? '/media/'}${opts.keyPrefix}`;
  const pages = read.map(({ page }, p): IngestedPage => ({
    ...page,
    articles: page.articles.map((article, a) => ({
      ...article,
      text: (linked[p]?.[a] ?? []).join('\n\n'),
    })),
  }));
  const writes = pages.flatMap((page, p) =>
    page.articles.map((article, a) => {
      const paragraphs = linked[p]?.[a] ?? [];
      // Only the article's own photos: each is served under its own page's access.
      const figures = article.photos.map((photo) => ({ ...photo, src: folderUrl + photo.file }));
      const html = new TextEncoder().encode(articleHtml(article.title, paragraphs, figures));
      return opts.sink.put(opts.keyPrefix + article.htmlFile, html, 'text/html; charset=utf-8');
    }),
  );
  await Promise.all(writes);
  return pages;
}

const manifestPage = (manifest: IngestManifest | undefined, pageNo: number) =>
  manifest?.pages?.find((p) => p.pageNo === pageNo);

interface PageRun {
  brand: IngestOptions['brand'];
  date: string;
  editionNumber: number;
  manifest?: IngestManifest;
  sink: MediaSink;
  keyPrefix: string;
  pool: RenderPool;
  runId: string;
  /** Every file must hold exactly one page. */
  onePagePerFile: boolean;
  allImages: boolean;
  pageTimeoutMs?: number;
}

/** Renders and reads one page in a worker and writes its files; throws an IngestError. */
async function readOnePage(plan: PlannedPage, run: PageRun): Promise<ReadPage> {
  const entry = manifestPage(run.manifest, plan.pageNo);
  const job: PageJob = {
    runId: run.runId,
    file: plan.file,
    pageInFile: plan.pageInFile,
    articles: entry?.articles,
    ads: entry?.ads,
    images: run.allImages ? 'all' : 'first',
  };
  try {
    const output = await run.pool.run({ kind: 'page', job }, run.pageTimeoutMs);
    if (run.onePagePerFile && output.pagesInFile !== 1) {
      throw new PdfReadError(`expected one page per file, found ${output.pagesInFile}`);
    }
    return await writePage(plan, output, run, entry);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new IngestError(
      `Cannot ingest ${path.basename(plan.file)} (page ${plan.pageNo}): ${message}`,
      plan.file,
      plan.pageNo,
    );
  }
}

async function writePage(
  plan: PlannedPage,
  output: PageOutput,
  run: PageRun,
  entry: ReturnType<typeof manifestPage>,
): Promise<ReadPage> {
  const code = pageCode(plan.pageNo);
  const idBase = `${run.brand}-${isoToCompact(run.date)}-${run.editionNumber}`;
  const put = (key: string, body: Uint8Array, type: string) =>
    run.sink.put(run.keyPrefix + key, body, type);
  const photos = output.articles.map((article, i) =>
    article.photos.map(({ image, ...photo }, f) => ({
      photo: { ...photo, file: `p${code}-a${pageCode(i + 1)}-f${f + 1}.webp` },
      image,
    })),
  );
  const articles = output.articles.map((article, i) => ({
    id: `${idBase}-${code}-${pageCode(i + 1)}`,
    title: article.title,
    text: article.paragraphs.join('\n\n'),
    htmlFile: `p${code}-a${pageCode(i + 1)}.html`,
    box: article.box,
    photos: (photos[i] ?? []).map((p) => p.photo),
  }));
  const ads = output.ads.map((ad, i) => ({
    ad: {
      id: `${idBase}-${code}-ad${pageCode(i + 1)}`,
      imgFile: `p${code}-ad${pageCode(i + 1)}.webp`,
      box: ad.box,
    },
    image: ad.image,
  }));
  const later = output.zoom === undefined;
  const page: IngestedPage = {
    pageNo: plan.pageNo,
    name: entry?.name ?? defaultPageName(plan.pageNo),
    displayName: entry?.displayName ?? defaultDisplayName(plan.pageNo),
    section: entry?.section ?? DEFAULT_SECTION,
    imgFile: `p${code}.webp`,
    // Until the zoom image is made, zooming shows the reading image (and the tiles).
    zoomFile: later ? `p${code}.webp` : `p${code}-zoom.webp`,
    thumbFile: `p${code}-thumb.webp`,
    previewFile: later ? `p${code}-preview.webp` : `p${code}-preview.avif`,
    pdfFile: plan.pdfFile,
    width: output.width,
    height: output.height,
    articles,
    ads: ads.map((a) => a.ad),
    text: output.text,
    blank: output.blank,
    ...(later ? { later: true } : {}),
  };
  await Promise.all([
    put(page.imgFile, output.reading, 'image/webp'),
    output.zoom && put(page.zoomFile, output.zoom, 'image/webp'),
    put(page.thumbFile, output.thumb, 'image/webp'),
    put(page.previewFile, output.preview, later ? 'image/webp' : 'image/avif'),
    plan.pdfBytes?.().then((bytes) => put(plan.pdfFile, bytes, 'application/pdf')),
    ...ads.map(({ ad, image }) => put(ad.imgFile, image, 'image/webp')),
    ...photos.flat().map(({ photo, image }) => put(photo.file, image, 'image/webp')),
  ]);
  return {
    page,
    articles: output.articles.map(({ title, paragraphs }) => ({ title, paragraphs })),
  };
}

/**
 * Reads one page (a PDF of that page alone) and writes its files under
 * `opts.keyPrefix`, named by `opts.pageNo`: its PDF, images, ad clips and photos,
 * but no article HTML, which waits for the edition (writeArticles). Without
 * `allImages` the zoom image and AVIF preview are left for finishPages.
 */
export async function ingestPage(opts: PageIngestOptions): Promise<ReadPage> {
  const pdfFile = `p${pageCode(opts.pageNo)}.pdf`;
  return readOnePage(
    {
      pageNo: opts.pageNo,
      file: opts.file,
      pageInFile: 1,
      pdfFile,
      pdfBytes: () => readFile(opts.file),
    },
    {
      ...opts,
      pool: defaultRenderPool(),
      runId: randomUUID(),
      onePagePerFile: true,
      allImages: opts.allImages ?? false,
    },
  );
}

/**
 * Makes the zoom image and AVIF preview of pages read without them, at background
 * priority in the render workers (behind any page being read), and writes them
 * under `opts.keyPrefix`. Stops taking further pages once `opts.signal` aborts;
 * returns the pages finished, each as soon as it is (`onPage`).
 */
export async function finishPages(
  pages: readonly LaterPage[],
  opts: {
    sink: MediaSink;
    keyPrefix: string;
    signal?: AbortSignal;
    concurrency?: number;
    pageTimeoutMs?: number;
    onPage?: (page: FinishedPage) => Promise<void> | void;
  },
): Promise<FinishedPage[]> {
  if (opts.signal?.aborted) return [];
  const pool = opts.concurrency ? renderPool(opts.concurrency) : defaultRenderPool();
  const runId = randomUUID();
  const finished: FinishedPage[] = [];
  // Stopping drops the pages still queued; a page in hand finishes.
  const stop = () => pool.cancel(runId, new Error('stopped'));
  opts.signal?.addEventListener('abort', stop, { once: true });
  const results = await Promise.allSettled(
    pages.map(async (later) => {
      const job = { runId, file: later.file, pageInFile: later.pageInFile };
      const output = await pool.run({ kind: 'later', job }, opts.pageTimeoutMs, 'background');
      if (opts.signal?.aborted) return;
      const code = pageCode(later.pageNo);
      const page = {
        pageNo: later.pageNo,
        zoomFile: `p${code}-zoom.webp`,
        previewFile: `p${code}-preview.avif`,
      };
      await Promise.all([
        opts.sink.put(opts.keyPrefix + page.zoomFile, output.zoom, 'image/webp'),
        opts.sink.put(opts.keyPrefix + page.previewFile, output.preview, 'image/avif'),
      ]);
      await opts.onPage?.(page);
      finished.push(page);
    }),
  );
  opts.signal?.removeEventListener('abort', stop);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure && !opts.signal?.aborted) throw failure.reason;
  return finished.sort((a, b) => a.pageNo - b.pageNo);
}

/**
 * Turns an edition's PDF pages into page images, thumbnails, ad clips, article HTML and
 * hotspots, written through `opts.sink` under `opts.keyPrefix`, and returns what was made.
 *
 * Pages render in parallel in worker processes (`opts.concurrency`, default: the number
 * of cores), each page with a time limit. Unreadable input (corrupt, encrypted, empty, a page that
 * fails or times out) rejects with an {@link IngestError} naming the file and page. Ingest
 * writes nothing outside `keyPrefix` but may have written part of it when it fails: the
 * caller deletes that prefix on failure and publishes the result only on success.
 * With `opts.imagesLater` the result's `later` pages still need finishPages.
 */
export async function ingestEdition(opts: IngestOptions): Promise<IngestedEdition> {
  if (opts.files.length === 0) throw new IngestError('Cannot ingest an edition without files', '');
  const pool = renderPool(Math.max(1, opts.concurrency ?? os.availableParallelism()));
  const planned = await planPages(opts.files, pool);
  const run: PageRun = {
    ...opts,
    pool,
    runId: randomUUID(),
    onePagePerFile: opts.files.length > 1,
    allImages: !opts.imagesLater,
  };
  let done = 0;
  const results = await Promise.allSettled(
    planned.map(async (plan) => {
      try {
        const read = await readOnePage(plan, run);
        done += 1;
        opts.onProgress?.({ done, total: planned.length, file: plan.file, pageNo: plan.pageNo });
        return read;
      } catch (error) {
        pool.cancel(run.runId, error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  const read = results.map((r) => (r as PromiseFulfilledResult<ReadPage>).value);
  const pages = await writeArticles(read, opts);
  return {
    brand: opts.brand,
    date: opts.date,
    editionNumber: opts.editionNumber,
    keyPrefix: opts.keyPrefix,
    pages,
    later: planned
      .filter((_, i) => pages[i]?.later)
      .map(({ pageNo, file, pageInFile }) => ({ pageNo, file, pageInFile })),
  };
}
