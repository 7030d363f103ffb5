// The bar of reading controls fixed at the foot of the article view and the ad
// viewer (spec 2 §2). Where it hides on scrolling down, it slides away.
import type { ReactNode } from 'react';

const BAR =
  'fixed inset-x-0 bottom-0 z-20 flex items-center justify-center gap-2 border-t border-ink/10 bg-paper/95 px-3 py-2 backdrop-blur';

export function ReadingToolbar({
  label,
  hidden,
  children,
}: {
  label: string;
  /** Slid away while the reader scrolls down; a bar without it always shows. */
  hidden?: boolean;
  children: ReactNode;
}) {
  const slide =
    hidden === undefined
      ? ''
      : ` transition-transform duration-200 ${hidden ? 'translate-y-full focus-within:translate-y-0' : 'translate-y-0'}`;
  return (
    <div role="toolbar" aria-label={label} className={`${BAR}${slide}`}>
      {children}
    </div>
  );
}
