// Date rules (spec 1 §4, §9): the publisher's time zone decides "today", the
// publisher day starts at 06:00, and nothing before 1 June 2020 exists.

export const ARCHIVE_START = '2020-06-01';
export const DAY_START_HOUR = 6;
export const DEFAULT_PUBLISHER_TZ = 'Asia/Kolkata';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;

/** True when `value` is a real calendar date written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  // A real date comes back from Date unchanged: 2026-02-30 rolls over into March,
  // and a year below 100 comes back as 19xx.
  const dt = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dt.toISOString().slice(0, 10) === value;
}

/** yyyyMMdd -> yyyy-MM-dd, or undefined when it is not a real date. */
export function compactToIso(value: string): string | undefined {
  const m = COMPACT_DATE.exec(value);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** yyyy-MM-dd -> yyyyMMdd. */
export function isoToCompact(iso: string): string {
  return iso.replaceAll('-', '');
}

interface ZonedParts {
  date: string;
  hour: number;
}

// Building a DateTimeFormat costs far more than using one, and every content
// request asks for the edition date: one formatter per time zone, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  // A cache miss on every call gives the same answers, only slower.
  // Stryker disable next-line ConditionalExpression: performance only
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// Every time zone's offset is a whole number of minutes, so the date and hour are
// the same for a whole minute: the last answer per zone is kept for its minute.
const lastParts = new Map<string, { minute: number; parts: ZonedParts }>();

function zonedParts(now: Date, timeZone: string): ZonedParts {
  // Stryker disable next-line ArithmeticOperator: any finer key gives the same answers
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastParts.get(timeZone);
  // Stryker disable next-line ConditionalExpression: never using the cache gives the same answers
  if (last && last.minute === minute) return last.parts;
  const parts = formatParts(now, timeZone);
  // Stryker disable next-line ConditionalExpression,ObjectLiteral: what is kept only saves work
  if (Number.isFinite(minute)) lastParts.set(timeZone, { minute, parts });
  return parts;
}

function formatParts(now: Date, timeZone: string): ZonedParts {
  const parts = formatterFor(timeZone).formatToParts(now);
  // formatToParts always yields year, month, day and hour for these options; the
  // fallback only satisfies the type checker, so mutating it changes nothing.
  // Stryker disable next-line OptionalChaining,StringLiteral: unreachable fallback
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** The calendar date in the publisher's time zone. */
export function calendarToday(now: Date, timeZone: string = DEFAULT_PUBLISHER_TZ): string {
  return zonedParts(now, timeZone).date;
}

/**
 * The edition date a reader lands on: today from 06:00 in the publisher's time
 * zone, yesterday before that (today's edition is not yet out).
 */
export function editionToday(now: Date, timeZone: string = DEFAULT_PUBLISHER_TZ): string {
  const { date, hour } = zonedParts(now, timeZone);
  return hour >= DAY_START_HOUR ? date : addDays(date, -1);
}

/** Adds whole days to a yyyy-MM-dd date. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d + days));
  return dt.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * dd/MM/yyyy, the display format of the spec: every date shown on screen, in the
 * server's texts and on clips. Reads the date part of a timestamp too.
 */
export function formatDisplayDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
