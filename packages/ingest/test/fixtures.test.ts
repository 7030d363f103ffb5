// Inputs nobody on the team made: archive scans with an OCR layer, and broken PDFs.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderSink, IngestError, ingestEdition } from '../src/index.ts';
import { fixturesDir, tempDir } from './helpers.ts';

const temp = await tempDir('fixtures');
afterAll(() => temp.remove());

const ingest = (files: string[], prefix: string) =>
  ingestEdition({ brand: 'dh', date: '2026-11-21', editionNumber: 2, files, sink: folderSink(temp.dir), keyPrefix: `${prefix}/` });

describe('scanned newspaper pages (OCR text layer)', () => {
  it('yield several article hotspots on every page', async () => {
    const dir = path.join(fixturesDir, 'scanned-newspapers');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.pdf')).map((f) => path.join(dir, f));
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

describe('broken PDFs', async () => {
  const dir = path.join(fixturesDir, 'broken-pdfs');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.pdf'));

  it.each(files)('%s ingests or fails with an IngestError naming it', async (name) => {
    const file = path.join(dir, name);
    try {
      const edition = await ingest([file], name);
      expect(edition.pages.length).toBeGreaterThan(0);
    } catch (error) {
      expect(error).toBeInstanceOf(IngestError);
      expect((error as IngestError).file).toBe(file);
      expect((error as IngestError).message).toContain(name);
    }
  });

  it('rejects an empty input list and a missing file', async () => {
    await expect(ingest([], 'none')).rejects.toBeInstanceOf(IngestError);
    await expect(ingest([path.join(dir, 'missing.pdf'), path.join(dir, 'missing-2.pdf')], 'missing')).rejects.toThrow(/missing/u);
  });
});
