// Photos as ingest reads them from a PDF: painted images found at their place on the
// page through every transform in force, and the small lines under one read as its
// caption, never as the story's text.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detectArticles } from '../src/layout/detect-articles.ts';
import { openPdf } from '../src/pdf/open-pdf.ts';
import type { PageContent } from '../src/pdf/page-content.ts';
import { readPageContent } from '../src/pdf/read-page-content.ts';
import { tempDir } from './helpers.ts';

const BODY =
  'The city council met on Tuesday to approve the new plan for the old market, which ' +
  'has waited ten years for repairs. Work starts next month and ends before the rains.';

async function pdfWithPhotos(file: string): Promise<void> {
  const jpeg = await sharp({
    create: { width: 80, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const doc = new PDFDocument({ size: [600, 800], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.font('Helvetica-Bold').fontSize(24).text('Market plan approved today', 100, 150, {
    lineBreak: false,
  });
  // Placed directly: 200 x 120 pt at (100, 200), top-left origin.
  doc.image(jpeg, 100, 200, { width: 200, height: 120 });
  doc.font('Helvetica-Oblique').fontSize(7);
  doc.text('The old market seen from the clock tower on Monday.', 100, 326, { lineBreak: false });
  doc.text('PHOTO: STAFF', 100, 334.5, { lineBreak: false });
  doc.font('Helvetica').fontSize(9);
  let y = 350;
  for (const line of splitLines(doc, BODY, 200))
    doc.text(line, 100, (y += 11), { lineBreak: false });
  // Placed through transforms that accumulate: moved to (400, 500), then halved.
  doc.save().translate(400, 500).scale(0.5);
  doc.image(jpeg, 0, 0, { width: 200, height: 100 });
  doc.restore();
  doc.end();
  await ended;
  await writeFile(file, Buffer.concat(chunks));
}

function splitLines(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && doc.widthOfString(next) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  return current ? [...lines, current] : lines;
}

describe('photos in a PDF page', async () => {
  const temp = await tempDir('photos');
  afterAll(() => temp.remove());
  const file = path.join(temp.dir, 'photos.pdf');
  await pdfWithPhotos(file);
  const doc = await openPdf(file);
  const page = await doc.getPage(1);
  const content: PageContent = await readPageContent(page, page.getViewport({ scale: 1 }));
  await doc.destroy();
  const images = content.shapes.filter((s) => s.kind === 'image');

  it('are found with their boxes in page points, through the transforms in force', () => {
    expect(images).toHaveLength(2);
    const [placed, transformed] = images;
    for (const [found, box] of [
      [placed, { x0: 100, y0: 200, x1: 300, y1: 320 }],
      [transformed, { x0: 400, y0: 500, x1: 500, y1: 550 }],
    ] as const) {
      for (const side of ['x0', 'y0', 'x1', 'y1'] as const)
        expect(found?.[side], side).toBeCloseTo(box[side], 1);
    }
  });

  it('belong to the article they sit in, with the small lines under them as the caption', () => {
    const [article] = detectArticles(content, []);
    expect(article?.title).toBe('Market plan approved today');
    expect(article?.photos).toEqual([
      {
        box: expect.objectContaining({ x0: expect.closeTo(100, 1), y1: expect.closeTo(320, 1) }),
        caption: 'The old market seen from the clock tower on Monday. PHOTO: STAFF',
        source: { objId: expect.any(String), flipX: false, flipY: false },
      },
    ]);
    const text = article?.paragraphs.join(' ') ?? '';
    expect(text).toContain('The city council met on Tuesday');
    expect(text).not.toContain('clock tower');
    expect(text).not.toContain('PHOTO');
  });
});
