// Reads a generated demo edition back the way ingest does (pdfjs text, ad labels,
// layout detection), without rendering images: what a reader's text view is made of.
import type { BrandCode } from '@folio/core';
import { generateDemoEdition, type DemoEditionTruth } from '../src/index.ts';
import { detectAds } from '../src/layout/detect-ads.ts';
import { detectArticles, type FoundArticle } from '../src/layout/detect-articles.ts';
import { openPdf } from '../src/pdf/open-pdf.ts';
import type { Rect, TextLine } from '../src/pdf/page-content.ts';
import { readPageContent } from '../src/pdf/read-page-content.ts';

export interface ReadPage {
  pageNo: number;
  articles: FoundArticle[];
  ads: Rect[];
  lines: TextLine[];
}

export async function readDemoEdition(
  brand: BrandCode,
  date: string,
  outDir: string,
  pageCount = 8,
): Promise<{ pages: ReadPage[]; truth: DemoEditionTruth }> {
  const truth = await generateDemoEdition({
    brand,
    date,
    editionNumber: 1,
    editionName: 'Bengaluru City',
    pageCount,
    outDir,
  });
  const pages: ReadPage[] = [];
  for (const [index, file] of truth.files.entries()) {
    const doc = await openPdf(file);
    const page = await doc.getPage(1);
    const content = await readPageContent(page, page.getViewport({ scale: 1 }));
    await doc.destroy();
    const ads = detectAds(content);
    pages.push({
      pageNo: index + 1,
      articles: detectArticles(content, ads),
      ads,
      lines: content.lines,
    });
  }
  return { pages, truth };
}
