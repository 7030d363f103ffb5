// Reads text with positions, drawn shapes and painted images (with their boxes on
// the page) from a page's operator list.
//
// Why not page.getTextContent(): in pdfjs 5.x it classifies any glyph whose text
// *contains* a combining mark as a zero-width diacritic (pdf.js issue #21890). Nearly
// every Kannada glyph does (ಕಿ, ್ರ …), so lines merge into their neighbours and item
// widths collapse. The operator list has each glyph's text and advance, and the
// render has already built it, so walking it is both correct and cheap.
import { OPS, type PDFPageProxy, type PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { KANNADA_REPHA_MARK } from '../text/repair-kannada.ts';
import { LineBuilder } from './line-builder.ts';
import type { ImageSource, PageContent, Shape } from './page-content.ts';

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** An image is painted into the unit square of the matrix in force. */
const UNIT_SQUARE: Array<[number, number]> = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
];

function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

interface GraphicsState {
  ctm: Matrix;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  leading: number;
  fontName: string;
  fontSize: number;
  fontMatrixX: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
}

interface PdfGlyph {
  unicode: string;
  width: number;
  isSpace: boolean;
}

const isGlyph = (value: unknown): value is PdfGlyph =>
  typeof value === 'object' && value !== null && 'unicode' in value && 'width' in value;

const toMatrix = (value: unknown): Matrix => {
  const m = Array.from(value as ArrayLike<number>);
  return m.length === 6 ? (m as Matrix) : [...IDENTITY];
};

// A repha (arkavattu) is a narrow mark; the visible word-final ರ್ is a full letter
// with a halant, wider than 0.75 em in every Kannada font we have measured.
const REPHA_MAX_ADVANCE_EM = 0.75;

/**
 * Where an image painted through `device` (unit square to top-left page points) has
 * its pixels, when it is painted upright. An image's first row is the unit square's
 * top edge (y = 1), so it is upright on the page when y = 1 lands above y = 0.
 */
function imageSource(objId: string, device: Matrix): ImageSource | undefined {
  const [a, b, c, d] = device;
  if (b !== 0 || c !== 0 || a === 0 || d === 0) return undefined;
  return { objId, flipX: a < 0, flipY: d > 0 };
}

/** Walks the page's operator list into text lines and shapes (see module comment). */
export async function readPageContent(
  page: PDFPageProxy,
  viewport: PageViewport,
): Promise<PageContent> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const base = viewport.transform as Matrix;
  const lines = new LineBuilder();
  const shapes: Shape[] = [];
  const stack: GraphicsState[] = [];
  let s: GraphicsState = {
    ctm: [...IDENTITY],
    textMatrix: [...IDENTITY],
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
    leading: 0,
    fontName: '',
    fontSize: 0,
    fontMatrixX: 0.001,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    rise: 0,
  };
  const moveText = (dx: number, dy: number) => {
    s.x = s.lineX += dx;
    s.y = s.lineY += dy;
  };
  const addBox = (
    kind: Shape['kind'],
    corners: Array<[number, number]>,
    local = IDENTITY,
    objId?: unknown,
  ) => {
    const device = multiply(base, multiply(s.ctm, local));
    const points = corners.map(([x, y]) => apply(device, x, y));
    const source = typeof objId === 'string' ? imageSource(objId, device) : undefined;
    shapes.push({
      kind,
      x0: Math.min(...points.map((p) => p[0])),
      y0: Math.min(...points.map((p) => p[1])),
      x1: Math.max(...points.map((p) => p[0])),
      y1: Math.max(...points.map((p) => p[1])),
      ...(source ? { source } : {}),
    });
  };
  const showText = (items: unknown[]) => {
    if (s.fontSize === 0) return;
    const direction = s.fontSize < 0 ? -1 : 1;
    const size = Math.abs(s.fontSize);
    const m = multiply(base, multiply(s.ctm, s.textMatrix));
    const scaleX = Math.hypot(m[0], m[1]);
    const pageSize = size * Math.hypot(m[2], m[3]);
    // Rotated or vertical text is rare on news pages and would confuse column layout.
    if (Math.abs(m[1]) > Math.abs(m[0]) || pageSize < 1) {
      moveText(0, 0);
      return;
    }
    let x = 0;
    for (const item of items) {
      if (typeof item === 'number') {
        x -= (item * size) / 1000;
        continue;
      }
      if (!isGlyph(item)) continue;
      const advanceEm = item.width * s.fontMatrixX;
      const spacing = (item.isSpace ? s.wordSpacing : 0) + s.charSpacing;
      const [gx, gy] = apply(m, s.x + x * s.hScale * direction, s.y + s.rise);
      const text =
        item.unicode === '\u0CB0\u0CCD' && advanceEm < REPHA_MAX_ADVANCE_EM
          ? KANNADA_REPHA_MARK
          : item.unicode;
      lines.add({
        text,
        x: gx,
        y: gy,
        advance: advanceEm * size * s.hScale * scaleX,
        size: pageSize,
      });
      x += advanceEm * size + spacing * direction;
    }
    s.x += x * s.hScale * direction;
  };

  for (let i = 0; i < fnArray.length; i += 1) {
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fnArray[i]) {
      case OPS.save:
        stack.push({ ...s, ctm: [...s.ctm], textMatrix: [...s.textMatrix] });
        break;
      case OPS.restore:
        s = stack.pop() ?? s;
        break;
      case OPS.transform:
        s.ctm = multiply(s.ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...s, ctm: [...s.ctm], textMatrix: [...s.textMatrix] });
        if (args[0]) s.ctm = multiply(s.ctm, toMatrix(args[0]));
        break;
      case OPS.paintFormXObjectEnd:
        s = stack.pop() ?? s;
        break;
      case OPS.beginText:
        s.textMatrix = [...IDENTITY];
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case OPS.setTextMatrix:
        s.textMatrix = toMatrix(args[0]);
        s.x = s.y = s.lineX = s.lineY = 0;
        break;
      case OPS.moveText:
        moveText(Number(args[0]), Number(args[1]));
        break;
      case OPS.setLeadingMoveText:
        s.leading = Number(args[1]);
        moveText(Number(args[0]), Number(args[1]));
        break;
      case OPS.setLeading:
        s.leading = -Number(args[0]);
        break;
      case OPS.nextLine:
        moveText(0, s.leading);
        break;
      case OPS.setFont: {
        s.fontName = String(args[0]);
        s.fontSize = Number(args[1]);
        const font: unknown = page.commonObjs.has(s.fontName)
          ? page.commonObjs.get(s.fontName)
          : undefined;
        const fontMatrix = (font as { fontMatrix?: number[] } | undefined)?.fontMatrix;
        s.fontMatrixX = fontMatrix?.[0] || 0.001;
        break;
      }
      case OPS.setCharSpacing:
        s.charSpacing = Number(args[0]);
        break;
      case OPS.setWordSpacing:
        s.wordSpacing = Number(args[0]);
        break;
      case OPS.setHScale:
        s.hScale = Number(args[0]) / 100;
        break;
      case OPS.setTextRise:
        s.rise = Number(args[0]);
        break;
      case OPS.showText:
        showText(args[0] as unknown[]);
        break;
      case OPS.constructPath: {
        const paint = Number(args[0]);
        const minMax = args[2] as ArrayLike<number> | undefined;
        if (paint === OPS.endPath || !minMax || minMax.length < 4) break;
        const [x0, y0, x1, y1] = Array.from(minMax) as [number, number, number, number];
        const kind = paint === OPS.stroke || paint === OPS.closeStroke ? 'stroke' : 'fill';
        addBox(kind, [
          [x0, y0],
          [x1, y0],
          [x0, y1],
          [x1, y1],
        ]);
        break;
      }
      case OPS.paintImageXObject:
        addBox('image', UNIT_SQUARE, IDENTITY, args[0]);
        break;
      case OPS.paintInlineImageXObject:
        addBox('image', UNIT_SQUARE);
        break;
      case OPS.paintImageMaskXObject:
        addBox('mask', UNIT_SQUARE);
        break;
      // pdfjs folds runs of small images into one operator, each with its own matrix.
      case OPS.paintImageXObjectRepeat: {
        const [, scaleX, scaleY, positions] = args as [unknown, number, number, ArrayLike<number>];
        for (let p = 0; p + 1 < positions.length; p += 2)
          addBox('image', UNIT_SQUARE, [
            scaleX,
            0,
            0,
            scaleY,
            positions[p] ?? 0,
            positions[p + 1] ?? 0,
          ]);
        break;
      }
      case OPS.paintInlineImageXObjectGroup:
        for (const entry of (args[1] ?? []) as Array<{ transform: unknown }>)
          addBox('image', UNIT_SQUARE, toMatrix(entry.transform));
        break;
      case OPS.paintImageMaskXObjectGroup:
        for (const entry of (args[0] ?? []) as Array<{ transform: unknown }>)
          addBox('mask', UNIT_SQUARE, toMatrix(entry.transform));
        break;
      default:
        break;
    }
  }
  return { width: viewport.width, height: viewport.height, lines: lines.finish(), shapes };
}
