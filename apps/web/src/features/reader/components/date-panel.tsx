// The open date selector's content (spec 1 §2, §4): react-day-picker's month grid, with arrow
// keys moving between the days that can be chosen (docs/decisions/0006). Future
// days and days before 1 June 2020 can never be chosen; days without an edition
// are shown but disabled, from the server's available-dates for the month on view.
// Loaded on first opening, so the grid and its date library stay out of the
// reader's first load.
import { ARCHIVE_START } from '@folio/core';
import { useState } from 'react';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import {
  formatSpokenDate,
  isoDate,
  monthLabel,
  monthOf,
} from '../../../shared/lib/display-dates.ts';
import { CALENDAR_WIDTH_PX } from '../../../shared/lib/ui-constants.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons.tsx';
import { useAvailableDates } from '../api.ts';

export interface DatePanelProps {
  publisher: string;
  selected: string;
  today: string;
  onSelect: (date: string) => void;
  /** Days whose edition this reader's access does not open (drawn with a lock). */
  isLocked: (date: string) => boolean;
}

// The grid works on the browser's local dates; a publisher day maps to local
// midnight of the same calendar date and back, so no time zone shifts a day.
const localDate = (iso: string) => {
  const { year, month } = monthOf(iso);
  return new Date(year, month - 1, Number(iso.slice(8)));
};
const isoOf = (date: Date) => isoDate(date.getFullYear(), date.getMonth() + 1, date.getDate());

const NAV_BUTTON =
  'grid size-9 place-items-center rounded-full text-ink hover:bg-ink/5 aria-disabled:opacity-30 aria-disabled:hover:bg-transparent';

function Chevron({ orientation }: ChevronProps) {
  return orientation === 'left' ? <ChevronLeftIcon /> : <ChevronRightIcon />;
}

/** Mounted only while open, so every opening starts on the selected date's month. */
export default function DatePanel({
  publisher,
  selected,
  today,
  onSelect,
  isLocked,
}: DatePanelProps) {
  const [month, setMonth] = useState(() => localDate(selected));
  const available = useAvailableDates({
    publisher,
    year: month.getFullYear(),
    month: month.getMonth() + 1,
  });

  const hasEdition = (iso: string) => {
    // If the calendar service is down, let the reader try; the reader explains a missing edition.
    if (available.isError) return true;
    return available.data?.dates.some((day) => day.date === iso && day.hasData) ?? false;
  };
  const isHoliday = (iso: string) =>
    available.data?.dates.some((day) => day.date === iso && day.holiday) ?? false;
  // A holiday has no edition but can be picked: its notice says why (spec 1 §2).
  const selectable = (iso: string) =>
    iso >= ARCHIVE_START && iso <= today && (hasEdition(iso) || isHoliday(iso));

  // The grid appears once the first month's dates are known, so its autoFocus lands
  // on the selected day (or the first day that can be chosen) and the arrow keys
  // work at once; later months load inside the open grid.
  const [shown, setShown] = useState(false);
  if (!shown && !available.isPending) setShown(true);

  return (
    <>
      {shown && (
        <DayPicker
          mode="single"
          required
          autoFocus
          selected={localDate(selected)}
          onSelect={(date) => onSelect(isoOf(date))}
          month={month}
          onMonthChange={setMonth}
          startMonth={localDate(ARCHIVE_START)}
          endMonth={localDate(today)}
          today={localDate(today)}
          disabled={(date) => !selectable(isoOf(date))}
          modifiers={{
            holiday: (date) => isHoliday(isoOf(date)),
            locked: (date) => selectable(isoOf(date)) && isLocked(isoOf(date)),
          }}
          modifiersClassNames={{ holiday: 'is-holiday', locked: 'is-locked' }}
          style={{ width: CALENDAR_WIDTH_PX }}
          formatters={{ formatCaption: (date) => monthLabel(monthOf(isoOf(date))) }}
          labels={{
            labelDayButton: (date, modifiers) =>
              [
                formatSpokenDate(isoOf(date)),
                modifiers.holiday ? 'holiday' : '',
                modifiers.locked ? 'locked' : '',
                modifiers.selected ? 'selected' : '',
              ]
                .filter(Boolean)
                .join(', '),
            labelPrevious: () => 'Previous month',
            labelNext: () => 'Next month',
          }}
          components={{ Chevron }}
          classNames={{
            root: 'select-none',
            months: 'relative',
            month: 'flex flex-col gap-2',
            nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
            button_previous: NAV_BUTTON,
            button_next: NAV_BUTTON,
            month_caption: 'flex h-9 items-center justify-center',
            caption_label: 'text-sm font-semibold text-ink',
            month_grid: 'w-full table-fixed border-collapse text-center text-sm',
            weekday: 'pb-1 text-xs font-medium text-ink-soft',
            day: 'group p-0.5',
            day_button:
              "relative mx-auto grid size-9 place-items-center rounded-full tabular-nums text-ink hover:bg-brand/10 disabled:cursor-not-allowed disabled:text-ink/30 disabled:line-through disabled:decoration-ink/20 disabled:hover:bg-transparent group-aria-selected:bg-brand group-aria-selected:text-white group-aria-selected:hover:bg-brand group-[.is-holiday]:font-bold group-[.is-holiday]:underline group-[.is-holiday]:decoration-accent group-[.is-holiday]:decoration-2 group-[.is-holiday]:underline-offset-2 group-[.is-locked]:text-ink-soft group-[.is-locked]:after:absolute group-[.is-locked]:after:-top-0.5 group-[.is-locked]:after:-right-0.5 group-[.is-locked]:after:size-2 group-[.is-locked]:after:rounded-full group-[.is-locked]:after:bg-ink/40 group-[.is-locked]:after:content-['']",
          }}
        />
      )}
      <p role="status" className="mt-2 min-h-5 text-center text-xs text-ink-soft">
        {available.isPending ? 'Loading dates...' : ''}
      </p>
      {shown && (
        <p className="flex justify-center gap-4 text-xs text-ink-soft">
          <span>
            <span className="font-bold text-ink underline decoration-accent decoration-2 underline-offset-2">
              12
            </span>{' '}
            Holiday
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden="true" className="inline-block size-2 rounded-full bg-ink/40" />{' '}
            Locked
          </span>
        </p>
      )}
    </>
  );
}
