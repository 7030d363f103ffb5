// Finds articles from the page layout. A headline is text clearly larger than the
// body size; its article is what sits under it in the columns it spans (its own text
// width, widened over neighbouring columns that are empty beside the headline and
// start right below it), down to the next headline, ad or rule across those columns.
import { buildParagraphs } from './article-text.ts';
import { columnIndexer, columnsUnder, findColumns, type Column } from './columns.ts';
import { findPhotos, type FoundPhoto } from './photos.ts';
import {
  containsCentre,
  overlapX,
  overlapY,
  rectHeight,
  rectWidth,
  unionRect,
  type PageContent,
  type Rect,
  type Shape,
  type TextLine,
} from '../pdf/page-content.ts';

export interface FoundArticle {
  box: Rect;
  title: string;
  paragraphs: string[];
  photos: FoundPhoto[];
}

const HEADLINE_RATIO = 1.35;
const CAPTION_RATIO = 0.92;
/** An article needs this much body text; mastheads and stray large words have none. */
const MIN_BODY_CHARS = 60;

/** The body size: the font size that carries the most characters. */
export function bodySize(lines: readonly TextLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const key = Math.round(line.size * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) {
    if (w > bestWeight) [best, bestWeight] = [size, w];
  }
  return best;
}

interface Headline extends Rect {
  lines: TextLine[];
}

function groupHeadlines(lines: readonly TextLine[]): Headline[] {
  const groups: Headline[] = [];
  for (const line of [...lines].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const group = groups.find((g) => {
      const last = g.lines[g.lines.length - 1] as TextLine;
      const gap = line.y0 - last.y1;
      const similar = line.size / last.size < 1.3 && last.size / line.size < 1.3;
      return similar && gap < line.size * 0.6 && gap > -line.size * 0.5 && overlapX(g, line) > 0;
    });
    if (group) {
      group.lines.push(line);
      Object.assign(group, unionRect([group, line]));
    } else {
      groups.push({ ...unionRect([line]), lines: [line] });
    }
  }
  return groups;
}

const isRule = (shape: Shape) => rectHeight(shape) < 3 && rectWidth(shape) > 20;

function spanOf(
  headline: Headline,
  columns: readonly Column[],
  others: readonly Rect[],
  lineGap: number,
): Rect {
  const under = columnsUnder(columns, headline);
  if (under.length === 0) return headline;
  let last = under[under.length - 1] as number;
  for (let c = last + 1; c < columns.length; c += 1) {
    const column = columns[c] as Column;
    const band = { x0: column.x0, x1: column.x1, y0: headline.y0, y1: headline.y1 };
    const inColumn = (r: Rect) => overlapX(r, column) > (column.x1 - column.x0) * 0.3;
    if (others.some((r) => inColumn(r) && overlapY(r, band) > 0)) break;
    const below = others
      .filter((r) => inColumn(r) && r.y0 >= headline.y1 - 1)
      .sort((a, b) => a.y0 - b.y0)[0];
    if (!below || below.y0 - headline.y1 > lineGap * 3) break;
    last = c;
  }
  const first = columns[under[0] as number] as Column;
  return {
    x0: Math.min(headline.x0, first.x0),
    x1: Math.max(headline.x1, (columns[last] as Column).x1),
    y0: headline.y0,
    y1: headline.y1,
  };
}

/**
 * Keeps what follows the headline without a blank stretch taller than `maxGap`: white
 * space that large separates stories even where no headline or rule marks the end.
 */
function untilGap(headline: Rect, lines: TextLine[], pictures: Shape[], maxGap: number) {
  const items = [...lines, ...pictures].sort((a, b) => a.y0 - b.y0);
  let bottom = headline.y1;
  const kept = new Set<Rect>();
  for (const item of items) {
    if (item.y0 - bottom > maxGap) break;
    kept.add(item);
    bottom = Math.max(bottom, item.y1);
  }
  return { lines: lines.filter((l) => kept.has(l)), pictures: pictures.filter((p) => kept.has(p)) };
}

export function detectArticles(content: PageContent, exclude: readonly Rect[]): FoundArticle[] {
  const lines = content.lines.filter((line) => !exclude.some((ad) => containsCentre(ad, line)));
  const shapes = content.shapes.filter(
    (s) =>
      !exclude.some((ad) => containsCentre(ad, s)) &&
      rectWidth(s) * rectHeight(s) < content.width * content.height * 0.5,
  );
  const size = bodySize(lines);
  if (size === 0) return [];
  // A headline has two words or more (counted over all its lines: a last line may be one
  // short word), or one capitalised word. Other single large words are mostly OCR
  // layers misjudging a word's size ("tin", "sis").
  const words = (h: Headline) =>
    h.lines
      .flatMap((l) => l.text.split(/\s+/u))
      .filter((w) => (w.match(/\p{L}/gu)?.length ?? 0) >= 2);
  const isHeadline = (h: Headline) => {
    const found = words(h);
    return found.length >= 2 || /^\p{Lu}\p{Ll}{3,}[.,]?$/u.test(found[0] ?? '');
  };
  const headlines = groupHeadlines(
    lines.filter((line) => line.size >= size * HEADLINE_RATIO),
  ).filter(isHeadline);
  const inHeadline = new Set(headlines.flatMap((h) => h.lines));
  const body = lines.filter((line) => !inHeadline.has(line));
  const columns = findColumns(
    body.filter((l) => l.size >= size * CAPTION_RATIO && l.size < size * 1.15),
    content.width,
  );
  const pictures = shapes.filter((s) => !isRule(s) && rectWidth(s) > 20 && rectHeight(s) > 20);
  const rules = shapes.filter(isRule);
  const lineGap = size * 1.2;
  const claimed = new Set<TextLine>();
  const articles: FoundArticle[] = [];
  const kept: Headline[] = [];

  for (const headline of headlines) {
    const others: Rect[] = [...body, ...pictures, ...headlines.filter((h) => h !== headline)];
    const span = spanOf(headline, columns, others, lineGap);
    const across = (r: Rect) => overlapX(r, span) > Math.min(rectWidth(r), rectWidth(span)) * 0.2;
    const stops = [
      ...headlines
        .filter((h) => h !== headline && h.y0 > headline.y1 - 1 && across(h))
        .map((h) => h.y0),
      ...exclude.filter((ad) => ad.y0 > headline.y1 - 1 && across(ad)).map((ad) => ad.y0),
      ...rules
        .filter((r) => r.y0 >= headline.y1 - 1 && overlapX(r, span) > rectWidth(span) * 0.4)
        .map((r) => r.y0),
    ];
    const region = {
      x0: span.x0 - 1,
      x1: span.x1 + 1,
      y0: headline.y1 - 1,
      y1: Math.min(content.height, ...stops),
    };
    const candidates = body.filter((l) => !claimed.has(l) && containsCentre(region, l));
    const { lines: members, pictures: inside } = untilGap(
      headline,
      candidates,
      pictures.filter((p) => containsCentre(region, p)),
      lineGap * 3,
    );
    const { photos, captionLines } = findPhotos(inside, members, size);
    const texts = members.filter((l) => l.size >= size * CAPTION_RATIO && !captionLines.has(l));
    if (texts.reduce((n, l) => n + l.text.length, 0) < MIN_BODY_CHARS) continue;
    members.forEach((l) => claimed.add(l));
    kept.push(headline);
    articles.push({
      box: unionRect([headline, ...members, ...inside]),
      title: headline.lines.map((l) => l.text).join(' '),
      paragraphs: buildParagraphs(texts, columnIndexer(columns)),
      photos,
    });
  }
  // Reading order: along a row of headlines left to right, then down the page.
  return articles
    .map((article, i) => ({ article, headline: kept[i] as Headline }))
    .sort((a, b) =>
      overlapY(a.headline, b.headline) > 0
        ? a.headline.x0 - b.headline.x0
        : a.headline.y0 - b.headline.y0,
    )
    .map(({ article }) => article);
}
