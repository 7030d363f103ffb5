// The scheduler's and the terms' billing decisions (decision 0022; issue 23 part 10,
// pinned by StrykerJS: `npm run mutation -w @folio/server`). The term in these tests
// runs from 1 November to 1 December 2026 on a ₹199 mandate; its debit keeps the
// paper open through GRACE (3) more days, so 4 December is its last grace day.
import { describe, expect, it } from 'vitest';
import type { LedgerState } from '../../db/schema.ts';
import {
  captureDiffers,
  lapsed,
  nextDebit,
  noticeAged,
  renewalDebitDue,
  upgradeRefundMinor,
} from './billing-rules.ts';
import { monthlyRow } from './monthly-row.test-kit.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

const GRACE = 3;
const END = '2026-12-01';
const LAST_GRACE_DAY = '2026-12-04';
const DAY_AFTER_GRACE = '2026-12-05';
const HOUR = 3_600_000;
const KOLKATA = 'Asia/Kolkata';

/** The pre-debit notice for the end date, sent two days before it. */
const NOTICE_AT = new Date('2026-11-29T04:30:00Z');
/** 10:00 in Kolkata on the end date: the notice is well over 24 hours old. */
const ON_END_DATE = new Date('2026-12-01T04:30:00Z');

/** The monthly plan with its notice for the end date sent. */
const row = (overrides: Partial<SubscriptionRow> = {}) =>
  monthlyRow({ renewal_notice_for: END, renewal_notice_at: NOTICE_AT, ...overrides });

const entry = (state: LedgerState, createdAt: string) => ({
  state,
  created_at: new Date(createdAt),
});

describe('noticeAged', () => {
  const sent = new Date('2026-11-29T04:30:00Z');

  it('holds a debit back when no notice was sent', () => {
    expect(noticeAged(null, new Date('2027-01-01T00:00:00Z'))).toBe(false);
  });

  it('lets a debit go when the notice is 24 hours old exactly', () => {
    expect(noticeAged(sent, new Date(sent.getTime() + 24 * HOUR))).toBe(true);
  });

  it('holds a debit back 1 ms short of 24 hours', () => {
    expect(noticeAged(sent, new Date(sent.getTime() + 24 * HOUR - 1))).toBe(false);
    expect(noticeAged(sent, sent)).toBe(false);
  });

  it('lets a debit go any time after 24 hours', () => {
    expect(noticeAged(sent, new Date(sent.getTime() + 36 * HOUR))).toBe(true);
  });
});

describe('renewalDebitDue', () => {
  it("debits the mandate on the term's last day once the notice is 24 hours old", () => {
    expect(renewalDebitDue(row(), END, ON_END_DATE, GRACE)).toBe(true);
  });

  it('never debits a term whose renewal was cancelled, or that was replaced or expired', () => {
    expect(renewalDebitDue(row({ auto_renew: false }), END, ON_END_DATE, GRACE)).toBe(false);
    expect(renewalDebitDue(row({ status: 'replaced' }), END, ON_END_DATE, GRACE)).toBe(false);
    expect(renewalDebitDue(row({ status: 'expired' }), END, ON_END_DATE, GRACE)).toBe(false);
  });

  it('never debits before the last day of the term', () => {
    expect(renewalDebitDue(row(), '2026-11-30', new Date('2026-11-30T12:00:00Z'), GRACE)).toBe(
      false,
    );
  });

  it('debits through the grace days, the last one included, not the day after', () => {
    expect(renewalDebitDue(row(), LAST_GRACE_DAY, new Date('2026-12-04T04:30:00Z'), GRACE)).toBe(
      true,
    );
    expect(renewalDebitDue(row(), DAY_AFTER_GRACE, new Date('2026-12-05T04:30:00Z'), GRACE)).toBe(
      false,
    );
  });

  it('never debits without a notice for this end date', () => {
    expect(
      renewalDebitDue(
        row({ renewal_notice_for: null, renewal_notice_at: null }),
        END,
        ON_END_DATE,
        GRACE,
      ),
    ).toBe(false);
    // The notice of the term before does not count for this one.
    expect(
      renewalDebitDue(row({ renewal_notice_for: '2026-11-01' }), END, ON_END_DATE, GRACE),
    ).toBe(false);
  });

  it('waits until the notice is 24 hours old: 24 h exactly debits, 1 ms less does not', () => {
    const late = new Date('2026-12-01T00:30:00Z');
    const noticed = row({ renewal_notice_at: late });
    // A notice sent late holds the debit into the grace days.
    expect(
      renewalDebitDue(noticed, '2026-12-02', new Date(late.getTime() + 24 * HOUR - 1), GRACE),
    ).toBe(false);
    expect(
      renewalDebitDue(noticed, '2026-12-02', new Date(late.getTime() + 24 * HOUR), GRACE),
    ).toBe(true);
  });

  it('never debits a USD plan', () => {
    expect(
      renewalDebitDue(row({ currency: 'USD', price_minor: 4_99 }), END, ON_END_DATE, GRACE),
    ).toBe(false);
  });

  it('debits up to ₹15,000 exactly, never one paisa more', () => {
    expect(renewalDebitDue(row({ price_minor: 15_000_00 }), END, ON_END_DATE, GRACE)).toBe(true);
    expect(renewalDebitDue(row({ price_minor: 15_000_01 }), END, ON_END_DATE, GRACE)).toBe(false);
  });

  it('never debits without a mandate', () => {
    expect(renewalDebitDue(row({ mandate_id: null }), END, ON_END_DATE, GRACE)).toBe(false);
  });
});

describe('nextDebit', () => {
  const today = '2026-12-02';

  it('makes the first try, numbered 1, when nothing was tried', () => {
    expect(nextDebit([], today, KOLKATA)).toEqual({ kind: 'debit', attempt: 1 });
  });

  it('waits while a debit is unanswered', () => {
    for (const state of ['created', 'sent', 'unknown'] as const) {
      expect(nextDebit([entry(state, '2026-12-01T04:30:00Z')], today, KOLKATA)).toEqual({
        kind: 'wait',
        reason: 'answer awaited',
      });
    }
    expect(
      nextDebit(
        [entry('failed', '2026-11-30T04:30:00Z'), entry('sent', '2026-12-01T04:30:00Z')],
        today,
        KOLKATA,
      ),
    ).toEqual({ kind: 'wait', reason: 'answer awaited' });
  });

  it('never debits again once a debit was captured, whatever else is open', () => {
    expect(nextDebit([entry('settled', '2026-12-01T04:30:00Z')], today, KOLKATA)).toEqual({
      kind: 'wait',
      reason: 'paid',
    });
    expect(
      nextDebit(
        [entry('failed', '2026-11-30T04:30:00Z'), entry('settled', '2026-12-01T04:30:00Z')],
        today,
        KOLKATA,
      ),
    ).toEqual({ kind: 'wait', reason: 'paid' });
    expect(
      nextDebit(
        [entry('unknown', '2026-11-30T04:30:00Z'), entry('settled', '2026-12-01T04:30:00Z')],
        today,
        KOLKATA,
      ),
    ).toEqual({ kind: 'wait', reason: 'paid' });
  });

  it('tries again the day after a declined try, numbered after every earlier try', () => {
    expect(nextDebit([entry('failed', '2026-12-01T04:30:00Z')], today, KOLKATA)).toEqual({
      kind: 'debit',
      attempt: 2,
    });
    expect(
      nextDebit(
        [
          entry('failed', '2026-11-29T04:30:00Z'),
          entry('failed', '2026-11-30T04:30:00Z'),
          entry('failed', '2026-12-01T04:30:00Z'),
        ],
        today,
        KOLKATA,
      ),
    ).toEqual({ kind: 'debit', attempt: 4 });
  });

  it('tries at most once a day: the latest try decides', () => {
    expect(nextDebit([entry('failed', '2026-12-02T04:30:00Z')], today, KOLKATA)).toEqual({
      kind: 'wait',
      reason: 'tried today',
    });
    expect(
      nextDebit(
        [
          entry('failed', '2026-11-30T04:30:00Z'),
          entry('failed', '2026-12-01T04:30:00Z'),
          entry('failed', '2026-12-02T04:30:00Z'),
        ],
        today,
        KOLKATA,
      ),
    ).toEqual({ kind: 'wait', reason: 'tried today' });
  });

  it('counts the day of a try in Kolkata, not in UTC, around midnight', () => {
    // 18:30 UTC on 1 December is midnight in Kolkata: already 2 December there.
    expect(nextDebit([entry('failed', '2026-12-01T18:30:00.000Z')], today, KOLKATA)).toEqual({
      kind: 'wait',
      reason: 'tried today',
    });
    // One millisecond before it is still 1 December in Kolkata.
    expect(nextDebit([entry('failed', '2026-12-01T18:29:59.999Z')], today, KOLKATA)).toEqual({
      kind: 'debit',
      attempt: 2,
    });
    // 20:00 UTC on 2 December is 01:30 on 3 December in Kolkata: a new day there.
    expect(nextDebit([entry('failed', '2026-12-02T20:00:00Z')], '2026-12-03', KOLKATA)).toEqual({
      kind: 'wait',
      reason: 'tried today',
    });
    expect(nextDebit([entry('failed', '2026-12-02T20:00:00Z')], today, KOLKATA)).toEqual({
      kind: 'debit',
      attempt: 2,
    });
  });
});

describe('lapsed', () => {
  it('lapses a debited term the day after its last grace day, not on it', () => {
    expect(lapsed(row(), LAST_GRACE_DAY, GRACE, [])).toBe(false);
    expect(lapsed(row(), DAY_AFTER_GRACE, GRACE, [])).toBe(true);
  });

  it('lapses a USD plan the day after its end date, with no grace days', () => {
    const usd = row({ currency: 'USD', price_minor: 4_99, mandate_id: null });
    expect(lapsed(usd, END, GRACE, [])).toBe(false);
    expect(lapsed(usd, '2026-12-02', GRACE, [])).toBe(true);
  });

  it('lapses a term whose every debit was declined or captured', () => {
    expect(lapsed(row(), DAY_AFTER_GRACE, GRACE, [{ state: 'failed' }])).toBe(true);
    expect(lapsed(row(), DAY_AFTER_GRACE, GRACE, [{ state: 'failed' }, { state: 'settled' }])).toBe(
      true,
    );
  });

  it('keeps a term past its grace days while a debit is unanswered', () => {
    for (const state of ['created', 'sent', 'unknown'] as const) {
      expect(lapsed(row(), DAY_AFTER_GRACE, GRACE, [{ state: 'failed' }, { state }])).toBe(false);
    }
  });
});

describe('captureDiffers', () => {
  const order = { amount_minor: 199_00, currency: 'INR' };

  it("takes a capture of the order's amount and currency", () => {
    expect(captureDiffers(order, { amountMinor: 199_00, currency: 'INR' })).toBe(false);
  });

  it('takes an answer that leaves out the amount or the currency as the same', () => {
    expect(captureDiffers(order, { amountMinor: null, currency: null })).toBe(false);
    expect(captureDiffers(order, { amountMinor: 199_00, currency: null })).toBe(false);
    expect(captureDiffers(order, { amountMinor: null, currency: 'INR' })).toBe(false);
  });

  it('finds another amount, one paisa more or less', () => {
    expect(captureDiffers(order, { amountMinor: 199_01, currency: 'INR' })).toBe(true);
    expect(captureDiffers(order, { amountMinor: 198_99, currency: 'INR' })).toBe(true);
    expect(captureDiffers(order, { amountMinor: 199_01, currency: null })).toBe(true);
  });

  it('finds another currency, whatever the amount', () => {
    expect(captureDiffers(order, { amountMinor: 199_00, currency: 'USD' })).toBe(true);
    expect(captureDiffers(order, { amountMinor: null, currency: 'USD' })).toBe(true);
  });
});

describe('upgradeRefundMinor', () => {
  // 30 days for ₹199.00.
  const replaced = { price_minor: 199_00, start_date: '2026-11-01', end_date: END };

  it('refunds the unused days as of the day the payment completed', () => {
    // 20 of 30 days unused: 132.666… → ₹132.66.
    expect(upgradeRefundMinor(199_00, replaced, '2026-11-11')).toBe(132_66);
    // Paid a day later than quoted: one day fewer unused.
    expect(upgradeRefundMinor(132_66, replaced, '2026-11-12')).toBe(126_03);
  });

  it('never refunds more than the review quoted', () => {
    expect(upgradeRefundMinor(100_00, replaced, '2026-11-11')).toBe(100_00);
  });

  it('refunds nothing once the replaced plan has ended', () => {
    expect(upgradeRefundMinor(132_66, replaced, END)).toBe(0);
  });
});
