// The image of an article clip or an advertisement at the zoom the reader chose
// (spec 2 §2, §7), in a pane that scrolls once zoomed past its width: a status
// line until the image is in, and a problem line instead of it if it fails.
import { useState, type ReactNode } from 'react';
import { ScreenStatus } from './screen-status.tsx';

/** The zoomed image's width, in percent of the pane. */
export function zoomWidth(zoom: number): string {
  return `${zoom * 100}%`;
}

/** The page-like look of the zoomed image (or of its frame). */
export const ZOOMED_SHEET = 'bg-white shadow-sm ring-1 ring-ink/10';

interface ZoomPaneProps {
  /** Said while the image loads. */
  loading: string;
  /** Said instead of the image when it cannot be loaded. */
  failed: string;
  testId?: string;
  /** Draws the image, telling the pane when it has loaded or failed. */
  children: (events: { onLoad: () => void; onError: () => void }) => ReactNode;
}

export function ZoomPane({ loading, failed, testId, children }: ZoomPaneProps) {
  const [image, setImage] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (image === 'failed') return <ScreenStatus tone="problem">{failed}</ScreenStatus>;
  return (
    <div className="mx-auto max-w-3xl overflow-auto" data-testid={testId}>
      {image === 'loading' && <ScreenStatus>{loading}</ScreenStatus>}
      {children({ onLoad: () => setImage('loaded'), onError: () => setImage('failed') })}
    </div>
  );
}
