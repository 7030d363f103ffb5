// Date selector (spec 1 §2, §4): a calendar of the publisher's days. Future days
// and days before 1 June 2020 can never be chosen; days without an edition are
// shown but disabled, from the server's available-dates for the month on view.
import { ARCHIVE_START } from '@folio/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDismiss, type DismissReason } from '../../../shared/hooks/use-dismiss.ts';
import {
  formatShortDate,
  monthOf,
  shiftMonth,
  type CalendarMonth,
} from '../../../shared/lib/display-dates.ts';
import { Calendar } from '../../../shared/ui/calendar.tsx';
import { CalendarIcon } from '../../../shared/ui/icons.tsx';
import { useAvailableDates } from '../api.ts';

interface DatePickerProps {
  publisher: string;
  selected: string;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (date: string) => void;
}

const PANEL_ID = 'reader-date-picker';

export function DatePicker({
  publisher,
  selected,
  today,
  open,
  onOpenChange,
  onSelect,
}: DatePickerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(
    (reason: DismissReason) => {
      onOpenChange(false);
      // Escape leaves keyboard users on the control they opened; a click elsewhere keeps its own focus.
      if (reason === 'escape') toggleRef.current?.focus();
    },
    [onOpenChange],
  );
  useDismiss(rootRef, open, close);

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
        <span className="whitespace-nowrap tabular-nums">{formatShortDate(selected)}</span>
      </button>
      {open && (
        <DatePanel publisher={publisher} selected={selected} today={today} onSelect={onSelect} />
      )}
    </div>
  );
}

interface DatePanelProps {
  publisher: string;
  selected: string;
  today: string;
  onSelect: (date: string) => void;
}

const FIRST_MONTH = monthOf(ARCHIVE_START);
const monthIndex = (m: CalendarMonth) => m.year * 12 + m.month;

/** Mounted only while open, so every opening starts on the selected date's month. */
function DatePanel({ publisher, selected, today, onSelect }: DatePanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [month, setMonth] = useState(() => monthOf(selected));
  const available = useAvailableDates({ publisher, ...month });
  const lastMonth = monthOf(today);

  useEffect(() => {
    // The selected day may be disabled (no edition); then the panel itself takes focus.
    if (!panelRef.current?.contains(document.activeElement)) panelRef.current?.focus();
  }, []);

  const hasEdition = (iso: string) => {
    // If the calendar service is down, let the reader try; the reader explains a missing edition.
    if (available.isError) return true;
    return available.data?.dates.some((day) => day.date === iso && day.hasData) ?? false;
  };

  return (
    <div
      ref={panelRef}
      id={PANEL_ID}
      role="dialog"
      aria-label="Choose a date"
      tabIndex={-1}
      className="absolute right-0 bottom-full mb-3 rounded-2xl border border-ink/10 bg-white p-3 shadow-xl"
    >
      <Calendar
        month={month}
        selected={selected}
        canShowPreviousMonth={monthIndex(month) > monthIndex(FIRST_MONTH)}
        canShowNextMonth={monthIndex(month) < monthIndex(lastMonth)}
        onMonthChange={(delta) => setMonth((current) => shiftMonth(current, delta))}
        isSelectable={(iso) => iso >= ARCHIVE_START && iso <= today && hasEdition(iso)}
        onSelect={onSelect}
      />
      <p role="status" className="mt-2 min-h-5 text-center text-xs text-ink-soft">
        {available.isPending ? 'Loading dates...' : ''}
      </p>
    </div>
  );
}
