// Finds the page's text columns from where body lines cover the page horizontally:
// gutters are the strips that (almost) no body line crosses.
import type { Rect, TextLine } from '../pdf/page-content.ts';

export interface Column {
  x0: number;
  x1: number;
}

const MIN_COLUMN_WIDTH = 24;

export function findColumns(bodyLines: readonly TextLine[], pageWidth: number): Column[] {
  const width = Math.ceil(pageWidth);
  const coverage = new Float64Array(width + 1);
  for (const line of bodyLines) {
    const from = Math.max(0, Math.floor(line.x0));
    const to = Math.min(width, Math.ceil(line.x1));
    for (let x = from; x < to; x += 1) coverage[x] = (coverage[x] ?? 0) + 1;
  }
  const peak = Math.max(...coverage);
  if (peak === 0) return [];
  // OCR layers have stray lines that bridge gutters, so a gutter is "rarely crossed".
  const threshold = Math.max(0.5, peak * 0.06);
  const columns: Column[] = [];
  let start = -1;
  for (let x = 0; x <= width; x += 1) {
    const covered = (coverage[x] ?? 0) > threshold && x < width;
    if (covered && start < 0) start = x;
    if (!covered && start >= 0) {
      if (x - start >= MIN_COLUMN_WIDTH) columns.push({ x0: start, x1: x });
      start = -1;
    }
  }
  return columns;
}

export function columnsUnder(columns: readonly Column[], rect: Rect): number[] {
  const found: number[] = [];
  columns.forEach((column, index) => {
    const overlap = Math.min(column.x1, rect.x1) - Math.max(column.x0, rect.x0);
    if (overlap > Math.min(column.x1 - column.x0, rect.x1 - rect.x0) * 0.3) found.push(index);
  });
  return found;
}

/** Orders lines by the column they fall in; lines outside every column sort by position. */
export function columnIndexer(columns: readonly Column[]): (line: Rect) => number {
  return (line) => {
    const index = columns.findIndex((c) => line.x0 < c.x1 && line.x1 > c.x0);
    return index < 0 ? line.x0 : index;
  };
}
