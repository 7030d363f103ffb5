import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BRANDS, isoToCompact } from '@folio/core';
import { PdfReadError } from '../pdf/read-error.ts';
import {
  IngestError,
  type IngestManifest,
  type IngestOptions,
  type IngestedEdition,
  type IngestedPage,
} from '../types.ts';
import { renderPool, type RenderPool } from '../worker/render-pool.ts';
import type { PageJob, PageOutput } from '../worker/page-job.ts';
import { articleHtml } from './article-html.ts';
import { linkContinuations, type LinkableArticle } from './link-continuations.ts';
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
 * Writes every article's HTML once all pages are read: a story continued on another
 * page ("Continued on Page 7") is linked and published whole, on both its pages.
 */
async function publishArticles(
  pages: IngestedPage[],
  found: ReadonlyMap<number, LinkableArticle[]>,
  put: (key: string, body: Uint8Array, type: string) => Promise<void>,
  freeEdition: boolean,
  /** URL of the run's folder as the reader's page asks for it. */
  folderUrl: string,
): Promise<void> {
  // On its day, the free edition's front page is open to every visitor (core access.ts).
  const linked = linkContinuations(
    pages.map((page) => ({ pageNo: page.pageNo, articles: found.get(page.pageNo) ?? [] })),
    (pageNo) => freeEdition && pageNo === 1,
  );
  const writes = pages.flatMap((page, p) =>
    page.articles.map((article, a) => {
      const paragraphs = linked[p]?.[a] ?? [];
      article.text = paragraphs.join('\n\n');
      // Only the article's own photos: each is served under its own page's access.
      const figures = article.photos.map((photo) => ({ ...photo, src: folderUrl + photo.file }));
      const html = new TextEncoder().encode(articleHtml(article.title, paragraphs, figures));
      return put(article.htmlFile, html, 'text/html; charset=utf-8');
    }),
  );
  await Promise.all(writes);
}

const manifestPage = (manifest: IngestManifest | undefined, pageNo: number) =>
  manifest?.pages?.find((p) => p.pageNo === pageNo);

/**
 * Turns an edition's PDF pages into page images, thumbnails, ad clips, article HTML and
 * hotspots, written through `opts.sink` under `opts.keyPrefix`, and returns what was made.
 *
 * Pages render in parallel in worker processes (`opts.concurrency`, default: the number
 * of cores), each page with a time limit. Unreadable input (corrupt, encrypted, empty, a page that
 * fails or times out) rejects with an {@link IngestError} naming the file and page. Ingest
 * writes nothing outside `keyPrefix` but may have written part of it when it fails: the
 * caller deletes that prefix on failure and publishes the result only on success.
 */
export async function ingestEdition(opts: IngestOptions): Promise<IngestedEdition> {
  if (opts.files.length === 0) throw new IngestError('Cannot ingest an edition without files', '');
  const pool = renderPool(Math.max(1, opts.concurrency ?? os.availableParallelism()));
  const planned = await planPages(opts.files, pool);
  const runId = randomUUID();
  const compactDate = isoToCompact(opts.date);
  const idBase = `${opts.brand}-${compactDate}-${opts.editionNumber}`;
  const put = (key: string, body: Uint8Array, type: string) =>
    opts.sink.put(opts.keyPrefix + key, body, type);
  let done = 0;

  /** Each page's articles as read, kept until every page is in: a story may continue on another. */
  const found = new Map<number, LinkableArticle[]>();

  const publishPage = async (plan: PlannedPage, output: PageOutput): Promise<IngestedPage> => {
    const code = pageCode(plan.pageNo);
    const entry = manifestPage(opts.manifest, plan.pageNo);
    found.set(
      plan.pageNo,
      output.articles.map(({ title, paragraphs }) => ({ title, paragraphs })),
    );
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
    const page: IngestedPage = {
      pageNo: plan.pageNo,
      name: entry?.name ?? defaultPageName(plan.pageNo),
      displayName: entry?.displayName ?? defaultDisplayName(plan.pageNo),
      section: entry?.section ?? DEFAULT_SECTION,
      imgFile: `p${code}.webp`,
      zoomFile: `p${code}-zoom.webp`,
      thumbFile: `p${code}-thumb.webp`,
      previewFile: `p${code}-preview.avif`,
      pdfFile: plan.pdfFile,
      width: output.width,
      height: output.height,
      articles,
      ads: ads.map((a) => a.ad),
      text: output.text,
      blank: output.blank,
    };
    await Promise.all([
      put(page.imgFile, output.reading, 'image/webp'),
      put(page.zoomFile, output.zoom, 'image/webp'),
      put(page.thumbFile, output.thumb, 'image/webp'),
      put(page.previewFile, output.preview, 'image/avif'),
      plan.pdfBytes?.().then((bytes) => put(plan.pdfFile, bytes, 'application/pdf')),
      ...ads.map(({ ad, image }) => put(ad.imgFile, image, 'image/webp')),
      ...photos.flat().map(({ photo, image }) => put(photo.file, image, 'image/webp')),
    ]);
    return page;
  };

  const ingestPage = async (plan: PlannedPage): Promise<IngestedPage> => {
    const entry = manifestPage(opts.manifest, plan.pageNo);
    const job: PageJob = {
      runId,
      file: plan.file,
      pageInFile: plan.pageInFile,
      articles: entry?.articles,
      ads: entry?.ads,
    };
    try {
      const output = await pool.run({ kind: 'page', job }, opts.pageTimeoutMs);
      if (opts.files.length > 1 && output.pagesInFile !== 1) {
        throw new PdfReadError(`expected one page per file, found ${output.pagesInFile}`);
      }
      const page = await publishPage(plan, output);
      done += 1;
      opts.onProgress?.({ done, total: planned.length, file: plan.file, pageNo: plan.pageNo });
      return page;
    } catch (error) {
      if (error instanceof IngestError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new IngestError(
        `Cannot ingest ${path.basename(plan.file)} (page ${plan.pageNo}): ${message}`,
        plan.file,
        plan.pageNo,
      );
    }
  };

  const results = await Promise.allSettled(
    planned.map((plan) =>
      ingestPage(plan).catch((error: unknown) => {
        pool.cancel(runId, error instanceof Error ? error : new Error(String(error)));
        throw error;
      }),
    ),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  const pages = results.map((r) => (r as PromiseFulfilledResult<IngestedPage>).value);
  await publishArticles(
    pages,
    found,
    put,
    BRANDS[opts.brand].freeEdition === opts.editionNumber,
    `${opts.mediaBaseUrl ?? '/media/'}${opts.keyPrefix}`,
  );
  return {
    brand: opts.brand,
    date: opts.date,
    editionNumber: opts.editionNumber,
    keyPrefix: opts.keyPrefix,
    pages,
  };
}
