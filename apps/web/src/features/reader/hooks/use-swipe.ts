// Touch handlers for the page area; the decision itself is swipeDirection().
import { useRef, type TouchEvent } from 'react';
import { swipeDirection, type Point } from '../lib/swipe.ts';

export function useSwipe(onPrevious: () => void, onNext: () => void) {
  const start = useRef<Point | null>(null);

  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      // A second finger means pinch-zoom, which must not turn the page.
      start.current =
        touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const direction = swipeDirection(from, { x: touch.clientX, y: touch.clientY });
      if (direction === 'next') onNext();
      if (direction === 'previous') onPrevious();
    },
  };
}
