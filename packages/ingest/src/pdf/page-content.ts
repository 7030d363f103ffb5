// What layout detection sees of a page: text lines and drawn shapes, in PDF points
// with the origin at the page's top-left corner (the viewport's orientation).

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextLine extends Rect {
  /** Repaired, logical-order text. */
  text: string;
  /** Font size in points. */
  size: number;
}

export interface Shape extends Rect {
  /** fill: filled path; stroke: outlined path or rule; image: a painted picture; mask: a stencil (one colour through a 1-bit image). */
  kind: 'fill' | 'stroke' | 'image' | 'mask';
  /** For a picture painted upright (no rotation or skew): where its own pixels are. */
  source?: ImageSource;
}

/**
 * A picture's own pixels, as the PDF carries them: pdfjs's decoded image object, and
 * whether it is painted mirrored. A photo is cut from these rather than from the
 * rendered page, at the resolution it was printed at, not the page render's.
 */
export interface ImageSource {
  /** pdfjs's id of the decoded image, in the page's objects (or the document's, for `g_` ids). */
  objId: string;
  flipX: boolean;
  flipY: boolean;
}

export interface PageContent {
  width: number;
  height: number;
  lines: TextLine[];
  shapes: Shape[];
}

export const rectWidth = (r: Rect): number => r.x1 - r.x0;
export const rectHeight = (r: Rect): number => r.y1 - r.y0;

export function unionRect(rects: readonly Rect[]): Rect {
  return {
    x0: Math.min(...rects.map((r) => r.x0)),
    y0: Math.min(...rects.map((r) => r.y0)),
    x1: Math.max(...rects.map((r) => r.x1)),
    y1: Math.max(...rects.map((r) => r.y1)),
  };
}

export function overlapX(a: Pick<Rect, 'x0' | 'x1'>, b: Pick<Rect, 'x0' | 'x1'>): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
}

export function overlapY(a: Rect, b: Rect): number {
  return Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
}

export function containsCentre(outer: Rect, inner: Rect): boolean {
  const cx = (inner.x0 + inner.x1) / 2;
  const cy = (inner.y0 + inner.y1) / 2;
  return cx >= outer.x0 && cx <= outer.x1 && cy >= outer.y0 && cy <= outer.y1;
}
