// Header and footer give the page the whole screen while the reader scrolls down
// and come back as soon as they scroll up (spec 1 §2), or reach the top; the
// article reader's also come back within 10 px of the bottom (spec 2 §2, §7).
import { useEffect, useState } from 'react';

/** Small jitters (trackpads, momentum) must not make the bars flicker. */
const DIRECTION_THRESHOLD_PX = 6;
/** Near the top there is nothing to make room for. */
const ALWAYS_SHOWN_ABOVE_PX = 64;

/** Spec 2 §7: the article reader's bars show again this close to the bottom. */
export const ARTICLE_BARS_NEAR_BOTTOM_PX = 10;

export function useHideOnScroll(options: { showNearBottomPx?: number } = {}): boolean {
  const { showNearBottomPx } = options;
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;

    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const delta = y - lastY;
      const toBottom = document.documentElement.scrollHeight - (y + window.innerHeight);
      if (
        y <= ALWAYS_SHOWN_ABOVE_PX ||
        (showNearBottomPx !== undefined && toBottom <= showNearBottomPx)
      ) {
        setHidden(false);
      } else if (Math.abs(delta) >= DIRECTION_THRESHOLD_PX) {
        setHidden(delta > 0);
      } else {
        return;
      }
      lastY = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [showNearBottomPx]);

  return hidden;
}
