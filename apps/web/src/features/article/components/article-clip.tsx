// The image view (spec 2 §2, §4 "Image view"): the article's own box cut out of
// the page's zoom image, drawn at the chosen zoom. The cut is done by the browser:
// a window the box's shape with the page image placed behind it, so no pixels are
// decoded twice and the page image already cached by the reader is reused.
import type { HotspotBox } from '@folio/core';
import { useState } from 'react';
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
  const aspect = (box.width * pageWidth) / (box.height * pageHeight);
  if (failed) return <ScreenStatus tone="problem">Failed to process image</ScreenStatus>;
  return (
    <div className="mx-auto max-w-3xl overflow-auto" data-testid="article-clip">
      {!loaded && <ScreenStatus>Processing image...</ScreenStatus>}
      <div
        className="relative mx-auto overflow-hidden bg-white shadow-sm ring-1 ring-ink/10"
        style={{ width: `${zoom * 100}%`, aspectRatio: String(aspect) }}
      >
        <img
          src={src}
          alt={title}
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          className="absolute max-w-none select-none"
          style={{
            width: `${(100 / box.width) * 100}%`,
            left: `${(-box.left / box.width) * 100}%`,
            top: `${(-box.top / box.height) * 100}%`,
          }}
        />
      </div>
    </div>
  );
}
