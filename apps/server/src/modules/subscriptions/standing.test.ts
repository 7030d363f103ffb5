// Where a reader stands, from their subscription rows alone (issue 23 part 10, pinned
// by StrykerJS: `npm run mutation -w @folio/server`). The term in these tests runs
// from 1 November to 1 December 2026; a debited term keeps the paper open through
// GRACE (3) more days, so 4 December is its last grace day.
import { UNLIMITED_ARCHIVE } from '@folio/core';
import { describe, expect, it } from 'vitest';
import {
  coveredUntil,
  currentSubscription,
  entitlementOf,
  mandateRenews,
  opensOn,
  renewsByPayment,
  scheduledChange,
  toUserSubscription,
} from './standing.ts';
import { monthlyRow } from './monthly-row.test-kit.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

const GRACE = 3;
const START = '2026-11-01';
const END = '2026-12-01';
const LAST_GRACE_DAY = '2026-12-04';

const row = monthlyRow;

const usdPlan = (overrides: Partial<SubscriptionRow> = {}) =>
  row({ currency: 'USD', price_minor: 4_99, mandate_id: null, ...overrides });

describe('coveredUntil', () => {
  it('adds the grace days to an INR plan its mandate will debit', () => {
    expect(coveredUntil(row(), GRACE)).toBe(LAST_GRACE_DAY);
    expect(coveredUntil(row(), 5)).toBe('2026-12-06');
    expect(coveredUntil(row(), 0)).toBe(END);
  });

  it('gives no grace days to a USD plan', () => {
    expect(coveredUntil(usdPlan(), GRACE)).toBe(END);
    expect(coveredUntil(usdPlan({ mandate_id: 'token_1' }), GRACE)).toBe(END);
  });

  it('gives grace days up to ₹15,000 exactly, none one paisa above (the reader pays for it)', () => {
    expect(coveredUntil(row({ price_minor: 15_000_00 }), GRACE)).toBe(LAST_GRACE_DAY);
    expect(coveredUntil(row({ price_minor: 15_000_01 }), GRACE)).toBe(END);
  });

  it('gives no grace days to a plan with no mandate to debit', () => {
    expect(coveredUntil(row({ mandate_id: null }), GRACE)).toBe(END);
  });

  it('gives no grace days once the reader cancelled renewal before any debit', () => {
    expect(coveredUntil(row({ auto_renew: false }), GRACE)).toBe(END);
  });

  it('keeps the grace days of a debit tried on or after the end date, even once cancelled', () => {
    expect(coveredUntil(row({ auto_renew: false, renewal_attempted_on: END }), GRACE)).toBe(
      LAST_GRACE_DAY,
    );
    expect(
      coveredUntil(row({ auto_renew: false, renewal_attempted_on: '2026-12-03' }), GRACE),
    ).toBe(LAST_GRACE_DAY);
    // The try is what counts, not the mandate: one tried before the mandate went keeps them.
    expect(
      coveredUntil(row({ auto_renew: false, mandate_id: null, renewal_attempted_on: END }), GRACE),
    ).toBe(LAST_GRACE_DAY);
  });

  it('gives no grace days for a debit tried before the end date (an earlier term)', () => {
    expect(
      coveredUntil(row({ auto_renew: false, renewal_attempted_on: '2026-11-30' }), GRACE),
    ).toBe(END);
  });
});

describe('opensOn', () => {
  it('opens the paper from the first day of the term to its last', () => {
    expect(opensOn(row(), START, GRACE)).toBe(true);
    expect(opensOn(row(), '2026-11-15', GRACE)).toBe(true);
    expect(opensOn(row(), END, GRACE)).toBe(true);
  });

  it('does not open the paper the day before the term starts', () => {
    expect(opensOn(row(), '2026-10-31', GRACE)).toBe(false);
  });

  it('opens the paper on the last grace day, not the day after', () => {
    expect(opensOn(row(), LAST_GRACE_DAY, GRACE)).toBe(true);
    expect(opensOn(row(), '2026-12-05', GRACE)).toBe(false);
  });

  it('closes a USD plan the day after its end date', () => {
    expect(opensOn(usdPlan(), END, GRACE)).toBe(true);
    expect(opensOn(usdPlan(), '2026-12-02', GRACE)).toBe(false);
  });

  it('never opens the paper for a scheduled, replaced or expired row', () => {
    for (const status of ['scheduled', 'replaced', 'expired'] as const) {
      expect(opensOn(row({ status }), '2026-11-15', GRACE)).toBe(false);
    }
  });
});

describe('currentSubscription', () => {
  const monthly = row({ id: 1 });
  const yearly = row({
    id: 2,
    plan_title: 'Yearly',
    start_date: '2026-11-20',
    end_date: '2027-11-20',
  });

  it('holds the plan that started last among those open today (an upgrade)', () => {
    expect(currentSubscription([monthly, yearly], '2026-11-20', GRACE)).toBe(yearly);
    expect(currentSubscription([yearly, monthly], '2026-11-20', GRACE)).toBe(yearly);
  });

  it('holds the earlier plan until the later one starts', () => {
    expect(currentSubscription([monthly, yearly], '2026-11-19', GRACE)).toBe(monthly);
  });

  it('holds the later-listed (newer) row when two start the same day', () => {
    const first = row({ id: 1, plan_title: 'First' });
    const second = row({ id: 2, plan_title: 'Second' });
    expect(currentSubscription([first, second], '2026-11-15', GRACE)).toBe(second);
  });

  it('passes over rows that do not open today, however late they start', () => {
    const downgrade = row({ id: 3, status: 'scheduled', start_date: '2026-11-10' });
    expect(currentSubscription([monthly, downgrade], '2026-11-15', GRACE)).toBe(monthly);
  });

  it('holds nothing when no row opens today', () => {
    expect(currentSubscription([], '2026-11-15', GRACE)).toBeUndefined();
    expect(currentSubscription([monthly], '2026-12-05', GRACE)).toBeUndefined();
  });
});

describe('scheduledChange', () => {
  it('finds the downgrade waiting to start', () => {
    const downgrade = row({ id: 2, status: 'scheduled', start_date: END });
    expect(scheduledChange([row(), downgrade])).toBe(downgrade);
  });

  it('finds none when nothing is scheduled', () => {
    expect(scheduledChange([row(), row({ id: 2, status: 'expired' })])).toBeUndefined();
    expect(scheduledChange([])).toBeUndefined();
  });
});

describe('entitlementOf', () => {
  it('leaves a reader with no open subscription a free reader', () => {
    expect(entitlementOf([], '2026-11-15', GRACE)).toEqual({ kind: 'free' });
    expect(entitlementOf([row()], '2026-12-05', GRACE)).toEqual({ kind: 'free' });
    expect(entitlementOf([row({ status: 'expired' })], '2026-11-15', GRACE)).toEqual({
      kind: 'free',
    });
  });

  it("makes a subscriber with the plan's archive and name", () => {
    expect(entitlementOf([row()], '2026-11-15', GRACE)).toEqual({
      kind: 'subscriber',
      archiveDays: 30,
      planName: 'Monthly',
    });
  });

  it('keeps the reader a subscriber through the grace days', () => {
    expect(entitlementOf([row()], LAST_GRACE_DAY, GRACE)).toEqual({
      kind: 'subscriber',
      archiveDays: 30,
      planName: 'Monthly',
    });
  });

  it("gives the deeper archive on an upgrade's first day, under the newer plan's name", () => {
    const old = row({ id: 1, plan_title: 'Yearly archive', archive_days: 365 });
    const upgrade = row({
      id: 2,
      plan_title: 'Premium',
      archive_days: 30,
      start_date: '2026-11-20',
      end_date: '2027-11-20',
    });
    expect(entitlementOf([old, upgrade], '2026-11-20', GRACE)).toEqual({
      kind: 'subscriber',
      archiveDays: 365,
      planName: 'Premium',
    });
  });

  it('gives an unlimited archive over any number of days', () => {
    const unlimited = row({ id: 1, archive_days: UNLIMITED_ARCHIVE });
    const days = row({ id: 2, archive_days: 365, start_date: '2026-11-20' });
    expect(entitlementOf([unlimited, days], '2026-11-20', GRACE)).toEqual({
      kind: 'subscriber',
      archiveDays: UNLIMITED_ARCHIVE,
      planName: 'Monthly',
    });
  });

  it('reads no archive (0 days) as today only, not as unlimited', () => {
    expect(entitlementOf([row({ archive_days: 0 })], '2026-11-15', GRACE)).toEqual({
      kind: 'subscriber',
      archiveDays: 0,
      planName: 'Monthly',
    });
  });

  it('takes no archive from a row that does not open today', () => {
    const expired = row({ id: 1, status: 'expired', archive_days: UNLIMITED_ARCHIVE });
    const ended = row({
      id: 2,
      archive_days: 3650,
      start_date: '2025-11-01',
      end_date: '2026-11-01',
    });
    const current = row({ id: 3, archive_days: 30, start_date: '2026-11-02', end_date: END });
    expect(entitlementOf([expired, ended, current], '2026-11-15', GRACE)).toEqual({
      kind: 'subscriber',
      archiveDays: 30,
      planName: 'Monthly',
    });
  });
});

describe('mandateRenews', () => {
  it('lets the mandate renew an INR plan up to ₹15,000 exactly', () => {
    expect(mandateRenews(row())).toBe(true);
    expect(mandateRenews(row({ price_minor: 15_000_00 }))).toBe(true);
  });

  it('asks the reader to pay above ₹15,000, by one paisa too', () => {
    expect(mandateRenews(row({ price_minor: 15_000_01 }))).toBe(false);
  });

  it('never debits a USD plan, mandate or not', () => {
    expect(mandateRenews(usdPlan({ mandate_id: 'token_1' }))).toBe(false);
    expect(mandateRenews(usdPlan())).toBe(false);
  });

  it('needs a mandate from the first payment', () => {
    expect(mandateRenews(row({ mandate_id: null }))).toBe(false);
  });
});

describe('renewsByPayment', () => {
  const usd = usdPlan();

  it('offers Renew Now from seven days before the end date, not eight', () => {
    expect(renewsByPayment(usd, [usd], '2026-11-24', GRACE)).toBe(true);
    expect(renewsByPayment(usd, [usd], '2026-11-23', GRACE)).toBe(false);
    expect(renewsByPayment(usd, [usd], END, GRACE)).toBe(true);
  });

  it('offers nothing once the plan no longer opens the paper', () => {
    expect(renewsByPayment(usd, [usd], '2026-12-02', GRACE)).toBe(false);
    expect(renewsByPayment(row({ status: 'expired' }), [], '2026-11-28', GRACE)).toBe(false);
  });

  it('offers nothing while the mandate will debit the plan', () => {
    const mandated = row();
    expect(renewsByPayment(mandated, [mandated], '2026-11-28', GRACE)).toBe(false);
  });

  it('offers Renew Now once the reader cancelled renewal of a mandated plan', () => {
    const cancelled = row({ auto_renew: false });
    expect(renewsByPayment(cancelled, [cancelled], '2026-11-28', GRACE)).toBe(true);
  });

  it('offers Renew Now for an INR plan above ₹15,000 (no mandate may debit it)', () => {
    const dear = row({ price_minor: 15_000_01 });
    expect(renewsByPayment(dear, [dear], '2026-11-28', GRACE)).toBe(true);
  });

  it('offers Renew Now through the grace days of a debit tried before the reader cancelled', () => {
    const tried = row({ auto_renew: false, renewal_attempted_on: END });
    expect(renewsByPayment(tried, [tried], LAST_GRACE_DAY, GRACE)).toBe(true);
    expect(renewsByPayment(tried, [tried], '2026-12-05', GRACE)).toBe(false);
  });

  it('offers nothing when a paid renewal or a downgrade already follows the plan', () => {
    const follower = usdPlan({ id: 2, start_date: END, end_date: '2027-01-01' });
    const following = { ...follower, replaces_subscription_id: usd.id };
    expect(renewsByPayment(usd, [usd, following], '2026-11-28', GRACE)).toBe(false);
    const elsewhere = { ...follower, replaces_subscription_id: 99 };
    expect(renewsByPayment(usd, [usd, elsewhere], '2026-11-28', GRACE)).toBe(true);
  });
});

describe('toUserSubscription', () => {
  const common = {
    id: 1,
    subscription_plan_id: 10,
    plan_name: 'Monthly',
    start_date: START,
    end_date: END,
    start_timestamp: Date.UTC(2026, 10, 1),
    end_timestamp: Date.UTC(2026, 11, 1),
    archival_access: 30,
  };

  it('shows a mandated plan as active, cancellable, with its next payment on the end date', () => {
    const mandated = row();
    expect(toUserSubscription(mandated, [mandated], '2026-11-20', GRACE)).toEqual({
      ...common,
      active: true,
      status: 'active',
      plan_amount_cents: 199_00,
      plan_amount_currency: 'INR',
      next_payment_due_date: END,
      in_grace_period: false,
      cancellable: true,
      expires_in_days: 11,
      renew_by_payment: false,
    });
  });

  it('counts the days left to the end date, not to the grace days, before the end', () => {
    const mandated = row();
    expect(toUserSubscription(mandated, [mandated], END, GRACE)).toMatchObject({
      status: 'active',
      in_grace_period: false,
      cancellable: true,
      expires_in_days: 0,
    });
  });

  it('shows the grace days after the end date: no next payment, not cancellable', () => {
    const mandated = row();
    expect(toUserSubscription(mandated, [mandated], '2026-12-02', GRACE)).toEqual({
      ...common,
      active: true,
      status: 'grace',
      plan_amount_cents: 199_00,
      plan_amount_currency: 'INR',
      next_payment_due_date: null,
      in_grace_period: true,
      cancellable: false,
      expires_in_days: 2,
      renew_by_payment: false,
    });
    expect(toUserSubscription(mandated, [mandated], LAST_GRACE_DAY, GRACE)).toMatchObject({
      status: 'grace',
      active: true,
      expires_in_days: 0,
    });
  });

  it('shows a plan whose renewal the reader cancelled as cancelled, with Renew Now', () => {
    const cancelled = row({ auto_renew: false, next_payment_due_date: null });
    expect(toUserSubscription(cancelled, [cancelled], '2026-11-28', GRACE)).toEqual({
      ...common,
      active: true,
      status: 'cancelled',
      plan_amount_cents: 199_00,
      plan_amount_currency: 'INR',
      next_payment_due_date: null,
      in_grace_period: false,
      cancellable: false,
      expires_in_days: 3,
      renew_by_payment: true,
    });
  });

  it('shows no next payment for a plan nothing will debit (USD), so the reminder shows', () => {
    const usd = usdPlan();
    expect(toUserSubscription(usd, [usd], '2026-11-28', GRACE)).toEqual({
      ...common,
      active: true,
      status: 'active',
      plan_amount_cents: 4_99,
      plan_amount_currency: 'USD',
      next_payment_due_date: null,
      in_grace_period: false,
      cancellable: true,
      expires_in_days: 3,
      renew_by_payment: true,
    });
  });

  it('shows no next payment for an INR plan above ₹15,000', () => {
    const dear = row({ price_minor: 15_000_01 });
    expect(toUserSubscription(dear, [dear], '2026-11-20', GRACE)).toMatchObject({
      status: 'active',
      next_payment_due_date: null,
      plan_amount_cents: 15_000_01,
    });
  });

  it('shows a plan past its grace days as expired, with no days left and nothing to cancel', () => {
    const mandated = row();
    expect(toUserSubscription(mandated, [mandated], '2026-12-05', GRACE)).toMatchObject({
      active: false,
      status: 'expired',
      in_grace_period: false,
      cancellable: false,
      expires_in_days: 0,
      renew_by_payment: false,
    });
  });
});
