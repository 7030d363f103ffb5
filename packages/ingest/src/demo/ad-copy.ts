// Sets a display ad's copy inside its panel: each line measured in the font it is
// printed in, wrapped at spaces, and the whole block shrunk until it fits both ways.
import type { Typesetter } from './typesetter.ts';

export interface AdItem {
  text: string;
  font: string;
  /** Largest size wanted, in points. */
  size: number;
}

export interface AdLine {
  text: string;
  font: string;
  size: number;
  baseline: number;
}

export interface Panel {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Line pitch and first baseline, in font sizes. */
const PITCH = 1.3;
const BASELINE = 0.95;
const SHRINK = 0.92;
const SMALLEST_SCALE = 0.2;

export function fitAdCopy(type: Typesetter, panel: Panel, items: readonly AdItem[]): AdLine[] {
  const width = panel.x1 - panel.x0;
  const height = panel.y1 - panel.y0;
  let scale = 1;
  let set: Array<Omit<AdLine, 'baseline'>> = [];
  for (; scale >= SMALLEST_SCALE; scale *= SHRINK) {
    set = items.flatMap((item) => {
      const size = item.size * scale;
      return type.wrap(item.text, item.font, size, width).map((text) => ({ ...item, text, size }));
    });
    const wide = set.some((line) => type.width(line.text, line.font, line.size) > width);
    const tall = set.reduce((sum, line) => sum + line.size * PITCH, 0);
    if (!wide && tall <= height) break;
  }
  const tall = set.reduce((sum, line) => sum + line.size * PITCH, 0);
  let y = panel.y0 + Math.max(0, (height - tall) / 2);
  return set.map((line) => {
    const placed = { ...line, baseline: y + line.size * BASELINE };
    y += line.size * PITCH;
    return placed;
  });
}
