// The bar of reading controls fixed at the foot of the article view and the ad
// viewer (spec 2 §2). Where it hides on scrolling down, it slides away.
import { useRef, type ReactNode } from 'react';
import { useBottomBar } from '../hooks/use-bottom-bar.ts';

const BAR =
  'fixed inset-x-0 bottom-0 z-20 flex items-center justify-center gap-1 border-t border-ink/10 bg-paper/95 px-2 py-2 backdrop-blur min-[400px]:gap-2 min-[400px]:px-3';

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
  const bar = useRef<HTMLDivElement>(null);
  useBottomBar(bar);
  const slide =
    hidden === undefined
      ? ''
      : ` transition-transform duration-200 ${hidden ? 'translate-y-full focus-within:translate-y-0' : 'translate-y-0'}`;
  return (
    <div ref={bar} role="toolbar" aria-label={label} className={`${BAR}${slide}`}>
      {children}
    </div>
  );
}
