// A locked page as the reader draws it (the server sent only its blurred preview).
import { dismissFirstFrame } from '../../../shared/lib/first-frame.ts';
import { LockIcon } from '../../../shared/ui/icons.tsx';
import { FIGURE_CLASS } from '../lib/page-figure.ts';
import type { PageViewProps } from './page-view.tsx';

/**
 * A page the reader may not open: its small blurred preview, blurred again by the
 * browser so no shape of a headline shows, under a lock that opens the popup.
 */
export function LockedPage({
  page,
  src,
  alt,
  size,
  dimmed,
  onLocked,
}: Pick<PageViewProps, 'page' | 'src' | 'alt' | 'size' | 'dimmed' | 'onLocked'>) {
  return (
    <figure
      className={`${FIGURE_CLASS} overflow-hidden ${dimmed ? 'pointer-events-none opacity-60' : 'opacity-100'}`}
      style={{ width: size.width, aspectRatio: `${page.width} / ${page.height}` }}
    >
      <img
        src={src}
        alt=""
        draggable={false}
        onLoad={dismissFirstFrame}
        className="absolute inset-0 size-full scale-105 blur-md select-none"
      />
      <button
        type="button"
        onClick={onLocked}
        className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/30 text-brand focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="rounded-full bg-white p-4 shadow-lg">
          <LockIcon className="size-8" aria-hidden="true" />
        </span>
        <span className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold shadow">
          {alt}: locked. Subscribe to read this page
        </span>
      </button>
    </figure>
  );
}
