// The image view (spec 2 §2, §4 "Image view"): the article's own box cut out of
// the page (shared/lib/clip-layout.ts), drawn at the chosen zoom from the sharpest
// of the page's images the screen needs (lib/clip-level.ts): the zoom image, and
// the deep-zoom level's tiles over it once the zoom image has fewer pixels than
// the clip is drawn across. On a desktop the clip is at most as wide as the deep
// level's pixels at the screen's pixel ratio, centred, never stretched past 1:1.
// Tiles are page files like any other, so the media route's access gate applies.
import { deepZoomGrid, type HotspotBox } from '@folio/core';
import { useMemo, useRef } from 'react';
import { clipLayout } from '../../../shared/lib/clip-layout.ts';
import { ZOOMED_SHEET, ZoomPane, zoomWidth } from '../../../shared/ui/zoom-pane.tsx';
import { useClipLevel } from '../hooks/use-clip-level.ts';
import { clipTiles } from '../lib/clip-level.ts';

interface ArticleClipProps {
  /** The page's zoom image. */
  src: string;
  /** Address of the page's deep-zoom tile at (column, row). */
  tile: (column: number, row: number) => string;
  box: HotspotBox;
  pageWidth: number;
  pageHeight: number;
  zoom: number;
  title: string;
}

const LAYER = 'pointer-events-none absolute select-none';

export function ArticleClip({
  src,
  tile,
  box,
  pageWidth,
  pageHeight,
  zoom,
  title,
}: ArticleClipProps) {
  const layout = clipLayout(box, pageWidth, pageHeight);
  const frame = useRef<HTMLDivElement>(null);
  const level = useClipLevel(frame, box, zoom);
  const grid = useMemo(() => deepZoomGrid(pageWidth, pageHeight), [pageWidth, pageHeight]);
  return (
    <ZoomPane loading="Processing image..." failed="Failed to process image" testId="article-clip">
      {(events) => (
        <div
          ref={frame}
          className={`relative mx-auto overflow-hidden ${ZOOMED_SHEET}`}
          data-level={level.tiles ? 'tiles' : 'zoom'}
          style={{
            width: zoomWidth(zoom),
            maxWidth: level.maxWidth === undefined ? undefined : `${level.maxWidth}px`,
            aspectRatio: layout.aspectRatio,
          }}
        >
          <img
            src={src}
            alt={title}
            draggable={false}
            {...events}
            className="absolute max-w-none select-none"
            style={layout.image}
          />
          {level.tiles && (
            <div
              aria-hidden="true"
              data-testid="article-clip-tiles"
              className={LAYER}
              style={{ ...layout.image, aspectRatio: `${grid.width} / ${grid.height}` }}
            >
              {clipTiles(box, grid).map((t) => (
                <img
                  key={`${t.column}-${t.row}`}
                  src={tile(t.column, t.row)}
                  alt=""
                  draggable={false}
                  decoding="async"
                  data-tile={`${t.column}-${t.row}`}
                  className={LAYER}
                  style={{
                    left: `${t.left}%`,
                    top: `${t.top}%`,
                    width: `${t.width}%`,
                    height: `${t.height}%`,
                  }}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </ZoomPane>
  );
}
