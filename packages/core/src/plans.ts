// Plan and price rules (spec 2 §3, §4 "Plan change", §5, §9): durations in calendar
// units, the refund of an upgrade, and how prices and plans are shown.
import { daysBetween } from './dates.ts';

export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, string> = { INR: '₹', USD: '$' };

export const DURATION_UNITS = ['day', 'days', 'month', 'months', 'year', 'years'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** Above this (in paise) an Indian renewal needs the reader's confirmation (RBI e-mandate rules). */
export const MANDATE_CONFIRM_ABOVE_MINOR = 15_000_00;
/** Days a failed renewal keeps access while the provider retries and confirms (up to 3 days). */
export const DEFAULT_GRACE_DAYS = 3;
/** A renewal's pre-debit notice goes out at least this long before the charge. */
export const RENEWAL_NOTICE_HOURS = 24;
/** The renewal reminder shows when this many days or fewer remain (spec 1 §9). */
export const RENEWAL_REMINDER_DAYS = 7;

const unitKind = (unit: DurationUnit): 'day' | 'month' | 'year' =>
  unit.startsWith('day') ? 'day' : unit.startsWith('month') ? 'month' : 'year';

/**
 * The end date (yyyy-MM-dd) of a plan started on `start`: start plus the duration
 * in calendar days, months or years. A month or year that lands on a day the target
 * month lacks ends on that month's last day (31 Jan + 1 month = 28 or 29 Feb).
 */
export function planEndDate(start: string, unit: DurationUnit, length: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  if (unitKind(unit) === 'day') {
    return new Date(Date.UTC(y, m - 1, d + length)).toISOString().slice(0, 10);
  }
  const months = unitKind(unit) === 'month' ? length : length * 12;
  const monthIndex = m - 1 + months;
  const lastDay = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, monthIndex, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** A plan's duration in months, for sorting (spec 2 §5): days count as 1/30 month. */
export function durationInMonths(unit: DurationUnit, length: number): number {
  const kind = unitKind(unit);
  return kind === 'day' ? length / 30 : kind === 'month' ? length : length * 12;
}

/** "Month", "Year", "N Years" (spec 2 §9); days and several months the same way. */
export function durationLabel(unit: DurationUnit, length: number): string {
  const kind = unitKind(unit);
  const word = kind === 'day' ? 'Day' : kind === 'month' ? 'Month' : 'Year';
  return length === 1 ? word : `${length} ${word}s`;
}

/**
 * The refund of the unused part of a plan that runs from `start` to `end` when it
 * is replaced on `today`: price × unused days / plan days, rounded down to the
 * minor unit. Nothing before the plan starts is used; nothing is left after it ends.
 */
export function unusedRefundMinor(
  priceMinor: number,
  start: string,
  end: string,
  today: string,
): number {
  const planDays = daysBetween(start, end);
  if (planDays <= 0) return 0;
  const from = today < start ? start : today;
  const unusedDays = Math.min(planDays, Math.max(0, daysBetween(from, end)));
  return Math.floor((priceMinor * unusedDays) / planDays);
}

/** List price (spec 2 §5): without decimals if whole, else with 2. */
export function formatListPrice(priceMinor: number): string {
  const units = priceMinor / 100;
  return Number.isInteger(units) ? String(units) : units.toFixed(2);
}

/** Detail price (spec 2 §5, the profile's amount): INR rounded to whole, USD with 2 decimals. */
export function formatDetailPrice(priceMinor: number, currency: Currency): string {
  const units = priceMinor / 100;
  return currency === 'INR' ? String(Math.round(units)) : units.toFixed(2);
}

/** A price with its currency symbol, e.g. ₹499 or $4.99. */
export function formatMoney(priceMinor: number, currency: Currency): string {
  return `${CURRENCY_SYMBOLS[currency]}${formatDetailPrice(priceMinor, currency)}`;
}

/** What a reader saves against the MRP in minor units; 0 when the MRP is absent or not above the price. */
export function savingMinor(priceMinor: number, mrpMinor: number | undefined): number {
  return mrpMinor !== undefined && mrpMinor > priceMinor ? mrpMinor - priceMinor : 0;
}

/**
 * What buying a plan does: a first plan, a move up or down, or paying for the
 * current plan's next term when no mandate will charge it (see the server's
 * renewal rules: non-INR plans, amounts above the mandate cap, cancelled plans).
 */
export type PlanChange = 'new' | 'upgrade' | 'downgrade' | 'renewal';

/**
 * How a purchase relates to the reader's current plan: with none it is new; a
 * dearer plan is an upgrade (starts today, the unused part refunded); any other
 * plan is a downgrade (starts the day after the current plan ends).
 */
export function planChangeKind(
  current: { priceMinor: number } | undefined,
  next: { priceMinor: number },
): PlanChange {
  if (!current) return 'new';
  return next.priceMinor > current.priceMinor ? 'upgrade' : 'downgrade';
}
