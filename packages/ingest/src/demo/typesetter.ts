// Line-by-line typesetting on pdfkit: we break lines ourselves so every line's box is
// known exactly, which is what the generator reports as the truth for each article.
import type { Rect } from '../pdf/page-content.ts';
import { ASCENT, DESCENT } from '../pdf/line-builder.ts';

export interface FontSet {
  masthead: string;
  headline: string;
  body: string;
  caption: string;
  label: string;
  bodySize: number;
  /** Body line pitch in points. */
  leading: number;
}

export class Typesetter {
  private readonly widths = new Map<string, number>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  width(text: string, font: string, size: number): number {
    const key = `${font}\n${text}`;
    let unit = this.widths.get(key);
    if (unit === undefined) {
      unit = this.doc.font(font).fontSize(1000).widthOfString(text) / 1000;
      this.widths.set(key, unit);
    }
    return unit * size;
  }

  /** Greedy line breaking at spaces. */
  wrap(text: string, font: string, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/u).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.width(candidate, font, size) > width) {
        lines.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    if (current) lines.push(current);
    return lines;
  }

  /** Draws one line with its baseline at `baseline`; `justify` stretches it to that width. */
  line(
    text: string,
    font: string,
    size: number,
    x: number,
    baseline: number,
    justify?: number,
  ): Rect {
    const natural = this.width(text, font, size);
    const gaps = (text.match(/ /gu) ?? []).length;
    const wordSpacing = justify && gaps > 0 ? (justify - natural) / gaps : 0;
    this.doc
      .font(font)
      .fontSize(size)
      .text(text, x, baseline, { lineBreak: false, baseline: 'alphabetic', wordSpacing });
    const width = wordSpacing > 0 && justify ? justify : natural;
    return { x0: x, x1: x + width, y0: baseline - size * ASCENT, y1: baseline + size * DESCENT };
  }

  centred(
    text: string,
    font: string,
    size: number,
    x0: number,
    x1: number,
    baseline: number,
  ): Rect {
    const width = this.width(text, font, size);
    return this.line(text, font, size, (x0 + x1 - width) / 2, baseline);
  }

  rule(x0: number, x1: number, y: number, weight = 0.6): void {
    this.doc
      .save()
      .lineWidth(weight)
      .strokeColor('#222222')
      .moveTo(x0, y)
      .lineTo(x1, y)
      .stroke()
      .restore();
  }
}
