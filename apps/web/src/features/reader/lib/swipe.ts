// Spec 1 §4: a swipe counts only when the finger moved more than 50 px sideways
// and more sideways than up or down, so vertical scrolling never turns a page.
import { SWIPE_THRESHOLD_PX } from './reader-constants.ts';

export interface Point {
  x: number;
  y: number;
}

export type SwipeDirection = 'next' | 'previous';

export function swipeDirection(start: Point, end: Point): SwipeDirection | undefined {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return undefined;
  // Dragging the page to the left reveals the next one, as with paper.
  return dx < 0 ? 'next' : 'previous';
}
