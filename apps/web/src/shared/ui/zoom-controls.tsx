// Zoom out and in with the level between them: for the article's image view and
// the ad viewer (spec 2 §7: 0.5 to 3 in steps of 0.25, the default range) and the
// page (1 to 3). The ends are disabled.
import { IMAGE_ZOOM } from '../lib/reading-controls.ts';

// One line always ("Image view" must not wrap), and a little narrower under 400 px
// so the article's whole bar fits a 360 px phone.
export const TOOLBAR_BUTTON =
  'flex h-10 min-w-10 shrink-0 items-center justify-center rounded-full border border-ink/15 bg-white px-2 text-[13px] font-semibold whitespace-nowrap text-ink min-[400px]:px-3 min-[400px]:text-sm hover:border-brand hover:text-brand disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-ink/15 disabled:hover:text-ink';

export function ZoomControls({
  zoom,
  onZoom,
  min = IMAGE_ZOOM.min,
  max = IMAGE_ZOOM.max,
}: {
  zoom: number;
  onZoom: (direction: 1 | -1) => void;
  min?: number;
  max?: number;
}) {
  return (
    <>
      <button
        type="button"
        className={TOOLBAR_BUTTON}
        disabled={zoom <= min}
        onClick={() => onZoom(-1)}
      >
        <span aria-hidden="true">−</span>
        <span className="sr-only">Zoom out</span>
      </button>
      <span className="w-12 text-center text-xs text-ink-soft" aria-live="polite">
        {Math.round(zoom * 100)}%
      </span>
      <button
        type="button"
        className={TOOLBAR_BUTTON}
        disabled={zoom >= max}
        onClick={() => onZoom(1)}
      >
        <span aria-hidden="true">+</span>
        <span className="sr-only">Zoom in</span>
      </button>
    </>
  );
}
