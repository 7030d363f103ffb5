// Popups and the side menu lock the page behind them (spec 1 §2 "Popups"). Locks
// nest: the page scrolls again only when the last open layer lets go, and the
// scrollbar's width is padded so the page does not jump sideways.
import { useEffect } from 'react';

let holders = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

function lock(): void {
  holders += 1;
  if (holders > 1) return;
  const { style } = document.body;
  saved = { overflow: style.overflow, paddingRight: style.paddingRight };
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  style.overflow = 'hidden';
  if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
}

function unlock(): void {
  holders = Math.max(0, holders - 1);
  if (holders > 0 || !saved) return;
  document.body.style.overflow = saved.overflow;
  document.body.style.paddingRight = saved.paddingRight;
  saved = null;
}

export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lock();
    return unlock;
  }, [active]);
}
