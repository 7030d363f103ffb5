// The billing decisions the scheduler and the terms make, without I/O (issue 23
// part 10, mutation-tested): when a mandate debit may be made, how many tries a
// term gets, when a term lapses, which capture is not the order's, and what an
// upgrade refunds. RBI's e-mandate rules are here: the notice at least 24 hours
// before the debit, and no debit outside the days a debit keeps the reader reading.
import { RENEWAL_NOTICE_HOURS, calendarToday, unusedRefundMinor } from '@folio/core';
import type { LedgerState } from '../../db/schema.ts';
import { isFinal } from './ledger-states.ts';
import { coveredUntil, mandateRenews } from './standing.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

const HOUR_MS = 3_600_000;

/** Whether a notice sent at `noticeAt` is at least 24 hours old at `now`. */
export function noticeAged(noticeAt: Date | null, now: Date): boolean {
  if (noticeAt === null) return false;
  return now.getTime() - noticeAt.getTime() >= RENEWAL_NOTICE_HOURS * HOUR_MS;
}

/**
 * Whether the scheduler may debit the mandate for the term after `row` today: the
 * term is running and renews (not cancelled, replaced or expired), it has ended
 * (its last day is today or before), the mandate may be debited, the notice for
 * this end date is 24 hours old, and the grace days are not over.
 */
export function renewalDebitDue(
  row: SubscriptionRow,
  today: string,
  now: Date,
  graceDays: number,
): boolean {
  return (
    row.status === 'active' &&
    row.auto_renew &&
    today >= row.end_date &&
    mandateRenews(row) &&
    row.renewal_notice_for === row.end_date &&
    noticeAged(row.renewal_notice_at, now) &&
    today <= coveredUntil(row, graceDays)
  );
}

export type DebitStep =
  | { kind: 'wait'; reason: 'answer awaited' | 'paid' | 'tried today' }
  | { kind: 'debit'; attempt: number };

/**
 * The next step for a term's debits, from the ledger entries made for it so far
 * (oldest first): none while one is unanswered or one was captured, at most one
 * try a day, and each try numbered so its idempotency key is new.
 */
export function nextDebit(
  entries: readonly { state: LedgerState; created_at: Date }[],
  today: string,
  timeZone: string,
): DebitStep {
  if (entries.some((entry) => entry.state === 'settled')) return { kind: 'wait', reason: 'paid' };
  if (entries.some((entry) => !isFinal(entry.state)))
    return { kind: 'wait', reason: 'answer awaited' };
  const last = entries.at(-1);
  if (last && calendarToday(last.created_at, timeZone) === today)
    return { kind: 'wait', reason: 'tried today' };
  return { kind: 'debit', attempt: entries.length + 1 };
}

/**
 * Whether a term past its end is over for good today: its grace days (if any) have
 * passed and no debit for the next term is still unanswered (a pending debit that
 * is later captured must find its term to follow).
 */
export function lapsed(
  row: SubscriptionRow,
  today: string,
  graceDays: number,
  debits: readonly { state: LedgerState }[],
): boolean {
  return today > coveredUntil(row, graceDays) && debits.every((entry) => isFinal(entry.state));
}

/** Whether the provider captured another amount or currency than the order asked for. */
export function captureDiffers(
  order: { amount_minor: number; currency: string },
  payment: { amountMinor: number | null; currency: string | null },
): boolean {
  return (
    (payment.amountMinor !== null && payment.amountMinor !== order.amount_minor) ||
    (payment.currency !== null && payment.currency !== order.currency)
  );
}

/**
 * An upgrade's refund of the replaced plan: its unused days as of the day the
 * payment completed, never more than the review quoted (a late payment leaves
 * fewer days unused).
 */
export function upgradeRefundMinor(
  quotedMinor: number,
  replaced: Pick<SubscriptionRow, 'price_minor' | 'start_date' | 'end_date'>,
  today: string,
): number {
  const unused = unusedRefundMinor(
    replaced.price_minor,
    replaced.start_date,
    replaced.end_date,
    today,
  );
  return Math.min(quotedMinor, unused);
}
