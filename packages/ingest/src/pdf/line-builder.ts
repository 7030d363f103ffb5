// Joins positioned glyphs, in content-stream order, into text lines.
import { repairKannada } from '../text/repair-kannada.ts';
import type { TextLine } from './page-content.ts';

export interface PlacedGlyph {
  text: string;
  /** Baseline origin, page points, top-left origin. */
  x: number;
  y: number;
  /** Advance in page points. */
  advance: number;
  size: number;
}

// Share of the font size used for a line's box above and below the baseline; the
// same convention the demo generator uses for the boxes it reports.
export const ASCENT = 0.75;
export const DESCENT = 0.25;

interface OpenLine {
  parts: string[];
  x0: number;
  x1: number;
  baseline: number;
  size: number;
}

export class LineBuilder {
  private readonly lines: TextLine[] = [];
  private open: OpenLine | undefined;

  add(glyph: PlacedGlyph): void {
    const line = this.open;
    const isSpace = glyph.text.trim() === '';
    if (line && this.continues(line, glyph)) {
      const gap = glyph.x - line.x1;
      // OCR text layers place words separately without space glyphs.
      if (!isSpace && gap > line.size * 0.2 && !line.parts.at(-1)?.endsWith(' '))
        line.parts.push(' ');
      line.parts.push(isSpace ? ' ' : glyph.text);
      line.x1 = Math.max(line.x1, glyph.x + glyph.advance);
      return;
    }
    this.flush();
    if (isSpace) return;
    this.open = {
      parts: [glyph.text],
      x0: glyph.x,
      x1: glyph.x + glyph.advance,
      baseline: glyph.y,
      size: glyph.size,
    };
  }

  finish(): TextLine[] {
    this.flush();
    return this.lines;
  }

  private continues(line: OpenLine, glyph: PlacedGlyph): boolean {
    const sameSize = Math.abs(glyph.size - line.size) <= line.size * 0.15;
    const sameBaseline = Math.abs(glyph.y - line.baseline) <= line.size * 0.3;
    const gap = glyph.x - line.x1;
    return sameSize && sameBaseline && gap >= -line.size * 0.5 && gap <= line.size * 1.1;
  }

  private flush(): void {
    const line = this.open;
    this.open = undefined;
    if (!line) return;
    const text = repairKannada(line.parts.join('')).replace(/\s+/gu, ' ').trim();
    if (!text) return;
    this.lines.push({
      text,
      size: line.size,
      x0: line.x0,
      x1: line.x1,
      y0: line.baseline - line.size * ASCENT,
      y1: line.baseline + line.size * DESCENT,
    });
  }
}
