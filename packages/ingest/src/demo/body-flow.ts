// Fits an article's body into its module the way a sub-editor would: whole sentences
// only, down the module's columns, so no story stops mid-sentence at its box's edge.
// A story that runs on elsewhere keeps its last line for the jump line ("Continued on
// Page 7"); its continuation starts with the matching "Continued from Page 1" line.
import type { Random } from './seeded-random.ts';
import type { Typesetter } from './typesetter.ts';

export interface BodyBox {
  /** Left edge of each column the body runs down. */
  columns: readonly number[];
  columnWidth: number;
  top: number;
  bottom: number;
}

export interface BodyFonts {
  text: string;
  /** Italic or plain face for the jump lines. */
  jump: string;
  size: number;
  leading: number;
}

export interface BodyLine {
  text: string;
  font: string;
  x: number;
  baseline: number;
  /** Justify to this width (every line of a paragraph but its last). */
  justify?: number;
}

export interface BodyRequest {
  /** Sentence source; called until the box is full. */
  sentence: (random: Random) => string;
  /** A first line of its own ("Continued from Page 1"). */
  lead?: string;
  /** A last line of its own ("Continued on Page 7"). */
  jump?: string;
}

interface Paragraph {
  lines: string[];
  font: string;
  justify: boolean;
}

/** First baseline below a column's top, in font sizes; room under the last baseline. */
const ASCENT_PITCH = 0.8;
const DESCENT_ROOM = 0.25;
/** Extra space between paragraphs, in leadings. */
const PARAGRAPH_GAP = 0.4;
/** Sentences that may fail to fit in a row before the box counts as full. */
const MISSES = 4;

/** Places paragraphs down the columns; undefined when they do not all fit. */
export function placeParagraphs(
  box: BodyBox,
  fonts: BodyFonts,
  paragraphs: readonly Paragraph[],
): BodyLine[] | undefined {
  const first = box.top + fonts.size * ASCENT_PITCH;
  const out: BodyLine[] = [];
  let column = 0;
  let baseline = first;
  for (const paragraph of paragraphs) {
    for (let i = 0; i < paragraph.lines.length; i += 1) {
      if (baseline + fonts.size * DESCENT_ROOM > box.bottom) {
        column += 1;
        baseline = first;
        if (baseline + fonts.size * DESCENT_ROOM > box.bottom) return undefined;
      }
      const x = box.columns[column];
      if (x === undefined) return undefined;
      const last = i === paragraph.lines.length - 1;
      out.push({
        text: paragraph.lines[i] as string,
        font: paragraph.font,
        x,
        baseline,
        justify: paragraph.justify && !last ? box.columnWidth : undefined,
      });
      baseline += fonts.leading;
    }
    baseline += fonts.leading * PARAGRAPH_GAP;
  }
  return out;
}

/**
 * Adds sentences (two to four to a paragraph) while they fit, trying a few shorter
 * ones before giving up, and returns the lines to draw. Greedy line breaking keeps
 * every line but a paragraph's last when a sentence is added, so only that line is
 * wrapped again.
 */
export function fitBody(
  type: Typesetter,
  random: Random,
  box: BodyBox,
  fonts: BodyFonts,
  request: BodyRequest,
): BodyLine[] {
  const single = (text: string): Paragraph => ({
    lines: type.wrap(text, fonts.jump, fonts.size, box.columnWidth),
    font: fonts.jump,
    justify: false,
  });
  const head = request.lead ? [single(request.lead)] : [];
  const tail = request.jump ? [single(request.jump)] : [];
  let paragraphs: Paragraph[] = [];
  let left = 0;
  let best = placeParagraphs(box, fonts, [...head, ...tail]) ?? [];
  // A story says each thing once: a sentence drawn again counts as half a miss.
  const said = new Set<string>();
  for (let misses = 0; misses < MISSES;) {
    const sentence = request.sentence(random);
    if (said.has(sentence)) {
      misses += 0.5;
      continue;
    }
    const open = paragraphs.at(-1);
    let trial: Paragraph[];
    if (open && left > 0) {
      const kept = open.lines.slice(0, -1);
      const rewrapped = type.wrap(
        `${open.lines.at(-1) ?? ''} ${sentence}`,
        fonts.text,
        fonts.size,
        box.columnWidth,
      );
      trial = [...paragraphs.slice(0, -1), { ...open, lines: [...kept, ...rewrapped] }];
    } else {
      const lines = type.wrap(sentence, fonts.text, fonts.size, box.columnWidth);
      trial = [...paragraphs, { lines, font: fonts.text, justify: true }];
    }
    const placed = placeParagraphs(box, fonts, [...head, ...trial, ...tail]);
    if (!placed) {
      misses += 1;
      continue;
    }
    misses = 0;
    said.add(sentence);
    left = open && left > 0 ? left - 1 : random.int(2, 4) - 1;
    paragraphs = trial;
    best = placed;
  }
  return best;
}
