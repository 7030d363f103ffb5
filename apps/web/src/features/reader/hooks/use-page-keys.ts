// Left and right arrow keys turn pages (spec 1 §2) unless the reader is typing,
// choosing from a list or working inside a dialog such as the calendar.
import { useEffect } from 'react';

const OWNS_ARROW_KEYS = 'input, textarea, select, [contenteditable="true"], [role="dialog"]';

export function usePageKeys(onPrevious: () => void, onNext: () => void, enabled: boolean): void {
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
        onPrevious();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        onNext();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onPrevious, onNext, enabled]);
}
