// Inputs nobody on the team made (archive scans with an OCR layer, broken PDFs) and
// degenerate ones: each has one pinned outcome, ingested or failed with file and page.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { folderSink, IngestError, ingestEdition } from '../src/index.ts';
import { fixturesDir, tempDir } from './helpers.ts';

const temp = await tempDir('fixtures');
afterAll(() => temp.remove());

const ingest = (files: string[], prefix: string, options: { pageTimeoutMs?: number } = {}) =>
  ingestEdition({
    brand: 'dh',
    date: '2026-11-21',
    editionNumber: 2,
    files,
    sink: folderSink(temp.dir),
    keyPrefix: `${prefix}/`,
    ...options,
  });

describe('scanned newspaper pages (OCR text layer)', () => {
  it('yield several article hotspots on every page', async () => {
    const dir = path.join(fixturesDir, 'scanned-newspapers');
    const files = (await readdir(dir))
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => path.join(dir, f));
    const edition = await ingest(files, 'scanned');
    expect(edition.pages).toHaveLength(files.length);
    for (const page of edition.pages) {
      expect(page.articles.length).toBeGreaterThanOrEqual(5);
      for (const article of page.articles) {
        expect(article.title.length).toBeGreaterThan(0);
        expect(article.box.left + article.box.width).toBeLessThanOrEqual(100.01);
        expect(article.box.top + article.box.height).toBeLessThanOrEqual(100.01);
      }
    }
  });
});

/** Share of the reading image that is ink rather than paper: a blank render is 0. */
async function inkShare(key: string): Promise<number> {
  const { data, info } = await sharp(path.join(temp.dir, key))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (const value of data) if (value < 128) ink += 1;
  return ink / (info.width * info.height);
}

describe('broken PDFs', () => {
  const dir = path.join(fixturesDir, 'broken-pdfs');
  const brokenFile = (name: string) => path.join(dir, name);

  // What each fixture must do (see ../shared/fixtures/README.md): encrypted files fail
  // naming the file; the others are read despite their defects and show their content.
  it.each(['aes-256-r6.pdf', 'rc4-40.pdf'])(
    '%s fails with an IngestError naming the file',
    async (name) => {
      const error = await ingest([brokenFile(name)], name).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(IngestError);
      expect((error as IngestError).file).toBe(brokenFile(name));
      expect((error as IngestError).message).toBe(
        `Cannot ingest ${name}: the PDF is encrypted and no password was given`,
      );
    },
  );

  it.each([
    // The cross-reference table is damaged; pdf.js rebuilds it and the text page renders.
    ['zen_of_python_corrupted.pdf', 0.002],
    // Text in a font without a Unicode map still renders as a table.
    ['issue-791-non-unicode-cmap.pdf', 0.002],
    // A scanned drawing stored as a JBIG2 image.
    ['pdf-with-jbig2.pdf', 0.005],
  ])('%s ingests as one page showing its content', async (name, minInk) => {
    const edition = await ingest([brokenFile(name)], name);
    expect(edition.pages).toHaveLength(1);
    const [page] = edition.pages;
    expect(page?.articles).toEqual([]);
    expect(await inkShare(`${name}/${page?.imgFile}`)).toBeGreaterThan(minInk);
  });

  it('every fixture has a pinned outcome', async () => {
    expect((await readdir(dir)).filter((f) => f.endsWith('.pdf')).sort()).toEqual([
      'aes-256-r6.pdf',
      'issue-791-non-unicode-cmap.pdf',
      'pdf-with-jbig2.pdf',
      'rc4-40.pdf',
      'zen_of_python_corrupted.pdf',
    ]);
  });

  it('a broken page among one-PDF-per-page input fails naming that file and page', async () => {
    const good = brokenFile('zen_of_python_corrupted.pdf');
    const bad = brokenFile('rc4-40.pdf');
    const error = await ingest([good, bad], 'mixed').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ file: bad, pageNo: 2 });
    expect((error as IngestError).message).toBe(
      'Cannot ingest rc4-40.pdf (page 2): the PDF is encrypted and no password was given',
    );
  });

  it('rejects an empty input list and a missing file', async () => {
    await expect(ingest([], 'none')).rejects.toBeInstanceOf(IngestError);
    await expect(
      ingest([path.join(dir, 'missing.pdf'), path.join(dir, 'missing-2.pdf')], 'missing'),
    ).rejects.toThrow(/missing/u);
  });
});

describe('empty and zero-page PDFs', async () => {
  const empty = path.join(temp.dir, 'empty.pdf');
  await writeFile(empty, new Uint8Array());
  const zeroPages = path.join(temp.dir, 'no-pages.pdf');
  await writeFile(zeroPages, await (await PDFDocument.create()).save({ addDefaultPage: false }));
  const onePage = path.join(temp.dir, 'one-page.pdf');
  const doc = await PDFDocument.create();
  doc.addPage([600, 800]).drawText('Folio', { x: 50, y: 700, size: 40 });
  await writeFile(onePage, await doc.save());

  it('an empty file fails naming it', async () => {
    const error = await ingest([empty], 'empty').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({
      file: empty,
      message: 'Cannot ingest empty.pdf: the file is empty',
    });
  });

  it('a PDF without pages fails naming it', async () => {
    const error = await ingest([zeroPages], 'no-pages').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({
      file: zeroPages,
      message: 'Cannot ingest no-pages.pdf: the PDF has no pages',
    });
  });

  it('as pages of one-PDF-per-page input, both fail naming the file and page', async () => {
    const emptyError = await ingest([onePage, empty], 'pages-empty').catch((e: unknown) => e);
    expect(emptyError).toMatchObject({
      file: empty,
      pageNo: 2,
      message: 'Cannot ingest empty.pdf (page 2): the file is empty',
    });
    const zeroError = await ingest([onePage, onePage, zeroPages], 'pages-zero').catch(
      (e: unknown) => e,
    );
    expect(zeroError).toMatchObject({
      file: zeroPages,
      pageNo: 3,
      message: 'Cannot ingest no-pages.pdf (page 3): the PDF has no pages',
    });
  });
});

describe('the per-page time limit', () => {
  it('fails a page that is still rendering when its limit runs out, naming file and page, and the next ingest works', async () => {
    const file = path.join(fixturesDir, 'broken-pdfs', 'zen_of_python_corrupted.pdf');
    const error = await ingest([file], 'slow', { pageTimeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({
      file,
      pageNo: 1,
      message:
        'Cannot ingest zen_of_python_corrupted.pdf (page 1): rendering timed out after 0.001 s',
    });
    // The stuck worker was killed and replaced: the same page renders within the default limit.
    expect((await ingest([file], 'after-timeout')).pages).toHaveLength(1);
  });
});
