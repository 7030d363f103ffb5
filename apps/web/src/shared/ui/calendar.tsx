// A month calendar that only knows which days may be picked; the caller decides why
// (future, before the archive, no edition). Kept free of data fetching so the
// reader's date selector and later the search filter can share it.
import {
  daysInMonth,
  firstWeekday,
  formatLongDate,
  isoDate,
  monthLabel,
  type CalendarMonth,
} from '../lib/display-dates.ts';
import { CALENDAR_WIDTH_PX } from '../lib/ui-constants.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

const WEEKDAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

export interface CalendarProps {
  month: CalendarMonth;
  selected: string;
  canShowPreviousMonth: boolean;
  canShowNextMonth: boolean;
  isSelectable: (iso: string) => boolean;
  onMonthChange: (delta: -1 | 1) => void;
  onSelect: (iso: string) => void;
}

function weeksOf(month: CalendarMonth): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: firstWeekday(month) }, () => null);
  for (let day = 1; day <= daysInMonth(month); day += 1) {
    cells.push(isoDate(month.year, month.month, day));
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const NAV_BUTTON =
  'grid size-9 place-items-center rounded-full text-ink hover:bg-ink/5 disabled:opacity-30 disabled:hover:bg-transparent';

export function Calendar(props: CalendarProps) {
  const { month, selected, isSelectable, onSelect, onMonthChange } = props;
  const label = monthLabel(month);

  return (
    <div style={{ width: CALENDAR_WIDTH_PX }} className="select-none">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className={NAV_BUTTON}
          aria-label="Previous month"
          disabled={!props.canShowPreviousMonth}
          onClick={() => onMonthChange(-1)}
        >
          <ChevronLeftIcon />
        </button>
        <p aria-live="polite" className="text-sm font-semibold text-ink">
          {label}
        </p>
        <button
          type="button"
          className={NAV_BUTTON}
          aria-label="Next month"
          disabled={!props.canShowNextMonth}
          onClick={() => onMonthChange(1)}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <table className="w-full table-fixed border-collapse text-center text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={long}
                scope="col"
                abbr={long}
                className="pb-1 text-xs font-medium text-ink-soft"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean) ?? 'empty'}>
              {week.map((iso, column) => (
                <td key={iso ?? `blank-${column}`} className="p-0.5">
                  {iso && (
                    <DayButton
                      iso={iso}
                      selected={iso === selected}
                      selectable={isSelectable(iso)}
                      onSelect={onSelect}
                    />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DayButtonProps {
  iso: string;
  selected: boolean;
  selectable: boolean;
  onSelect: (iso: string) => void;
}

function DayButton({ iso, selected, selectable, onSelect }: DayButtonProps) {
  const tone = selected
    ? 'bg-brand text-white'
    : selectable
      ? 'text-ink hover:bg-brand/10'
      : 'text-ink/30 line-through decoration-ink/20';
  return (
    <button
      type="button"
      aria-label={formatLongDate(iso)}
      aria-pressed={selected}
      disabled={!selectable}
      // The open calendar starts on the chosen day so keyboard users begin where they are.
      autoFocus={selected}
      onClick={() => onSelect(iso)}
      className={`mx-auto grid size-9 place-items-center rounded-full tabular-nums disabled:cursor-not-allowed ${tone}`}
    >
      {Number(iso.slice(8))}
    </button>
  );
}
