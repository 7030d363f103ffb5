// Draws one demo page: masthead or page header, article modules, display ads, rules.
import type { Rect } from '../pdf/page-content.ts';
import { unionRect } from '../pdf/page-content.ts';
import type { DemoCopy } from './demo-copy.ts';
import {
  columnX,
  GUTTER,
  MARGIN,
  moduleWidth,
  PAGE_WIDTH,
  ROW_GAP,
  type Grid,
  type Module,
} from './page-plan.ts';
import type { Random } from './seeded-random.ts';
import type { FontSet, Typesetter } from './typesetter.ts';

export interface DrawnArticle {
  title: string;
  box: Rect;
}

export interface PageContext {
  doc: PDFKit.PDFDocument;
  type: Typesetter;
  fonts: FontSet;
  copy: DemoCopy;
  random: Random;
  grid: Grid;
  /** Headlines already on the page: a real page never repeats one. */
  titles: Set<string>;
}

const HEADLINE_SIZE = { lead: 30, 3: 24, 2: 19, 1: 14 } as const;
/** First body baseline below the top of the body area, in font sizes. */

/** Masthead on the front page; returns where content starts. */
export function drawMasthead(ctx: PageContext, dateline: string): number {
  const { type, fonts, copy } = ctx;
  type.centred(copy.masthead, fonts.masthead, 56, MARGIN, PAGE_WIDTH - MARGIN, 92);
  type.rule(MARGIN, PAGE_WIDTH - MARGIN, 106);
  type.centred(dateline, fonts.label, 8, MARGIN, PAGE_WIDTH - MARGIN, 119);
  type.rule(MARGIN, PAGE_WIDTH - MARGIN, 126, 2);
  return 138;
}

/** Running header on inside pages; returns where content starts. */
export function drawHeader(ctx: PageContext, section: string, pageLabel: string): number {
  const { type, fonts, copy } = ctx;
  type.line(copy.masthead, fonts.masthead, 10, MARGIN, 50);
  type.centred(section, fonts.headline, 12, MARGIN, PAGE_WIDTH - MARGIN, 50);
  const width = type.width(pageLabel, fonts.label, 8);
  type.line(pageLabel, fonts.label, 8, PAGE_WIDTH - MARGIN - width, 50);
  type.rule(MARGIN, PAGE_WIDTH - MARGIN, 58, 1.5);
  return 70;
}

function headline(
  ctx: PageContext,
  module: Module,
  x: number,
  width: number,
): { boxes: Rect[]; title: string; y: number } {
  const { type, fonts, copy, random } = ctx;
  const size = module.lead
    ? HEADLINE_SIZE.lead
    : HEADLINE_SIZE[Math.min(3, module.span) as 1 | 2 | 3];
  const draw = (module.lead && copy.leadHeadline) || copy.headline;
  // A headline is never repeated on a page and never cut: draw another until one fits.
  let text = draw(random);
  let lines = type.wrap(text, fonts.headline, size, width);
  for (let tries = 0; (ctx.titles.has(text) || lines.length > 3) && tries < 30; tries += 1) {
    text = draw(random);
    lines = type.wrap(text, fonts.headline, size, width);
  }
  ctx.titles.add(text);
  lines = lines.slice(0, 3);
  const boxes: Rect[] = [];
  let baseline = module.top + size * 0.8;
  for (const text of lines) {
    boxes.push(type.line(text, fonts.headline, size, x, baseline));
    baseline += size * 1.12;
  }
  return { boxes, title: lines.join(' '), y: baseline - size * 1.12 + size * 0.25 + 6 };
}

function photo(
  ctx: PageContext,
  x: number,
  width: number,
  y: number,
  height: number,
): { boxes: Rect[]; y: number } {
  const { doc, type, fonts, copy, random } = ctx;
  const shade = random.pick(['#8f969c', '#a3a9ae', '#7d858c', '#b2b6b9']);
  doc.save().rect(x, y, width, height).fill(shade).restore();
  const boxes: Rect[] = [{ x0: x, y0: y, x1: x + width, y1: y + height }];
  let baseline = y + height + 9;
  for (const text of type.wrap(copy.caption(random), fonts.caption, 7, width).slice(0, 2)) {
    boxes.push(type.line(text, fonts.caption, 7, x, baseline));
    baseline += 8.5;
  }
  return { boxes, y: baseline - 8.5 + 7 };
}

/** Flows paragraphs down the module's columns until it is full. */
function body(ctx: PageContext, module: Module, top: number): Rect[] {
  const { type, fonts, copy, random, grid } = ctx;
  const { bodySize: size, leading } = fonts;
  const boxes: Rect[] = [];
  let column = 0;
  let baseline = top + size * ASCENT_PITCH;
  while (column < module.span) {
    const paragraph = Array.from({ length: random.int(2, 4) }, () => copy.sentence(random)).join(
      ' ',
    );
    const lines = type.wrap(paragraph, fonts.body, size, grid.columnWidth);
    for (let i = 0; i < lines.length && column < module.span; i += 1) {
      if (baseline + size * 0.25 > module.bottom) {
        column += 1;
        baseline = top + size * ASCENT_PITCH;
        if (column >= module.span) break;
      }
      const x = columnX(grid, module.column + column);
      const last = i === lines.length - 1;
      boxes.push(
        type.line(
          lines[i] as string,
          fonts.body,
          size,
          x,
          baseline,
          last ? undefined : grid.columnWidth,
        ),
      );
      baseline += leading;
    }
    baseline += leading * 0.4;
  }
  return boxes;
}

const ASCENT_PITCH = 0.8;

export function drawArticle(ctx: PageContext, module: Module): DrawnArticle {
  const x = columnX(ctx.grid, module.column);
  const width = moduleWidth(ctx.grid, module.span);
  const head = headline(ctx, module, x, width);
  const boxes = [...head.boxes];
  let y = head.y;
  const room = module.bottom - y;
  if ((module.lead || (module.span >= 2 && ctx.random.chance(0.6))) && room > 220) {
    const pic = photo(ctx, x, width, y, Math.round(room * (module.lead ? 0.45 : 0.35)));
    boxes.push(...pic.boxes);
    y = pic.y + 6;
  }
  boxes.push(...body(ctx, module, y));
  return { title: head.title, box: unionRect(boxes) };
}

export function drawAd(ctx: PageContext, module: Module): Rect {
  const { doc, type, fonts, copy, random, grid } = ctx;
  const x = columnX(grid, module.column);
  const width = moduleWidth(grid, module.span);
  const box = { x0: x, y0: module.top, x1: x + width, y1: module.bottom };
  const tint = random.pick(['#f6e7c1', '#dcefe3', '#f3d9d9', '#dbe6f5']);
  doc
    .save()
    .rect(x + 6, module.top + 16, width - 12, module.bottom - module.top - 22)
    .fill(tint)
    .restore();
  doc
    .save()
    .lineWidth(1.2)
    .strokeColor('#111111')
    .rect(x, module.top, width, module.bottom - module.top)
    .stroke()
    .restore();
  type.centred(copy.adLabel, fonts.label, 6.5, x, x + width, module.top + 11);
  const [name, ...rest] = copy.adLines(random);
  const middle = (module.top + module.bottom) / 2;
  const nameSize = Math.min(26, width / 9);
  type.centred(name ?? '', fonts.masthead, nameSize, x + 10, x + width - 10, middle - 8);
  rest.forEach((text, i) =>
    type.centred(text, fonts.headline, 12, x + 10, x + width - 10, middle + 14 + i * 16),
  );
  return box;
}

/** Rules between rows and between side-by-side modules, as a real page has. */
export function drawRules(ctx: PageContext, rows: Module[][]): void {
  rows.forEach((modules, index) => {
    const bottom = Math.max(...modules.map((m) => m.bottom));
    if (index < rows.length - 1) ctx.type.rule(MARGIN, PAGE_WIDTH - MARGIN, bottom + ROW_GAP / 2);
    for (const m of modules.filter((m) => m.column > 0 && m.kind === 'article')) {
      const x = columnX(ctx.grid, m.column) - GUTTER / 2;
      ctx.doc
        .save()
        .lineWidth(0.4)
        .strokeColor('#555555')
        .moveTo(x, m.top)
        .lineTo(x, m.bottom)
        .stroke()
        .restore();
    }
  });
}
