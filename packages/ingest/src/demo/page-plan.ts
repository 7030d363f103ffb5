// Where things go on a demo page: a modular grid like a real daily's. Rows of article
// modules spanning one to three columns, a lead story on the front page, and display
// ads in the bottom row.
import type { Random } from './seeded-random.ts';

/** 11 x 17 in, the common tabloid format, in points. */
export const PAGE_WIDTH = 792;
export const PAGE_HEIGHT = 1224;
export const MARGIN = 36;
export const GUTTER = 12;

export interface Grid {
  columns: number;
  columnWidth: number;
}

export interface Module {
  kind: 'article' | 'ad';
  column: number;
  span: number;
  top: number;
  bottom: number;
  lead: boolean;
}

export const gridFor = (columns: number): Grid => ({
  columns,
  columnWidth: (PAGE_WIDTH - 2 * MARGIN - (columns - 1) * GUTTER) / columns,
});

export const columnX = (grid: Grid, column: number): number =>
  MARGIN + column * (grid.columnWidth + GUTTER);

export const moduleWidth = (grid: Grid, span: number): number =>
  span * grid.columnWidth + (span - 1) * GUTTER;

/** Gap between stacked rows; a rule runs through its middle. */
export const ROW_GAP = 14;

function spans(random: Random, columns: number, first?: number): number[] {
  const out: number[] = first ? [first] : [];
  let left = columns - (first ?? 0);
  while (left > 0) {
    const span = random.int(1, Math.min(3, left));
    out.push(span);
    left -= span;
  }
  return out;
}

export function planPage(random: Random, grid: Grid, top: number, front: boolean): Module[][] {
  const bottom = PAGE_HEIGHT - MARGIN;
  const rows = front ? 3 : random.int(3, 4);
  const weights = Array.from({ length: rows }, (_, i) =>
    front && i === 0 ? 1.6 : 0.8 + random.next() * 0.5,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const withAds = front ? random.chance(0.6) : random.chance(0.85);
  const plan: Module[][] = [];
  let y = top;
  weights.forEach((weight, row) => {
    const height = ((bottom - top + ROW_GAP) * weight) / total;
    const rowBottom = row === rows - 1 ? bottom : y + height - ROW_GAP;
    const lastRow = row === rows - 1;
    const adSpan = lastRow && withAds ? random.int(2, Math.min(4, grid.columns)) : 0;
    const articleSpans = spans(random, grid.columns - adSpan, front && row === 0 ? 3 : undefined);
    const modules: Module[] = [];
    let column = 0;
    for (const span of articleSpans) {
      modules.push({
        kind: 'article',
        column,
        span,
        top: y,
        bottom: rowBottom,
        lead: front && row === 0 && column === 0,
      });
      column += span;
    }
    if (adSpan > 0) {
      // A short ad sits under a small article; a tall one takes the whole row height.
      const adTop = random.chance(0.5) ? y : y + (rowBottom - y) * 0.45;
      if (adTop > y)
        modules.push({
          kind: 'article',
          column,
          span: adSpan,
          top: y,
          bottom: adTop - ROW_GAP,
          lead: false,
        });
      modules.push({
        kind: 'ad',
        column,
        span: adSpan,
        top: adTop,
        bottom: rowBottom,
        lead: false,
      });
    }
    plan.push(modules);
    y = rowBottom + ROW_GAP;
  });
  return plan;
}
