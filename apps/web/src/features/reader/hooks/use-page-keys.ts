// Left and right arrow keys turn pages (spec 1 §2) unless the reader is typing,
// choosing from a list or working inside a dialog such as the calendar.
import { useEffect, useLayoutEffect, useRef } from 'react';

const OWNS_ARROW_KEYS = 'input, textarea, select, [contenteditable="true"], [role="dialog"]';

interface PageKeyHandlers {
  onPrevious: () => void;
  onNext: () => void;
}

export function usePageKeys(onPrevious: () => void, onNext: () => void, enabled: boolean): void {
  // One listener for the screen's lifetime that always calls the newest handlers:
  // re-subscribing after every page turn would leave a gap where a fast second
  // key press reaches the previous page's handler.
  const handlers = useRef<PageKeyHandlers>({ onPrevious, onNext });
  useLayoutEffect(() => {
    handlers.current = { onPrevious, onNext };
  }, [onPrevious, onNext]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey
      ) {
        return;
      }
      if (event.target instanceof Element && event.target.closest(OWNS_ARROW_KEYS)) return;
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        handlers.current.onPrevious();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        handlers.current.onNext();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
