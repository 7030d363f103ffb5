// The image view (spec 2 §2, §4 "Image view"): the article's own box cut out of
// the page's zoom image (shared/lib/clip-layout.ts), drawn at the chosen zoom.
import type { HotspotBox } from '@folio/core';
import { useState } from 'react';
import { clipLayout } from '../../../shared/lib/clip-layout.ts';
import { ScreenStatus } from '../../../shared/ui/screen-status.tsx';

interface ArticleClipProps {
  src: string;
  box: HotspotBox;
  pageWidth: number;
  pageHeight: number;
  zoom: number;
  title: string;
}

export function ArticleClip({ src, box, pageWidth, pageHeight, zoom, title }: ArticleClipProps) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const layout = clipLayout(box, pageWidth, pageHeight);
  if (failed) return <ScreenStatus tone="problem">Failed to process image</ScreenStatus>;
  return (
    <div className="mx-auto max-w-3xl overflow-auto" data-testid="article-clip">
      {!loaded && <ScreenStatus>Processing image...</ScreenStatus>}
      <div
        className="relative mx-auto overflow-hidden bg-white shadow-sm ring-1 ring-ink/10"
        style={{ width: `${zoom * 100}%`, aspectRatio: layout.aspectRatio }}
      >
        <img
          src={src}
          alt={title}
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className="absolute max-w-none select-none"
          style={layout.image}
        />
      </div>
    </div>
  );
}
