// Articles whose boxes the publisher's manifest gives: the box is trusted, the text
// inside it is read from the page (title = its largest lines unless the manifest names it),
// and so are its photos and their captions.
import type { HotspotBox } from '@folio/core';
import { buildParagraphs } from './article-text.ts';
import { columnIndexer, findColumns } from './columns.ts';
import { bodySize, type FoundArticle } from './detect-articles.ts';
import { findPhotos } from './photos.ts';
import { containsCentre, type PageContent, type Rect } from '../pdf/page-content.ts';

export const percentToRect = (box: HotspotBox, content: PageContent): Rect => ({
  x0: (box.left / 100) * content.width,
  y0: (box.top / 100) * content.height,
  x1: ((box.left + box.width) / 100) * content.width,
  y1: ((box.top + box.height) / 100) * content.height,
});

export function manifestArticles(
  content: PageContent,
  boxes: ReadonlyArray<HotspotBox & { title?: string }>,
): FoundArticle[] {
  const size = bodySize(content.lines);
  return boxes.map((entry) => {
    const box = percentToRect(entry, content);
    const inside = content.lines
      .filter((line) => containsCentre(box, line))
      .sort((a, b) => a.y0 - b.y0);
    const largest = Math.max(0, ...inside.map((l) => l.size));
    const titleLines =
      largest >= size * 1.2 ? inside.filter((l) => l.size >= largest * 0.85) : inside.slice(0, 1);
    const pictures = content.shapes.filter((shape) => containsCentre(box, shape));
    const { photos, captionLines } = findPhotos(pictures, inside, size);
    const body = inside.filter((l) => !titleLines.includes(l) && !captionLines.has(l));
    return {
      box,
      title: entry.title ?? titleLines.map((l) => l.text).join(' '),
      paragraphs: buildParagraphs(body, columnIndexer(findColumns(body, content.width))),
      photos,
    };
  });
}
