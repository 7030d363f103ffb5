// Draws one demo page: masthead or page header, article modules (some with a photo
// and its caption), display ads, rules.
import type { Rect } from '../pdf/page-content.ts';
import { unionRect } from '../pdf/page-content.ts';
import { fitAdCopy } from './ad-copy.ts';
import { fitBody } from './body-flow.ts';
import { demoPhoto } from './demo-photo.ts';
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
  /** The caption under the article's photo, when it has one. */
  caption?: string;
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

/** A headline at `size`, shrunk (not below 12 pt) until it takes three lines at most. */
function fitTitle(ctx: PageContext, text: string, size: number, width: number) {
  let fitted = size;
  let lines = ctx.type.wrap(text, ctx.fonts.headline, fitted, width);
  while (lines.length > 3 && fitted > 12) {
    fitted -= 1;
    lines = ctx.type.wrap(text, ctx.fonts.headline, fitted, width);
  }
  return { size: fitted, lines };
}

function headline(
  ctx: PageContext,
  module: Module,
  x: number,
  width: number,
  given?: string,
): { boxes: Rect[]; title: string; y: number } {
  const { type, fonts, copy, random } = ctx;
  const size = module.lead
    ? HEADLINE_SIZE.lead
    : HEADLINE_SIZE[Math.min(3, module.span) as 1 | 2 | 3];
  const draw = (module.lead && copy.leadHeadline) || copy.headline;
  // A headline is never repeated on a page and never cut: draw another until one fits.
  let text = given ?? draw(random);
  let fit = fitTitle(ctx, text, size, width);
  for (let tries = 0; !given && (ctx.titles.has(text) || fit.size < size) && tries < 30;) {
    tries += 1;
    text = draw(random);
    fit = fitTitle(ctx, text, size, width);
  }
  ctx.titles.add(text);
  const boxes: Rect[] = [];
  let baseline = module.top + fit.size * 0.8;
  for (const line of fit.lines) {
    boxes.push(type.line(line, fonts.headline, fit.size, x, baseline));
    baseline += fit.size * 1.12;
  }
  return {
    boxes,
    title: fit.lines.join(' '),
    y: baseline - fit.size * 1.12 + fit.size * 0.25 + 6,
  };
}

function photo(
  ctx: PageContext,
  x: number,
  width: number,
  y: number,
  height: number,
): { boxes: Rect[]; y: number; caption: string } {
  const { doc, type, fonts, copy, random } = ctx;
  // One draw, as the grey box this replaced took, so every page's layout stays as it was.
  const picture = demoPhoto(random.next(), width / height);
  doc.image(picture, x, y, { width, height });
  const boxes: Rect[] = [{ x0: x, y0: y, x1: x + width, y1: y + height }];
  let baseline = y + height + 9;
  const lines = type.wrap(copy.caption(random), fonts.caption, 7, width).slice(0, 2);
  for (const text of lines) {
    boxes.push(type.line(text, fonts.caption, 7, x, baseline));
    baseline += 8.5;
  }
  return { boxes, y: baseline - 8.5 + 7, caption: lines.join(' ') };
}

/** Where an article runs on or comes from: the other half of a jump. */
export interface ArticleJump {
  /** The story continues on this page: its first part ends with a jump line. */
  to?: number;
  /** The story began on this page under `title`: this is its continuation. */
  from?: { page: number; title: string };
}

/** The body, whole sentences only, down the module's columns. */
function body(ctx: PageContext, module: Module, top: number, jump: ArticleJump): Rect[] {
  const { type, fonts, copy, random, grid } = ctx;
  const columns = Array.from({ length: module.span }, (_, i) => columnX(grid, module.column + i));
  const lines = fitBody(
    type,
    random,
    { columns, columnWidth: grid.columnWidth, top, bottom: module.bottom },
    { text: fonts.body, jump: fonts.caption, size: fonts.bodySize, leading: fonts.leading },
    {
      sentence: copy.sentence,
      lead: jump.from && copy.jumpFrom(jump.from.page),
      jump: jump.to === undefined ? undefined : copy.jumpTo(jump.to),
    },
  );
  return lines.map((line) =>
    type.line(line.text, line.font, fonts.bodySize, line.x, line.baseline, line.justify),
  );
}

export function drawArticle(
  ctx: PageContext,
  module: Module,
  jump: ArticleJump = {},
): DrawnArticle {
  const x = columnX(ctx.grid, module.column);
  const width = moduleWidth(ctx.grid, module.span);
  const head = headline(ctx, module, x, width, jump.from?.title);
  const boxes = [...head.boxes];
  let y = head.y;
  const room = module.bottom - y;
  const pictured = module.lead || (module.span >= 2 && ctx.random.chance(0.6));
  let caption: string | undefined;
  if (!jump.from && pictured && room > 220) {
    const pic = photo(ctx, x, width, y, Math.round(room * (module.lead ? 0.45 : 0.35)));
    boxes.push(...pic.boxes);
    y = pic.y + 6;
    caption = pic.caption;
  }
  boxes.push(...body(ctx, module, y, jump));
  return {
    title: head.title,
    box: unionRect(boxes),
    ...(caption === undefined ? {} : { caption }),
  };
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
  // The copy is set inside the tinted panel with a margin, shrunk until it fits.
  const [name = '', ...rest] = copy.adLines(random);
  const panel = { x0: x + 12, x1: x + width - 12, y0: module.top + 22, y1: module.bottom - 12 };
  const lines = fitAdCopy(type, panel, [
    { text: name, font: fonts.masthead, size: Math.min(26, width / 9) },
    ...rest.map((text) => ({ text, font: fonts.headline, size: 12 })),
  ]);
  for (const line of lines)
    type.centred(line.text, line.font, line.size, panel.x0, panel.x1, line.baseline);
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
