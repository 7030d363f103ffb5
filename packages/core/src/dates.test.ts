import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_START,
  DAY_START_HOUR,
  DEFAULT_PUBLISHER_TZ,
  addDays,
  calendarToday,
  compactToIso,
  daysBetween,
  editionToday,
  formatDisplayDate,
  isIsoDate,
  isoToCompact,
} from './dates.ts';

describe('dates', () => {
  it('validates real calendar dates only', () => {
    expect(isIsoDate('2026-11-21')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('20261121')).toBe(false);
  });

  it('converts compact dates', () => {
    expect(compactToIso('20261121')).toBe('2026-11-21');
    expect(compactToIso('20261131')).toBeUndefined();
    expect(compactToIso('2026-11-21')).toBeUndefined();
  });

  it('uses the publisher time zone, not UTC, for today', () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in Kolkata.
    const now = new Date('2026-11-21T20:00:00Z');
    expect(calendarToday(now, 'Asia/Kolkata')).toBe('2026-11-22');
    expect(calendarToday(now, 'UTC')).toBe('2026-11-21');
  });

  it('starts the publisher day at 06:00', () => {
    // 00:29 UTC = 05:59 IST -> yesterday's edition; 00:30 UTC = 06:00 IST -> today's.
    expect(editionToday(new Date('2026-11-21T00:29:00Z'), 'Asia/Kolkata')).toBe('2026-11-20');
    expect(editionToday(new Date('2026-11-21T00:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-21');
  });

  it('answers each time zone and each minute for itself, however often it is asked', () => {
    const last = new Date('2026-11-21T00:29:59.999Z');
    const first = new Date('2026-11-21T00:30:00.000Z');
    for (let i = 0; i < 3; i += 1) {
      expect(editionToday(last, 'Asia/Kolkata')).toBe('2026-11-20');
      expect(editionToday(last, 'Pacific/Kiritimati')).toBe('2026-11-21');
      expect(editionToday(first, 'Asia/Kolkata')).toBe('2026-11-21');
      expect(editionToday(last, 'Asia/Kolkata')).toBe('2026-11-20');
    }
  });

  it('does day arithmetic across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-11-14', '2026-11-21')).toBe(7);
    expect(formatDisplayDate('2026-11-21')).toBe('21/11/2026');
  });

  it('takes a date only when it is the whole text', () => {
    expect(isIsoDate('2026-11-21x')).toBe(false);
    expect(isIsoDate('x2026-11-21')).toBe(false);
    expect(compactToIso('202611210')).toBeUndefined();
    expect(compactToIso('120261121')).toBeUndefined();
  });

  it('does not read a year below 100 as 19xx', () => {
    // Date.UTC(50, 0, 1) is 1 January 1950; the year check must refuse it.
    expect(isIsoDate('0050-01-01')).toBe(false);
    expect(compactToIso('00500101')).toBeUndefined();
  });

  it('refuses day and month zero', () => {
    expect(isIsoDate('2026-11-00')).toBe(false);
    expect(isIsoDate('2026-00-15')).toBe(false);
  });

  it('writes a date back in the compact form of the content calls', () => {
    expect(isoToCompact('2026-11-21')).toBe('20261121');
  });

  it('counts days backwards as negative', () => {
    expect(daysBetween('2026-11-21', '2026-11-14')).toBe(-7);
    expect(daysBetween('2026-11-21', '2026-11-21')).toBe(0);
  });

  it('starts the archive on 1 June 2020 and the publisher day at 06:00 in Kolkata by default', () => {
    expect(ARCHIVE_START).toBe('2020-06-01');
    expect(DAY_START_HOUR).toBe(6);
    expect(DEFAULT_PUBLISHER_TZ).toBe('Asia/Kolkata');
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in Kolkata: calendar day 22, edition day 21.
    const now = new Date('2026-11-21T20:00:00Z');
    expect(calendarToday(now)).toBe('2026-11-22');
    expect(editionToday(now)).toBe('2026-11-21');
    expect(editionToday(new Date('2026-11-21T00:30:00Z'))).toBe('2026-11-21');
  });
});
