// What pdfkit (shaping with fontkit) writes in Noto Kannada, ingest must read back
// exactly: every phrase the demo generator can print, in every font it prints with.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { kannadaCopy } from '../src/demo/copy-kn.ts';
import { seededRandom } from '../src/demo/seeded-random.ts';
import { openPdf } from '../src/pdf/open-pdf.ts';
import { readPageContent } from '../src/pdf/read-page-content.ts';
import { tempDir } from './helpers.ts';

const FONTS = ['NotoSansKannada-Regular', 'NotoSansKannada-Bold', 'NotoSerifKannada-Bold'];

function phrases(): string[] {
  const random = seededRandom('round-trip');
  const out = new Set<string>([...kannadaCopy.places, kannadaCopy.masthead, kannadaCopy.adLabel]);
  for (let i = 0; i < 80; i += 1) {
    out.add(kannadaCopy.headline(random));
    out.add(kannadaCopy.sentence(random));
  }
  out.add(kannadaCopy.dateline('2026-11-21', 4, ''));
  for (let page = 1; page <= 12; page += 1) {
    out.add(kannadaCopy.jumpTo(page));
    out.add(kannadaCopy.jumpFrom(page));
  }
  return [...out];
}

async function writePdf(file: string, font: string, lines: string[]): Promise<void> {
  const doc = new PDFDocument({ size: [1400, 40 + lines.length * 20], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.font(`/usr/share/fonts/truetype/noto/${font}.ttf`).fontSize(12);
  lines.forEach((line, i) =>
    doc.text(line, 20, 30 + i * 20, { lineBreak: false, baseline: 'alphabetic' }),
  );
  doc.end();
  await done;
  await writeFile(file, Buffer.concat(chunks));
}

describe('Kannada text from pdfkit + Noto pages', async () => {
  const temp = await tempDir('kn');
  afterAll(() => temp.remove());
  const expected = phrases();

  it.each(FONTS)('reads every demo phrase back exactly in %s', async (font) => {
    const file = path.join(temp.dir, `${font}.pdf`);
    await writePdf(file, font, expected);
    const doc = await openPdf(file);
    const page = await doc.getPage(1);
    const content = await readPageContent(page, page.getViewport({ scale: 1 }));
    await doc.destroy();
    expect(content.lines.map((l) => l.text)).toEqual(expected);
  });
});
