// The demo paper is the first paper every new Folio user reads, so it must read like
// one. Every page of an English and a Kannada edition, on two dates each, is read back
// the way ingest reads it, and fails on: an article cut mid-sentence, a jump line
// ("Continued on Page 7") with no continuation on that page, a story that linking
// does not make whole, a photo found without its caption or with its caption read as
// body text, a headline that pairs a name with itself, ad copy outside its box.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrandCode } from '@folio/core';
import { englishCopy } from '../src/demo/copy-en.ts';
import { kannadaCopy } from '../src/demo/copy-kn.ts';
import type { DemoCopy } from '../src/demo/demo-copy.ts';
import { seededRandom } from '../src/demo/seeded-random.ts';
import { linkContinuations } from '../src/edition/link-continuations.ts';
import { overlapX, overlapY, type Rect } from '../src/pdf/page-content.ts';
import { jumpAtEnd, jumpAtStart } from '../src/text/jump-lines.ts';
import { readDemoEdition } from './demo-reading.ts';
import { tempDir } from './helpers.ts';

/** How a sentence ends: full stop, question, exclamation, closing quote, Kannada danda. */
const SENTENCE_END = /[.!?”"।]$/u;

const copyOf = (brand: BrandCode): DemoCopy => (brand === 'pv' ? kannadaCopy : englishCopy);

/** A name printed twice in one headline ("Mumbai beat Mumbai by 3 wickets"). */
const pairedName = (headline: string, copy: DemoCopy): string | undefined =>
  copy.names.find((name) => headline.split(name).length > 2);

const encloses = (outer: Rect, inner: Rect) =>
  inner.x0 >= outer.x0 - 0.5 &&
  inner.x1 <= outer.x1 + 0.5 &&
  inner.y0 >= outer.y0 - 0.5 &&
  inner.y1 <= outer.y1 + 0.5;

describe.each<BrandCode>(['dh', 'pv'])('the %s copy', (brand) => {
  it('never writes a headline that pairs a name with itself', () => {
    const copy = copyOf(brand);
    const random = seededRandom(`headlines|${brand}`);
    const paired = Array.from({ length: 3000 }, () => copy.headline(random)).filter((h) =>
      pairedName(h, copy),
    );
    expect(paired).toEqual([]);
  });
});

describe.each<[BrandCode, string]>([
  ['dh', '2026-11-21'],
  ['dh', '2026-11-24'],
  ['pv', '2026-11-21'],
  ['pv', '2026-11-25'],
])('the %s demo edition of %s, read back as ingest reads it', async (brand, date) => {
  const temp = await tempDir(`reads-${brand}`);
  afterAll(() => temp.remove());
  const { pages, truth } = await readDemoEdition(brand, date, path.join(temp.dir, 'pdf'));
  const copy = copyOf(brand);
  const articles = pages.flatMap((page) =>
    page.articles.map((article) => ({ pageNo: page.pageNo, article })),
  );

  it('ends every article at a sentence, or at a jump line whose continuation is on that page', () => {
    const problems: string[] = [];
    let jumps = 0;
    for (const { pageNo, article } of articles) {
      const text = article.paragraphs.join('\n\n').trim();
      const jump = jumpAtEnd(text);
      const where = `page ${pageNo} "${article.title}"`;
      if (!jump) {
        if (!SENTENCE_END.test(text)) problems.push(`${where} is cut: "…${text.slice(-50)}"`);
        continue;
      }
      jumps += 1;
      if (!SENTENCE_END.test(jump.text)) problems.push(`${where} is cut before its jump line`);
      const rest = pages
        .find((p) => p.pageNo === jump.page)
        ?.articles.find(
          (a) => a.title === article.title && jumpAtStart(a.paragraphs[0] ?? '')?.page === pageNo,
        );
      if (!rest) problems.push(`${where} jumps to page ${jump.page}, where it does not continue`);
    }
    expect(problems).toEqual([]);
    expect(jumps, 'a story continued on a later page').toBeGreaterThan(0);
  });

  it('reads every continued story whole once linked, without its jump lines', () => {
    const linked = linkContinuations(pages);
    const problems: string[] = [];
    let whole = 0;
    pages.forEach((page, p) =>
      page.articles.forEach((article, a) => {
        const paragraphs = linked[p]?.[a] ?? [];
        const text = paragraphs.join('\n\n');
        const where = `page ${page.pageNo} "${article.title}"`;
        if (!SENTENCE_END.test(text)) problems.push(`${where} ends "…${text.slice(-50)}"`);
        if (paragraphs.some((line) => jumpAtEnd(line) || jumpAtStart(line))) {
          problems.push(`${where} still shows a jump line`);
        }
        if (paragraphs.length > article.paragraphs.length) whole += 1;
      }),
    );
    expect(problems).toEqual([]);
    // Each linked story is whole on both of its pages.
    expect(whole).toBeGreaterThanOrEqual(2);
  });

  it('gives every pictured article its photo and caption, and keeps the caption out of its text', () => {
    const problems: string[] = [];
    let pictured = 0;
    for (const placed of truth.pages) {
      const page = pages.find((p) => p.pageNo === placed.pageNo);
      for (const article of placed.articles) {
        const found = page?.articles.find((a) => a.title === article.title);
        const where = `page ${placed.pageNo} "${article.title}"`;
        const captions = found?.photos.map((p) => p.caption) ?? [];
        const expected = article.caption === undefined ? [] : [article.caption];
        if (captions.join('\n') !== expected.join('\n'))
          problems.push(
            `${where} has captions ${JSON.stringify(captions)}, not ${JSON.stringify(expected)}`,
          );
        const text = found?.paragraphs.join(' ') ?? '';
        if (article.caption && text.includes(article.caption))
          problems.push(`${where} reads its caption as body text`);
        if (article.caption) pictured += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(pictured).toBeGreaterThan(pages.length);
  });

  it('prints no headline that pairs a name with itself', () => {
    const paired = articles
      .map(({ article }) => article.title)
      .filter((title) => pairedName(title, copy));
    expect(paired).toEqual([]);
    expect(articles.length).toBeGreaterThan(pages.length * 3);
  });

  it("keeps every ad's copy inside the ad's box", () => {
    const problems: string[] = [];
    for (const page of pages) {
      expect(page.ads.length).toBeLessThanOrEqual(1);
      for (const ad of page.ads) {
        for (const line of page.lines) {
          const touches = overlapX(line, ad) > 0 && overlapY(line, ad) > 0;
          if (touches && !encloses(ad, line)) {
            problems.push(`page ${page.pageNo}: "${line.text}" runs out of its ad`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(pages.some((page) => page.ads.length > 0)).toBe(true);
  });
});
