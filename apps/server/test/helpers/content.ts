// Puts a small issue straight into storage and the database, for tests of the
// reading side that do not need to run the PDF ingest.
import { BRANDS, type BrandCode } from '@folio/core';
import { IssueRepo, type IssuePageInput } from '../../src/modules/editions/issue-repo.ts';
import type { TestApp } from './app.ts';

export interface FixtureIssue {
  brand: BrandCode;
  editionNumber: number;
  date: string;
  /** Section of each page, in page order. */
  sections?: string[];
}

export interface InsertedIssue {
  mediaPrefix: string;
  pages: IssuePageInput[];
}

const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

/**
 * A one-page PDF that pdfjs reads (a grey box on a 600 x 950 pt page, so its
 * reading image is the 1200 x 1900 the fixture pages claim): deep-zoom tiles are
 * rendered from the page's PDF.
 */
export function onePagePdf(): Uint8Array {
  const content = '0.5 g 60 60 480 830 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 950] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let text = '%PDF-1.7\n';
  const offsets = objects.map((body, index) => {
    const at = text.length;
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) text += `${String(at).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

/** A page's image and PDF files, named as ingest names them: the name says which page a file belongs to. */
export function pageFiles(pageNo: number) {
  const nn = String(pageNo).padStart(2, '0');
  return {
    imgFile: `p${nn}.webp`,
    zoomFile: `p${nn}-zoom.webp`,
    thumbFile: `p${nn}-thumb.webp`,
    previewFile: `p${nn}-preview.webp`,
    pdfFile: `p${nn}.pdf`,
  };
}

/** The photo ingest cuts for a page's first article, beside its HTML. */
export const articlePhotoFile = (pageNo: number) =>
  `p${String(pageNo).padStart(2, '0')}-a01-f1.webp`;

export async function insertIssue(t: TestApp, issue: FixtureIssue): Promise<InsertedIssue> {
  const edition = await t.container.editions.requireEdition(
    BRANDS[issue.brand],
    issue.editionNumber,
  );
  const compact = issue.date.replaceAll('-', '');
  const mediaPrefix = `editions/${issue.brand}/${issue.date}/${issue.editionNumber}/fixture-${Math.random().toString(36).slice(2)}/`;
  const sections = issue.sections ?? ['Front Page', 'City'];
  const pages: IssuePageInput[] = sections.map((section, index) => {
    const pageNo = index + 1;
    const nn = String(pageNo).padStart(2, '0');
    return {
      pageNo,
      section,
      name: `${nn} ${section.toUpperCase()}`,
      displayName: `Page ${pageNo}`,
      ...pageFiles(pageNo),
      width: 1200,
      height: 1900,
      articles: [
        {
          id: `${issue.brand}-${compact}-${issue.editionNumber}-${nn}-01`,
          title: `Story on page ${pageNo}`,
          bodyText: 'Body text.',
          htmlFile: `p${nn}-a01.html`,
          box: { top: 10.5, left: 5.25, width: 40, height: 30.125 },
        },
      ],
      ads: [
        {
          id: `${issue.brand}-${compact}-${issue.editionNumber}-${nn}-ad-01`,
          imgFile: `p${nn}-ad01.png`,
          box: { top: 80, left: 0, width: 100, height: 20 },
        },
      ],
    };
  });
  for (const page of pages) {
    for (const file of [page.imgFile, page.zoomFile, page.thumbFile, page.previewFile])
      await t.container.storage.put(`${mediaPrefix}${file}`, PNG_1X1, 'image/webp');
    await t.container.storage.put(`${mediaPrefix}${page.pdfFile}`, onePagePdf(), 'application/pdf');
    for (const ad of page.ads)
      await t.container.storage.put(`${mediaPrefix}${ad.imgFile}`, PNG_1X1, 'image/png');
    await t.container.storage.put(
      `${mediaPrefix}${page.articles[0]?.htmlFile}`,
      new TextEncoder().encode('<p>Body text.</p>'),
      'text/html',
    );
    await t.container.storage.put(
      `${mediaPrefix}${articlePhotoFile(page.pageNo)}`,
      PNG_1X1,
      'image/webp',
    );
  }
  await new IssueRepo(t.db).replaceIssue(
    { brand: issue.brand, editionId: edition.id, date: issue.date },
    mediaPrefix,
    pages,
  );
  return { mediaPrefix, pages };
}
