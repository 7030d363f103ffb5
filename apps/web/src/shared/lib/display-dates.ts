// Human-facing date formatting for the web app; date arithmetic lives in @folio/core.
// Dates are calendar dates (yyyy-MM-dd) with no time, so formatting runs in UTC to
// keep the reader's own time zone from shifting the day.
//
// One style per kind of place (spec 2 §9 "Dates"; issue 25 part 8), each written by
// one function and nothing else:
// - shown on screen: dd/MM/yyyy, formatDisplayDate (core's, which the server's
//   texts and clips use too);
// - the saved cards: MMM dd, yyyy, formatSavedCardDate;
// - in addresses: yyyy-MM-dd as is; in search and content calls: yyyyMMdd (core's isoToCompact);
// - heard, not seen (accessible names, screen-reader headings): the weekday and
//   month in words, formatSpokenDate, since "21/11/2026" reads badly aloud.
export { formatDisplayDate } from '@folio/core';

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

// Put together from the names above rather than by Intl.DateTimeFormat: building
// one loads locale data, ~35 ms on this machine and ~150 ms on a slow phone, in the
// reader's first render.

/** "Nov 05, 2026": MMM dd, yyyy, the saved cards' date (spec 2 §9). */
export function formatSavedCardDate(iso: string): string {
  const date = utcDate(iso);
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${day}, ${date.getUTCFullYear()}`;
}

/** "Saturday, 21 November 2026": heard, never shown (accessible names, sr-only headings). */
export function formatSpokenDate(iso: string): string {
  const date = utcDate(iso);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
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
