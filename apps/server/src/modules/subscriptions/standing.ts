// Where a reader stands on a given edition date, worked out from their subscription
// rows alone: whether a row opens the paper today, in grace or not, and the
// entitlement the access policy reads. No clock and no I/O here.
import {
  MANDATE_CONFIRM_ABOVE_MINOR,
  RENEWAL_REMINDER_DAYS,
  UNLIMITED_ARCHIVE,
  addDays,
  daysBetween,
  type Currency,
  type Entitlement,
  type UserSubscription,
} from '@folio/core';
import type { SubscriptionRow } from './subscription-repo.ts';

/**
 * The last date a subscription opens the paper: its end date, or the grace days
 * after it when a mandate debit for the next term is due or was attempted (a card
 * debit stays pending for about 36 hours, a declined one is tried again through
 * them, and a notice sent late holds the debit back 24 hours). A plan nothing
 * debits (USD, above ₹15,000, renewal cancelled before any debit) gets none.
 */
export function coveredUntil(row: SubscriptionRow, graceDays: number): string {
  const debited =
    (row.auto_renew && mandateRenews(row)) ||
    (row.renewal_attempted_on !== null && row.renewal_attempted_on >= row.end_date);
  return debited ? addDays(row.end_date, graceDays) : row.end_date;
}

export function opensOn(row: SubscriptionRow, today: string, graceDays: number): boolean {
  return (
    row.status === 'active' && row.start_date <= today && today <= coveredUntil(row, graceDays)
  );
}

/** The subscription the reader holds today: the one that started last among those open today. */
export function currentSubscription(
  rows: readonly SubscriptionRow[],
  today: string,
  graceDays: number,
): SubscriptionRow | undefined {
  return rows
    .filter((row) => opensOn(row, today, graceDays))
    .reduce<SubscriptionRow | undefined>(
      (latest, row) => (!latest || row.start_date >= latest.start_date ? row : latest),
      undefined,
    );
}

export function scheduledChange(rows: readonly SubscriptionRow[]): SubscriptionRow | undefined {
  return rows.find((row) => row.status === 'scheduled');
}

/** A signed-in reader's entitlement: a subscriber while any subscription opens today, else free. */
export function entitlementOf(
  rows: readonly SubscriptionRow[],
  today: string,
  graceDays: number,
): Entitlement {
  const open = rows.filter((row) => opensOn(row, today, graceDays));
  const current = currentSubscription(open, today, graceDays);
  if (!current) return { kind: 'free' };
  // Two rows can overlap (an upgrade's first day): the deeper archive wins.
  const archiveDays = open.some((row) => row.archive_days < 0)
    ? UNLIMITED_ARCHIVE
    : Math.max(...open.map((row) => row.archive_days));
  return { kind: 'subscriber', archiveDays, planName: current.plan_title };
}

/**
 * Whether the renewal scheduler may charge this subscription's mandate without
 * the reader: INR only (RBI e-mandates), up to ₹15,000 (above it each charge
 * needs the reader's confirmation), and only with a mandate from the first payment.
 */
export function mandateRenews(row: SubscriptionRow): boolean {
  return (
    row.currency === 'INR' &&
    row.mandate_id !== null &&
    row.price_minor <= MANDATE_CONFIRM_ABOVE_MINOR
  );
}

/**
 * Whether the reader may pay now for the next term of this plan: it opens the
 * paper today, ends within the renewal reminder's window (or is in grace),
 * nothing will charge it (no usable mandate, or renewal cancelled) and nothing
 * already follows it (a paid renewal or a scheduled downgrade).
 */
export function renewsByPayment(
  row: SubscriptionRow,
  rows: readonly SubscriptionRow[],
  today: string,
  graceDays: number,
): boolean {
  return (
    opensOn(row, today, graceDays) &&
    today >= addDays(row.end_date, -RENEWAL_REMINDER_DAYS) &&
    !(row.auto_renew && mandateRenews(row)) &&
    !rows.some((other) => other.replaces_subscription_id === row.id)
  );
}

/** Start of a date as milliseconds (UTC midnight), for the spec's *_timestamp fields. */
const timestampOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The spec's "user subscription data" of a row on a given date. */
export function toUserSubscription(
  row: SubscriptionRow,
  rows: readonly SubscriptionRow[],
  today: string,
  graceDays: number,
): UserSubscription {
  const open = opensOn(row, today, graceDays);
  const until = coveredUntil(row, graceDays);
  const inGrace = open && today > row.end_date;
  return {
    id: row.id,
    active: open,
    status: !open ? 'expired' : inGrace ? 'grace' : row.auto_renew ? 'active' : 'cancelled',
    subscription_plan_id: row.plan_id,
    plan_name: row.plan_title,
    plan_amount_cents: row.price_minor,
    plan_amount_currency: row.currency as Currency,
    start_date: row.start_date,
    end_date: row.end_date,
    start_timestamp: timestampOf(row.start_date),
    end_timestamp: timestampOf(row.end_date),
    // Only a charge the scheduler will make is a "next payment"; a plan the reader
    // must pay for again has none, so the renewal reminder is shown for it.
    next_payment_due_date:
      row.auto_renew && !inGrace && mandateRenews(row) ? row.next_payment_due_date : null,
    in_grace_period: inGrace,
    cancellable: open && row.auto_renew && !inGrace,
    expires_in_days: Math.max(0, daysBetween(today, inGrace ? until : row.end_date)),
    archival_access: row.archive_days,
    renew_by_payment: renewsByPayment(row, rows, today, graceDays),
  };
}
