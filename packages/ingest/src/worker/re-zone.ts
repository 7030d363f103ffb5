// Re-reading one published page within boxes an editor drew (the desk's zoning
// editor, issue 26 part 9), inside a render worker: each article box's title, text
// and photos, each ad box's clip. The page is rendered only when something is cut
// out of it (an ad, or a photo whose own pixels pdfjs does not hold).
import type { HotspotBox } from '@folio/core';
import { manifestArticles, percentToRect } from '../layout/manifest-articles.ts';
import { openPdfData } from '../pdf/open-pdf.ts';
import { PdfReadError } from '../pdf/read-error.ts';
import { readPageContent } from '../pdf/read-page-content.ts';
import { renderPage, type RenderedPage } from '../render/page-images.ts';
import { photoImage } from '../render/source-image.ts';
import type { PageAd, PageArticle } from './page-job.ts';

export interface ReZoneJob {
  /** The page's PDF as stored at publish. */
  pdf: Uint8Array;
  /** 1-based page within that PDF. */
  pageInFile: number;
  /** Article boxes in percent; a title, when given, is kept as it is. */
  articles: Array<HotspotBox & { title?: string }>;
  ads: HotspotBox[];
}

export interface ReZoneOutput {
  /** In the order of the job's boxes, each with the box as given. */
  articles: PageArticle[];
  ads: PageAd[];
}

export async function reZonePage(job: ReZoneJob): Promise<ReZoneOutput> {
  const doc = await openPdfData(job.pdf);
  try {
    if (job.pageInFile > doc.numPages)
      throw new PdfReadError(`the PDF has ${doc.numPages} page(s)`);
    const page = await doc.getPage(job.pageInFile);
    try {
      const content = await readPageContent(page, page.getViewport({ scale: 1 }));
      const found = manifestArticles(content, job.articles);
      // A photo's own pixels come with the operator list: the page is rendered only
      // for an ad's clip or a photo without them, and once.
      let rendered: Promise<RenderedPage> | undefined;
      const render = () => (rendered ??= renderPage(page, 'cuts'));
      return {
        articles: await Promise.all(
          found.map(async (a, i) => ({
            // The editor's box, not one rounded again from page points.
            box: pick(job.articles[i] as HotspotBox),
            title: a.title,
            paragraphs: a.paragraphs,
            photos: await Promise.all(
              a.photos.map(async (p) => ({
                caption: p.caption,
                ...(await photoImage(page, p, render)),
              })),
            ),
          })),
        ),
        ads: await Promise.all(
          job.ads.map(async (box) => ({
            box: pick(box),
            image: await (await render()).clip(percentToRect(box, content)),
          })),
        ),
      };
    } finally {
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
}

const pick = ({ top, left, width, height }: HotspotBox): HotspotBox => ({
  top,
  left,
  width,
  height,
});
