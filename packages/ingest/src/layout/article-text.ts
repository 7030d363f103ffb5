// Turns an article's body lines into paragraphs in reading order: columns left to
// right, lines top to bottom; a paragraph ends at a larger gap or a short line.
import type { Rect, TextLine } from '../pdf/page-content.ts';

export function buildParagraphs(
  lines: readonly TextLine[],
  columnOf: (line: Rect) => number,
): string[] {
  const ordered = mergeBaselines(
    [...lines].sort((a, b) => columnOf(a) - columnOf(b) || a.y0 - b.y0 || a.x0 - b.x0),
    columnOf,
  );
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
      const previousShort = endsEarly(previous, line, widest.get(columnOf(previous)) ?? 0);
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

/**
 * A line ends a paragraph early when the next line's first word would have fitted
 * in the room left on it; a line that is merely short because a long word (common
 * in Kannada) wrapped to the next line does not.
 */
function endsEarly(previous: TextLine, next: TextLine, columnWidth: number): boolean {
  const room = columnWidth - (previous.x1 - previous.x0);
  const firstWord = next.text.split(' ')[0] ?? '';
  const firstWordWidth = ((next.x1 - next.x0) * firstWord.length) / Math.max(1, next.text.length);
  return room > firstWordWidth + previous.size * 0.5;
}

/**
 * A justified line in a narrow column can stretch its word gaps past what the line
 * builder joins, leaving one line as several pieces on one baseline. Read as
 * separate lines they look short and would each end a paragraph, so pieces in the
 * same column on the same baseline become one line again.
 */
function mergeBaselines(
  ordered: readonly TextLine[],
  columnOf: (line: Rect) => number,
): TextLine[] {
  const merged: TextLine[] = [];
  for (const line of ordered) {
    const last = merged.at(-1);
    const sameBaseline =
      last && Math.abs(line.y1 - last.y1) <= Math.min(line.size, last.size) * 0.3;
    if (last && sameBaseline && columnOf(last) === columnOf(line)) {
      merged[merged.length - 1] = {
        ...last,
        text: `${last.text} ${line.text}`,
        x0: Math.min(last.x0, line.x0),
        x1: Math.max(last.x1, line.x1),
      };
    } else {
      merged.push(line);
    }
  }
  return merged;
}

/** Joins a line to the running paragraph, undoing end-of-line hyphenation. */
function join(paragraph: string, line: string): string {
  if (!paragraph) return line;
  if (/\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line)) return paragraph.slice(0, -1) + line;
  return `${paragraph} ${line}`;
}
