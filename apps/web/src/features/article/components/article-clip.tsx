// The image view (spec 2 §2, §4 "Image view"): the article's own box cut out of
// the page's zoom image (shared/lib/clip-layout.ts), drawn at the chosen zoom.
import type { HotspotBox } from '@folio/core';
import { clipLayout } from '../../../shared/lib/clip-layout.ts';
import { ZOOMED_SHEET, ZoomPane, zoomWidth } from '../../../shared/ui/zoom-pane.tsx';

interface ArticleClipProps {
  src: string;
  box: HotspotBox;
  pageWidth: number;
  pageHeight: number;
  zoom: number;
  title: string;
}

export function ArticleClip({ src, box, pageWidth, pageHeight, zoom, title }: ArticleClipProps) {
  const layout = clipLayout(box, pageWidth, pageHeight);
  return (
    <ZoomPane loading="Processing image..." failed="Failed to process image" testId="article-clip">
      {(events) => (
        <div
          className={`relative mx-auto overflow-hidden ${ZOOMED_SHEET}`}
          style={{ width: zoomWidth(zoom), aspectRatio: layout.aspectRatio }}
        >
          <img
            src={src}
            alt={title}
            draggable={false}
            {...events}
            className="absolute max-w-none select-none"
            style={layout.image}
          />
        </div>
      )}
    </ZoomPane>
  );
}
