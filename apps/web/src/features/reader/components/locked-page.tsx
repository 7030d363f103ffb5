// A locked page as the reader draws it (the server sent only its blurred preview).
import type { LockReason } from '@folio/core';
import { dismissFirstFrame } from '../../../shared/lib/first-frame.ts';
import { lockWords } from '../../../shared/lib/lock-words.ts';
import { LockIcon } from '../../../shared/ui/icons.tsx';
import { FIGURE_CLASS } from '../lib/page-figure.ts';
import type { PageViewProps } from './page-view.tsx';

/**
 * A page the reader may not open: its small blurred preview, blurred again by the
 * browser so no shape of a headline shows, under a lock that opens the popup. The
 * lock says in a few words what the reader can do and offers it; the page's full
 * name stays the button's label for screen readers. The lock sits near the top of
 * the page rather than its middle, so on a desktop (where a page fitted to the
 * width is two screens tall) it is in view without scrolling, and it stays there,
 * with its action, after the popup is closed with "Maybe Later".
 */
export function LockedPage({
  page,
  src,
  alt,
  size,
  dimmed,
  onLocked,
  reason,
}: Pick<PageViewProps, 'page' | 'src' | 'alt' | 'size' | 'dimmed' | 'onLocked'> & {
  reason: LockReason | null;
}) {
  // Until the reason is known (the account is still loading), the visitor's words.
  const words = lockWords(reason ?? 'sign-in', 'page');
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
        aria-label={`${alt}: locked. ${words.short}. ${words.action}`}
        className="absolute inset-0 flex flex-col items-center bg-white/30 pt-[min(15vh,20%)] text-brand focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span className="flex max-w-[90%] flex-col items-center gap-3">
          <span className="rounded-full bg-white p-4 shadow-lg">
            <LockIcon className="size-8" aria-hidden="true" />
          </span>
          <span className="rounded-2xl bg-white px-4 py-1.5 text-center text-sm font-semibold text-ink shadow">
            {words.short}
          </span>
          <span className="rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white shadow">
            {words.action}
          </span>
        </span>
      </button>
    </figure>
  );
}
