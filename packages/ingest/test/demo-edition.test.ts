// The generator's pages go through the real pipeline; ingest must find what was placed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrandCode, HotspotBox } from '@folio/core';
import {
  folderSink,
  generateDemoEdition,
  ingestEdition,
  READING_WIDTH,
  PREVIEW_WIDTH,
  THUMB_WIDTH,
  ZOOM_WIDTH,
} from '../src/index.ts';
import { jumpAtEnd } from '../src/text/jump-lines.ts';
import { tempDir } from './helpers.ts';

const SIDES = ['top', 'left', 'width', 'height'] as const;
const near = (a: HotspotBox, b: HotspotBox) =>
  SIDES.every((side) => Math.abs(a[side] - b[side]) <= 2);

describe.each<BrandCode>(['dh', 'pv'])('a generated %s edition', async (brand) => {
  const temp = await tempDir(`demo-${brand}`);
  afterAll(() => temp.remove());
  const spec = {
    brand,
    date: '2026-11-21',
    editionNumber: brand === 'dh' ? 2 : 4,
    editionName: 'Bengaluru City',
    pageCount: 8,
  };
  const truth = await generateDemoEdition({ ...spec, outDir: path.join(temp.dir, 'pdf') });
  const media = path.join(temp.dir, 'media');
  const progress: number[] = [];
  const edition = await ingestEdition({
    brand,
    date: '2026-11-21',
    editionNumber: brand === 'dh' ? 2 : 4,
    files: truth.files,
    sink: folderSink(media),
    keyPrefix: 'run/',
    onProgress: (p) => progress.push(p.done),
  });

  it('typesets a front page alone as it is in the whole edition', async () => {
    const front = await generateDemoEdition({
      ...spec,
      firstPages: 1,
      outDir: path.join(temp.dir, 'front'),
    });
    expect(front.files).toEqual([path.join(temp.dir, 'front', 'p01.pdf')]);
    // The same stories in the same boxes, the lead's jump to the same page.
    expect(front.pages).toEqual(truth.pages.slice(0, 1));
    expect(front.pages[0]?.articles.some((a) => a.continuedOn !== undefined)).toBe(true);
  });

  it('finds every placed article with its exact title and a box within 2 points', () => {
    expect(edition.pages).toHaveLength(8);
    for (const placed of truth.pages) {
      const page = edition.pages[placed.pageNo - 1];
      expect(page?.name).toBe(placed.name);
      for (const article of placed.articles) {
        const found = page?.articles.find(
          (a) => a.title === article.title && near(a.box, article.box),
        );
        expect(
          found,
          `page ${placed.pageNo}: ${article.title} ${JSON.stringify(article.box)}`,
        ).toBeDefined();
      }
      expect(page?.articles).toHaveLength(placed.articles.length);
    }
  });

  it('finds every placed ad and clips it', async () => {
    expect(truth.pages.some((p) => p.ads.length > 0)).toBe(true);
    for (const placed of truth.pages) {
      const page = edition.pages[placed.pageNo - 1];
      expect(page?.ads).toHaveLength(placed.ads.length);
      for (const ad of placed.ads) {
        const found = page?.ads.find((a) => near(a.box, ad.box));
        expect(found).toBeDefined();
        const meta = await sharp(
          await readFile(path.join(media, 'run', found?.imgFile ?? '')),
        ).metadata();
        expect(meta.format).toBe('webp');
      }
    }
  });

  it('writes decodable images of the expected sizes, the page PDF and article HTML', async () => {
    const page = edition.pages[0];
    if (!page) throw new Error('no page');
    const size = async (key: string) =>
      sharp(await readFile(path.join(media, 'run', key))).metadata();
    expect(await size(page.imgFile)).toMatchObject({
      format: 'webp',
      width: READING_WIDTH,
      height: page.height,
    });
    expect((await size(page.zoomFile)).width).toBe(ZOOM_WIDTH);
    expect((await size(page.thumbFile)).width).toBe(THUMB_WIDTH);
    expect(await size(page.previewFile)).toMatchObject({ format: 'heif', width: PREVIEW_WIDTH });
    expect(page.height).toBe(Math.round((READING_WIDTH * 17) / 11));
    const pdf = await readFile(path.join(media, 'run', page.pdfFile));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const article = page.articles[0];
    const html = await readFile(path.join(media, 'run', article?.htmlFile ?? ''), 'utf8');
    expect(html).toMatch(
      /^<article><h1>[^<]+<\/h1>(<figure><img [^>]+><figcaption>[^<]+<\/figcaption><\/figure>)*(<p>[^<]+<\/p>)+<\/article>$/u,
    );
    expect(article?.id).toBe(`${brand}-20261121-${brand === 'dh' ? 2 : 4}-01-01`);
    expect(article?.text.length).toBeGreaterThan(100);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("cuts every placed photo from the page, captioned, into its article's HTML", async () => {
    let pictured = 0;
    for (const placed of truth.pages) {
      const page = edition.pages[placed.pageNo - 1];
      for (const article of placed.articles.filter((a) => a.caption)) {
        const found = page?.articles.find((a) => a.title === article.title);
        const where = `page ${placed.pageNo}: ${article.title}`;
        expect(
          found?.photos.map((p) => p.caption),
          where,
        ).toEqual([article.caption]);
        const photo = found?.photos[0];
        if (!found || !photo) continue;
        expect(photo.file).toBe(found.htmlFile.replace(/\.html$/u, '-f1.webp'));
        const meta = await sharp(await readFile(path.join(media, 'run', photo.file))).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: photo.width, height: photo.height });
        expect(photo.width).toBeLessThanOrEqual(1000);
        const html = await readFile(path.join(media, 'run', found.htmlFile), 'utf8');
        expect(html).toContain(
          `<figure><img src="/media/run/${photo.file}" alt="${photo.caption}" width="${photo.width}" height="${photo.height}"><figcaption>${photo.caption}</figcaption></figure><p>`,
        );
        expect(found.text).not.toContain(photo.caption);
        pictured += 1;
      }
    }
    expect(pictured).toBeGreaterThan(8);
  });

  it('keeps justified lines whole, so paragraphs are sentences, not single words', () => {
    // The generator writes paragraphs of whole sentences; a paragraph of one or two
    // words means a stretched justified line was split into pieces.
    for (const page of edition.pages) {
      for (const article of page.articles) {
        for (const paragraph of article.text.split(/\n\n/u)) {
          if (jumpAtEnd(paragraph)?.text === '') continue; // "Continued on Page 7"
          expect(paragraph.split(/\s+/u).length, `${article.id}: "${paragraph}"`).toBeGreaterThan(
            3,
          );
        }
      }
    }
  });

  it('publishes a continued story whole, but keeps the front page to its own part', async () => {
    // Any edition's front page may be made the free one, open to visitors (ADR 0029),
    // so a story jumping from it to a paid page keeps its jump line there.
    const all = edition.pages.flatMap((page) => page.articles.map((a) => ({ page, a })));
    const placed = truth.pages.flatMap((page) =>
      page.articles
        .filter((a) => a.continuedOn ?? a.continuedFrom)
        .map((a) => ({ pageNo: page.pageNo, title: a.title })),
    );
    const continued = all.filter(({ page, a }) =>
      placed.some((p) => p.pageNo === page.pageNo && p.title === a.title),
    );
    expect(continued.length).toBeGreaterThanOrEqual(2);
    expect(continued).toHaveLength(placed.length);
    let keptToItsPart = 0;
    for (const { page, a } of continued) {
      const twin = continued.find((c) => c.a !== a && c.a.title === a.title);
      expect(twin).toBeDefined();
      const html = await readFile(path.join(media, 'run', a.htmlFile), 'utf8');
      if (page.pageNo === 1 || twin?.page.pageNo === 1) {
        const [front, rest] = page.pageNo === 1 ? [a, twin?.a] : [twin?.a, a];
        const paragraphs = front?.text.split('\n\n') ?? [];
        const restPage = page.pageNo === 1 ? twin?.page.pageNo : page.pageNo;
        expect(jumpAtEnd(paragraphs.at(-1) ?? '')?.page).toBe(restPage);
        expect(rest?.text.startsWith(paragraphs.slice(0, -1).join('\n\n'))).toBe(true);
        expect(rest?.text.length).toBeGreaterThan(front?.text.length ?? 0);
        if (a === front) keptToItsPart += 1;
        else expect(html).not.toMatch(/Continued|ಮುಂದುವರಿದಿದೆ/u);
        continue;
      }
      expect(twin?.a.text).toBe(a.text);
      expect(html).not.toMatch(/Continued|ಮುಂದುವರಿದಿದೆ/u);
      expect(html).toContain(`<p>${a.text.split('\n\n').at(-1) ?? ''}</p>`);
    }
    expect(keptToItsPart).toBeGreaterThanOrEqual(1);
    for (const { a } of all) {
      const last = a.text.split('\n\n').at(-1) ?? '';
      if (jumpAtEnd(last)?.text === '') continue;
      expect(a.text, a.id).toMatch(/[.!?”"।]$/u);
    }
  });
});
