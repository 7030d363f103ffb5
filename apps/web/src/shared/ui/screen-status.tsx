// A centred status line for whole-screen loading and error states. Loading text is
// a polite live region so screen readers hear it without losing their place.
import type { ReactNode } from 'react';

interface ScreenStatusProps {
  children: ReactNode;
  tone?: 'progress' | 'problem';
  actions?: ReactNode;
}

export function ScreenStatus({ children, tone = 'progress', actions }: ScreenStatusProps) {
  return (
    <div
      role={tone === 'problem' ? 'alert' : 'status'}
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-6 text-center"
    >
      {tone === 'progress' && (
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-[3px] border-ink/15 border-t-brand"
        />
      )}
      <p className="text-base text-ink-soft">{children}</p>
      {actions && <div className="flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
