// One page, start to finish, inside a render worker: render, read, lay out, clip ads
// and articles' photos.
import type { HotspotBox } from '@folio/core';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { detectAds } from '../layout/detect-ads.ts';
import { detectArticles } from '../layout/detect-articles.ts';
import { manifestArticles, percentToRect } from '../layout/manifest-articles.ts';
import { openPdf } from '../pdf/open-pdf.ts';
import { PdfReadError } from '../pdf/read-error.ts';
import type { PageContent, Rect } from '../pdf/page-content.ts';
import { readPageContent } from '../pdf/read-page-content.ts';
import { isBlankImage, renderPage } from '../render/page-images.ts';
import { photoImage } from '../render/source-image.ts';
import type { LaterJob, LaterOutput, PageJob, PageOutput } from './page-job.ts';

// Multi-page input sends every page of one file to the same workers; keeping the
// last document open saves re-parsing it for each page.
let cached: { key: string; doc: Promise<PDFDocumentProxy> } | undefined;

async function documentFor(job: PageJob | LaterJob): Promise<PDFDocumentProxy> {
  const key = `${job.runId}\n${job.file}`;
  if (cached?.key !== key) {
    const previous = cached;
    cached = { key, doc: openPdf(job.file) };
    cached.doc.catch(() => undefined);
    await previous?.doc.then((doc) => doc.destroy()).catch(() => undefined);
  }
  return (cached as { doc: Promise<PDFDocumentProxy> }).doc;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function toPercent(rect: Rect, content: PageContent): HotspotBox {
  const left = Math.max(0, rect.x0);
  const top = Math.max(0, rect.y0);
  const right = Math.min(content.width, rect.x1);
  const bottom = Math.min(content.height, rect.y1);
  return {
    top: round((top / content.height) * 100),
    left: round((left / content.width) * 100),
    width: round(((right - left) / content.width) * 100),
    height: round(((bottom - top) / content.height) * 100),
  };
}

export async function processPage(job: PageJob): Promise<PageOutput> {
  const doc = await documentFor(job);
  if (job.pageInFile > doc.numPages) throw new PdfReadError(`the PDF has ${doc.numPages} page(s)`);
  const page = await doc.getPage(job.pageInFile);
  try {
    const rendered = await renderPage(page, job.images ?? 'all');
    const content = await readPageContent(page, page.getViewport({ scale: 1 }));
    const adRects = job.ads
      ? job.ads.map((box) => percentToRect(box, content))
      : detectAds(content);
    const found = job.articles
      ? manifestArticles(content, job.articles)
      : detectArticles(content, adRects);
    const ads = await Promise.all(
      adRects.map(async (rect) => ({
        box: toPercent(rect, content),
        image: await rendered.clip(rect),
      })),
    );
    return {
      pagesInFile: doc.numPages,
      width: rendered.width,
      height: rendered.height,
      preview: rendered.preview as Uint8Array,
      reading: rendered.reading as Uint8Array,
      zoom: rendered.zoom,
      thumb: rendered.thumb as Uint8Array,
      text: content.lines.map((line) => line.text).join('\n'),
      blank: content.lines.length === 0 && (await isBlankImage(rendered.thumb as Uint8Array)),
      articles: await Promise.all(
        found.map(async (a) => ({
          box: toPercent(a.box, content),
          title: a.title,
          paragraphs: a.paragraphs,
          photos: await Promise.all(
            a.photos.map(async (p) => ({
              caption: p.caption,
              ...(await photoImage(page, p, async () => rendered)),
            })),
          ),
        })),
      ),
      ads,
    };
  } finally {
    page.cleanup();
  }
}

/** The images made once the page is live (see PageJob.images): zoom image and AVIF preview. */
export async function processPageLater(job: LaterJob): Promise<LaterOutput> {
  const doc = await documentFor(job);
  if (job.pageInFile > doc.numPages) throw new PdfReadError(`the PDF has ${doc.numPages} page(s)`);
  const page = await doc.getPage(job.pageInFile);
  try {
    const rendered = await renderPage(page, 'later');
    return { zoom: rendered.zoom as Uint8Array, preview: rendered.preview as Uint8Array };
  } finally {
    page.cleanup();
  }
}
