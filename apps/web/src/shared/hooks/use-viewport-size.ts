// The page image is sized from the viewport (spec 1 §9), so layout follows resizes
// and device rotation.
import { useSyncExternalStore } from 'react';

export interface ViewportSize {
  width: number;
  height: number;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

// useSyncExternalStore compares snapshots by identity, so encode both numbers in one string.
const snapshot = () => `${window.innerWidth}x${window.innerHeight}`;

export function useViewportSize(): ViewportSize {
  const value = useSyncExternalStore(subscribe, snapshot);
  const [width, height] = value.split('x').map(Number) as [number, number];
  return { width, height };
}
