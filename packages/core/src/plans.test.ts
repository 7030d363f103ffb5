import { describe, expect, it } from 'vitest';
import {
  durationInMonths,
  durationLabel,
  formatDetailPrice,
  formatListPrice,
  formatMoney,
  planChangeKind,
  planEndDate,
  savingMinor,
  unusedRefundMinor,
} from './plans.ts';

describe('planEndDate', () => {
  it('adds calendar days, months and years', () => {
    expect(planEndDate('2026-11-25', 'days', 30)).toBe('2026-12-25');
    expect(planEndDate('2026-11-25', 'month', 1)).toBe('2026-12-25');
    expect(planEndDate('2026-12-25', 'months', 3)).toBe('2027-03-25');
    expect(planEndDate('2026-11-25', 'year', 1)).toBe('2027-11-25');
    expect(planEndDate('2026-11-25', 'years', 2)).toBe('2028-11-25');
  });

  it('ends on the last day of a shorter month, leap years included', () => {
    expect(planEndDate('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(planEndDate('2028-01-31', 'month', 1)).toBe('2028-02-29');
    expect(planEndDate('2026-03-31', 'month', 1)).toBe('2026-04-30');
    expect(planEndDate('2028-02-29', 'year', 1)).toBe('2029-02-28');
    expect(planEndDate('2028-02-29', 'years', 4)).toBe('2032-02-29');
    expect(planEndDate('2028-02-28', 'day', 1)).toBe('2028-02-29');
  });
});

describe('unusedRefundMinor', () => {
  it('refunds the unused days pro rata, rounded down to the paisa', () => {
    // 30 days, 10 used: 20/30 of 199.00 = 132.666… → 132.66
    expect(unusedRefundMinor(19900, '2026-11-01', '2026-12-01', '2026-11-11')).toBe(13266);
    expect(unusedRefundMinor(19900, '2026-11-01', '2026-12-01', '2026-11-01')).toBe(19900);
    expect(unusedRefundMinor(19900, '2026-11-01', '2026-12-01', '2026-12-01')).toBe(0);
    expect(unusedRefundMinor(19900, '2026-11-01', '2026-12-01', '2027-01-01')).toBe(0);
    expect(unusedRefundMinor(19900, '2026-11-01', '2026-12-01', '2026-10-01')).toBe(19900);
  });

  it('counts February and leap days as the calendar has them', () => {
    // 31 Jan to 28 Feb 2026: 28 days; upgraded on 14 Feb, 14 unused.
    expect(unusedRefundMinor(28000, '2026-01-31', '2026-02-28', '2026-02-14')).toBe(14000);
    // 31 Jan to 29 Feb 2028: 29 days; upgraded on 29 Feb, 0 unused.
    expect(unusedRefundMinor(29000, '2028-01-31', '2028-02-29', '2028-02-29')).toBe(0);
    // A leap year holds 366 days: on 1 Mar 2028, 306 of them are left.
    expect(unusedRefundMinor(366_00, '2028-01-01', '2029-01-01', '2028-03-01')).toBe(306_00);
    // A year from 29 Feb 2028 ends 28 Feb 2029: 365 days.
    expect(unusedRefundMinor(365_00, '2028-02-29', '2029-02-28', '2028-03-01')).toBe(364_00);
  });

  it('is 0 for a plan of no days', () => {
    expect(unusedRefundMinor(100, '2026-11-25', '2026-11-25', '2026-11-25')).toBe(0);
  });
});

describe('prices', () => {
  it('lists whole prices without decimals and others with two', () => {
    expect(formatListPrice(19900)).toBe('199');
    expect(formatListPrice(499)).toBe('4.99');
    expect(formatListPrice(450)).toBe('4.50');
  });

  it('shows INR rounded to whole and USD with two decimals', () => {
    expect(formatDetailPrice(19950, 'INR')).toBe('200');
    expect(formatDetailPrice(19949, 'INR')).toBe('199');
    expect(formatDetailPrice(500, 'USD')).toBe('5.00');
    expect(formatMoney(199900, 'INR')).toBe('₹1999');
    expect(formatMoney(4999, 'USD')).toBe('$49.99');
  });

  it('saves only against an MRP above the price', () => {
    expect(savingMinor(19900, 24900)).toBe(5000);
    expect(savingMinor(19900, 19900)).toBe(0);
    expect(savingMinor(19900, 9900)).toBe(0);
    expect(savingMinor(19900, undefined)).toBe(0);
  });
});

describe('plans', () => {
  it('labels durations as Month, Year or N Years', () => {
    expect(durationLabel('month', 1)).toBe('Month');
    expect(durationLabel('year', 1)).toBe('Year');
    expect(durationLabel('years', 2)).toBe('2 Years');
    expect(durationLabel('months', 6)).toBe('6 Months');
    expect(durationLabel('days', 30)).toBe('30 Days');
  });

  it('sorts by months', () => {
    expect(durationInMonths('days', 30)).toBe(1);
    expect(durationInMonths('month', 1)).toBe(1);
    expect(durationInMonths('years', 2)).toBe(24);
  });

  it('calls a dearer plan an upgrade and any other a downgrade', () => {
    expect(planChangeKind(undefined, { priceMinor: 100 })).toBe('new');
    expect(planChangeKind({ priceMinor: 100 }, { priceMinor: 101 })).toBe('upgrade');
    expect(planChangeKind({ priceMinor: 100 }, { priceMinor: 100 })).toBe('downgrade');
    expect(planChangeKind({ priceMinor: 100 }, { priceMinor: 99 })).toBe('downgrade');
  });
});
