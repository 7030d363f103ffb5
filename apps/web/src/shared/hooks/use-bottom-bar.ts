// A bar fixed at the foot of the screen (the reader's footer, the reading toolbar,
// the subscribe page's selection bar) publishes its height as --bottom-bar-height
// on the document, so the toasts (toaster-view.css) stand above it rather than
// over its controls. With two bars at once, the taller counts.
import { useLayoutEffect, type RefObject } from 'react';

const bars = new Map<Element, number>();

function publish(): void {
  const height = Math.max(0, ...bars.values());
  // Through the CSSOM, which the CSP (style-src 'self') allows, unlike a style attribute.
  document.documentElement.style.setProperty('--bottom-bar-height', `${height}px`);
}

export function useBottomBar(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const measure = () => {
      bars.set(bar, bar.offsetHeight);
      publish();
    };
    measure();
    const watcher = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    watcher?.observe(bar);
    return () => {
      watcher?.disconnect();
      bars.delete(bar);
      publish();
    };
  }, [ref]);
}
