import { describe, expect, it } from 'vitest';
import {
  UNLIMITED_ARCHIVE,
  decideAccess,
  earliestOpenDate,
  entitlementClass,
  type Entitlement,
} from './access.ts';
import { BRANDS } from './brands.ts';

const TODAY = '2026-11-25';
const dh = BRANDS.dh;
const pv = BRANDS.pv;
const visitor: Entitlement = { kind: 'visitor' };
const free: Entitlement = { kind: 'free' };
const subscriber = (archiveDays: number): Entitlement => ({
  kind: 'subscriber',
  archiveDays,
  planName: 'Monthly',
});
const at = (date: string, editionNumber: number, pageIndex: number) => ({
  date,
  editionNumber,
  pageIndex,
});

describe('decideAccess', () => {
  it("opens today's front page of the free edition, and only that, to visitors and free readers", () => {
    for (const viewer of [visitor, free]) {
      expect(decideAccess(viewer, dh, at(TODAY, 2, 0), TODAY)).toEqual({ open: true });
      expect(decideAccess(viewer, pv, at(TODAY, 4, 0), TODAY)).toEqual({ open: true });
      expect(decideAccess(viewer, pv, at(TODAY, 2, 0), TODAY).open).toBe(false);
      expect(decideAccess(viewer, dh, at(TODAY, 2, 1), TODAY).open).toBe(false);
      expect(decideAccess(viewer, dh, at(TODAY, 3, 0), TODAY).open).toBe(false);
      expect(decideAccess(viewer, dh, at('2026-11-24', 2, 0), TODAY).open).toBe(false);
    }
  });

  it('names the popup: login-or-subscribe for visitors, subscriber or freemium for free readers', () => {
    expect(decideAccess(visitor, dh, at(TODAY, 2, 1), TODAY)).toEqual({
      open: false,
      reason: 'sign-in',
    });
    expect(decideAccess(visitor, dh, at('2026-11-01', 2, 0), TODAY)).toEqual({
      open: false,
      reason: 'sign-in',
    });
    expect(decideAccess(free, dh, at(TODAY, 2, 1), TODAY)).toEqual({
      open: false,
      reason: 'subscribe',
    });
    expect(decideAccess(free, dh, at(TODAY, 3, 0), TODAY)).toEqual({
      open: false,
      reason: 'subscribe',
    });
    expect(decideAccess(free, dh, at('2026-11-24', 2, 0), TODAY)).toEqual({
      open: false,
      reason: 'freemium',
    });
  });

  it('opens every edition and page to subscribers, on dates within the archive', () => {
    expect(decideAccess(subscriber(0), dh, at(TODAY, 5, 11), TODAY)).toEqual({ open: true });
    expect(decideAccess(subscriber(0), dh, at('2026-11-24', 2, 0), TODAY)).toEqual({
      open: false,
      reason: 'upgrade',
    });
    expect(decideAccess(subscriber(30), dh, at('2026-10-26', 3, 4), TODAY)).toEqual({ open: true });
    expect(decideAccess(subscriber(30), dh, at('2026-10-25', 3, 4), TODAY)).toEqual({
      open: false,
      reason: 'upgrade',
    });
    expect(decideAccess(subscriber(-1), dh, at('2020-06-01', 3, 4), TODAY)).toEqual({ open: true });
    expect(decideAccess(subscriber(-1), dh, at('2020-05-31', 3, 4), TODAY).open).toBe(false);
    expect(decideAccess(subscriber(-1), dh, at('2026-11-26', 2, 0), TODAY).open).toBe(false);
  });
});

describe('earliestOpenDate', () => {
  it('is today for all but subscribers with an archive, and never before June 2020', () => {
    expect(earliestOpenDate(visitor, TODAY)).toBe(TODAY);
    expect(earliestOpenDate(free, TODAY)).toBe(TODAY);
    expect(earliestOpenDate(subscriber(0), TODAY)).toBe(TODAY);
    expect(earliestOpenDate(subscriber(365), TODAY)).toBe('2025-11-25');
    expect(earliestOpenDate(subscriber(5000), TODAY)).toBe('2020-06-01');
    expect(earliestOpenDate(subscriber(-1), TODAY)).toBe('2020-06-01');
  });

  it('is the archive start exactly when the archive reaches back to it', () => {
    expect(earliestOpenDate(subscriber(1), '2020-06-02')).toBe('2020-06-01');
    expect(earliestOpenDate(subscriber(2), '2020-06-02')).toBe('2020-06-01');
    expect(earliestOpenDate(subscriber(1), '2020-06-03')).toBe('2020-06-02');
  });

  it('is today for an archive of 0 days, whatever the date', () => {
    expect(earliestOpenDate(subscriber(0), '2020-01-15')).toBe('2020-01-15');
  });
});

describe('entitlementClass', () => {
  it('tells apart viewers who may see different pages, and only those', () => {
    expect(entitlementClass(visitor)).toBe('visitor');
    expect(entitlementClass(free)).toBe('free');
    expect(entitlementClass(subscriber(30))).toBe('subscriber:30');
    expect(entitlementClass({ kind: 'subscriber', archiveDays: -1, planName: 'A' })).toBe(
      entitlementClass({ kind: 'subscriber', archiveDays: -1, planName: 'B' }),
    );
  });

  it('puts every unlimited archive in one class and today-only subscribers in their own', () => {
    expect(UNLIMITED_ARCHIVE).toBe(-1);
    expect(entitlementClass(subscriber(-1))).toBe('subscriber:-1');
    expect(entitlementClass(subscriber(-7))).toBe('subscriber:-1');
    expect(entitlementClass(subscriber(0))).toBe('subscriber:0');
  });
});
