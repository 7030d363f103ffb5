// Human-facing date formatting for the web app; date arithmetic lives in @folio/core.
// Dates are calendar dates (yyyy-MM-dd) with no time, so formatting runs in UTC to
// keep the reader's own time zone from shifting the day.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

// The English short month names (CLDR's en-GB: September is "Sept").
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

// Both forms are put together from the names above rather than by
// Intl.DateTimeFormat: building one loads locale data, ~35 ms on this machine and
// ~150 ms on a slow phone, in the reader's first render (the footer's date).

/** "21 Nov 2026": fits the footer bar on a phone. */
export function formatShortDate(iso: string): string {
  const date = utcDate(iso);
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "Nov 05, 2026": MMM dd, yyyy, the saved cards' date (spec 2 §9). */
export function formatSavedCardDate(iso: string): string {
  const date = utcDate(iso);
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${day}, ${date.getUTCFullYear()}`;
}

/** "Saturday, 21 November 2026" — for accessible names and headings. */
export function formatLongDate(iso: string): string {
  const date = utcDate(iso);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "21/11/2026": the spec's dd/MM/yyyy display form (search hits). */
export function formatNumericDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export interface CalendarMonth {
  year: number;
  /** 1-12 */
  month: number;
}

export function monthOf(iso: string): CalendarMonth {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

export function monthLabel({ year, month }: CalendarMonth): string {
  return `${MONTHS[month - 1]} ${year}`;
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
