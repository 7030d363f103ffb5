// The article reader's ranges (spec 2 §7): text size 12 to 24 px in steps of 2,
// 16 by default; image zoom 0.5 to 3 in steps of 0.25, 1 by default.

export interface Range {
  min: number;
  max: number;
  step: number;
  initial: number;
}

export const TEXT_SIZE: Range = { min: 12, max: 24, step: 2, initial: 16 };
export const IMAGE_ZOOM: Range = { min: 0.5, max: 3, step: 0.25, initial: 1 };

/** One step up (+1) or down (-1), held inside the range. */
export function stepped(value: number, direction: 1 | -1, range: Range): number {
  const next = value + direction * range.step;
  return Math.min(range.max, Math.max(range.min, next));
}
