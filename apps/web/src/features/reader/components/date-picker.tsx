// Date selector (spec 1 §2, §4): the footer button that opens the calendar of the
// publisher's days. The calendar itself (date-panel.tsx) is fetched on first
// opening, so it does not weigh on the reader's first load.
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useDismiss, type DismissReason } from '../../../shared/hooks/use-dismiss.ts';
import { formatDisplayDate } from '../../../shared/lib/display-dates.ts';
import { CalendarIcon } from '../../../shared/ui/icons.tsx';
import type { DatePanelProps } from './date-panel.tsx';

const DatePanel = lazy(() => import('./date-panel.tsx'));

interface DatePickerProps extends DatePanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const PANEL_ID = 'reader-date-picker';

export function DatePicker({ open, onOpenChange, ...panel }: DatePickerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(
    (reason: DismissReason) => {
      onOpenChange(false);
      // Escape leaves keyboard users on the control they opened; a click elsewhere keeps its own focus.
      if (reason === 'escape') toggleRef.current?.focus();
    },
    [onOpenChange],
  );
  useDismiss(rootRef, open, close);

  useEffect(() => {
    // The grid focuses the selected day once it is there; until then, or when that
    // day cannot be chosen, the panel holds focus so Escape and Tab start from it.
    if (open && !panelRef.current?.contains(document.activeElement)) panelRef.current?.focus();
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-haspopup="dialog"
        onClick={() => onOpenChange(!open)}
        className="flex h-9 items-center gap-2 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand sm:px-4"
      >
        <CalendarIcon className="text-brand" />
        {/* The name starts with what the button does and includes the visible date (WCAG 2.5.3). */}
        <span className="sr-only">Choose date, </span>
        <span className="whitespace-nowrap tabular-nums">{formatDisplayDate(panel.selected)}</span>
      </button>
      {open && (
        <div
          ref={panelRef}
          id={PANEL_ID}
          role="dialog"
          aria-label="Choose a date"
          tabIndex={-1}
          className="absolute right-0 bottom-full mb-3 rounded-2xl border border-ink/10 bg-white p-3 shadow-xl"
        >
          <Suspense
            fallback={
              <p role="status" className="min-h-5 text-center text-xs text-ink-soft">
                Loading dates...
              </p>
            }
          >
            <DatePanel {...panel} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
