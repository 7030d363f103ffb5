// A flag that switches itself off after a fixed time, for the "updating" state
// shown while the reader switches edition (spec 1 §4).
import { useCallback, useEffect, useRef, useState } from 'react';

export function useTransientFlag(durationMs: number): [boolean, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const raise = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), durationMs);
  }, [durationMs]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return [on, raise];
}
