// Photos of an article and their captions. A photo is a picture painted into the
// article (a vector fill is a panel or a tint, not a photo); its caption is the run
// of lines under it, within its width, set smaller than the body. Captions are the
// photo's words, not the story's: the caller leaves them out of the body text.
import { buildParagraphs } from './article-text.ts';
import {
  type ImageSource,
  rectHeight,
  rectWidth,
  type Rect,
  type Shape,
  type TextLine,
} from '../pdf/page-content.ts';

export interface FoundPhoto {
  box: Rect;
  /** Empty when the photo has none. */
  caption: string;
  /** The picture's own pixels, when it has them (see Shape.source). */
  source?: ImageSource;
}

/** Smaller pictures (points) are logos, icons or bullets. */
const MIN_PHOTO_SIDE = 36;
/** A caption line is set clearly smaller than the body. */
const CAPTION_RATIO = 0.95;
/** Its first line starts within about two lines of the photo, the rest follow line after line. */
const FIRST_LINE_GAP = 2.4;
const NEXT_LINE_GAP = 0.9;
const MAX_CAPTION_LINES = 4;
/** How far (points) a caption may stick out past the photo's edges. */
const SLACK = 2;

const covers = (outer: Rect, inner: Rect) =>
  inner.x0 >= outer.x0 - SLACK &&
  inner.x1 <= outer.x1 + SLACK &&
  inner.y0 >= outer.y0 - SLACK &&
  inner.y1 <= outer.y1 + SLACK;

function captionUnder(photo: Rect, lines: readonly TextLine[], bodySize: number): TextLine[] {
  const below = lines
    .filter((l) => l.x0 >= photo.x0 - SLACK && l.x1 <= photo.x1 + SLACK && l.y0 >= photo.y1 - 1)
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const caption: TextLine[] = [];
  let bottom = photo.y1;
  for (const line of below) {
    const last = caption.at(-1);
    // A piece of the caption line before (same baseline) is part of it.
    const sameLine = last && Math.abs(line.y1 - last.y1) <= last.size * 0.3;
    const gap = line.y0 - bottom;
    if (!sameLine && gap > line.size * (last ? NEXT_LINE_GAP : FIRST_LINE_GAP)) break;
    if (line.size >= bodySize * CAPTION_RATIO) break;
    if (!sameLine && caption.length >= MAX_CAPTION_LINES) break;
    caption.push(line);
    bottom = Math.max(bottom, line.y1);
  }
  return caption;
}

/**
 * The photos among `pictures` (top to bottom) and each one's caption, taken from
 * `lines` (the article's own lines); `captionLines` are the lines used as captions.
 */
export function findPhotos(
  pictures: readonly Shape[],
  lines: readonly TextLine[],
  bodySize: number,
): { photos: FoundPhoto[]; captionLines: Set<TextLine> } {
  const boxes = pictures
    .filter((p) => p.kind === 'image' && rectWidth(p) >= MIN_PHOTO_SIDE)
    .filter((p) => rectHeight(p) >= MIN_PHOTO_SIDE)
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const photos: FoundPhoto[] = [];
  const captionLines = new Set<TextLine>();
  for (const shape of boxes) {
    // A picture inside a photo already found is part of it (an inset, a tile).
    if (photos.some((p) => covers(p.box, shape))) continue;
    const box = { x0: shape.x0, y0: shape.y0, x1: shape.x1, y1: shape.y1 };
    const caption = captionUnder(
      box,
      lines.filter((l) => !captionLines.has(l)),
      bodySize,
    );
    caption.forEach((l) => captionLines.add(l));
    photos.push({
      box,
      caption: buildParagraphs(caption, () => 0).join(' '),
      ...(shape.source ? { source: shape.source } : {}),
    });
  }
  return { photos, captionLines };
}
