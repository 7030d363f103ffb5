// Turns an article's body lines into paragraphs in reading order: columns left to
// right, lines top to bottom; a paragraph ends at a larger gap or a short line.
import type { Rect, TextLine } from '../pdf/page-content.ts';

export function buildParagraphs(lines: readonly TextLine[], columnOf: (line: Rect) => number): string[] {
  const ordered = [...lines].sort((a, b) => columnOf(a) - columnOf(b) || a.y0 - b.y0 || a.x0 - b.x0);
  const widest = new Map<number, number>();
  for (const line of ordered) {
    const key = columnOf(line);
    widest.set(key, Math.max(widest.get(key) ?? 0, line.x1 - line.x0));
  }
  const paragraphs: string[] = [];
  let current = '';
  let previous: TextLine | undefined;
  for (const line of ordered) {
    if (previous && current) {
      const sameColumn = columnOf(previous) === columnOf(line);
      const gap = line.y0 - previous.y1;
      const previousShort = previous.x1 - previous.x0 < (widest.get(columnOf(previous)) ?? 0) * 0.75;
      const breaks = sameColumn ? gap > previous.size * 0.45 || previousShort : previousShort;
      if (breaks) {
        paragraphs.push(current);
        current = '';
      }
    }
    current = join(current, line.text);
    previous = line;
  }
  if (current) paragraphs.push(current);
  return paragraphs;
}

/** Joins a line to the running paragraph, undoing end-of-line hyphenation. */
function join(paragraph: string, line: string): string {
  if (!paragraph) return line;
  if (/\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line)) return paragraph.slice(0, -1) + line;
  return `${paragraph} ${line}`;
}
