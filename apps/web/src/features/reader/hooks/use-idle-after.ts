// True a moment after `ready` turns true, once the browser is idle: for parts of
// the screen that must never compete with the page's own bytes (the offer strip).
import { useEffect, useState } from 'react';

/** Longest wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), IDLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [ready, idle]);
  return idle;
}
