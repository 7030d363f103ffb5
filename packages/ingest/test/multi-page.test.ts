// One multi-page PDF in, pages numbered in order, each page's own PDF split out.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { folderSink, generateDemoEdition, ingestEdition } from '../src/index.ts';
import { tempDir } from './helpers.ts';

describe('a multi-page PDF', async () => {
  const temp = await tempDir('multi');
  afterAll(() => temp.remove());
  const truth = await generateDemoEdition({
    brand: 'dh',
    date: '2026-11-23',
    editionNumber: 3,
    editionName: 'Mysuru',
    pageCount: 3,
    outDir: path.join(temp.dir, 'pages'),
  });
  const merged = await PDFDocument.create();
  for (const file of truth.files) {
    const source = await PDFDocument.load(await readFile(file));
    const [page] = await merged.copyPages(source, [0]);
    if (page) merged.addPage(page);
  }
  const file = path.join(temp.dir, 'edition.pdf');
  await writeFile(file, await merged.save());

  it('ingests every page in order and stores each page as its own PDF', async () => {
    const media = path.join(temp.dir, 'media');
    const edition = await ingestEdition({
      brand: 'dh',
      date: '2026-11-23',
      editionNumber: 3,
      files: [file],
      sink: folderSink(media),
      keyPrefix: 'e/',
    });
    expect(edition.pages.map((p) => [p.pageNo, p.name, p.pdfFile])).toEqual([
      [1, '01 Front Page', 'p01.pdf'],
      [2, '02 City', 'p02.pdf'],
      [3, '03 State', 'p03.pdf'],
    ]);
    for (const [i, page] of edition.pages.entries()) {
      expect(page.articles.map((a) => a.title)).toEqual(
        truth.pages[i]?.articles.map((a) => a.title),
      );
      const pdf = await PDFDocument.load(await readFile(path.join(media, 'e', page.pdfFile)));
      expect(pdf.getPageCount()).toBe(1);
    }
  });
});
