// What both subscribe-page carousels share (spec 2 §2, §9): a position that moves on
// by itself every few seconds and wraps around; a reader's own move (arrow, dot,
// swipe) holds the automatic one off for 5 s, after which the cycle starts again.
// A reader who asked their system for reduced motion gets no automatic moves.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Spec 2 §9: pause 5 s after manual action. */
export const MANUAL_PAUSE_MS = 5_000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  // Browsers before 2020 (Safari 13) have no listeners on a media query: the
  // preference then applies from the next page load.
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToMotion, prefersReducedMotion);
}

export interface AutoAdvance {
  /** The current position, always within 0..count-1. */
  index: number;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
}

export function useAutoAdvance(count: number, intervalMs: number): AutoAdvance {
  const [position, setPosition] = useState(0);
  // Every manual move restarts the pause, so it counts them.
  const [manualMoves, setManualMoves] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // The number of slides changes with the viewport (3 per slide or 1).
  const index = count > 0 ? position % count : 0;

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = setInterval(() => setPosition((at) => ((at % count) + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, count, intervalMs]);

  useEffect(() => {
    if (!paused) return;
    const timer = setTimeout(() => setPaused(false), MANUAL_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [paused, manualMoves]);

  const move = useCallback(
    (to: (at: number) => number) => {
      if (count < 1) return;
      setPosition((at) => ((to(at % count) % count) + count) % count);
      setPaused(true);
      setManualMoves((moves) => moves + 1);
    },
    [count],
  );

  return {
    index,
    next: useCallback(() => move((at) => at + 1), [move]),
    previous: useCallback(() => move((at) => at - 1), [move]),
    goTo: useCallback((target: number) => move(() => target), [move]),
  };
}
