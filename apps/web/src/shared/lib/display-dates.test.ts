import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatNumericDate,
  formatSavedCardDate,
  formatShortDate,
} from './display-dates.ts';

describe('display dates', () => {
  it("writes the saved cards' date as MMM dd, yyyy (spec 2 §9), as en-US does", () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(formatSavedCardDate('2026-09-05')).toBe('Sep 05, 2026');
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2027, 0, 1 + day));
      const iso = date.toISOString().slice(0, 10);
      expect(formatSavedCardDate(iso), iso).toBe(intl.format(date));
    }
  });

  it('writes the long date as en-GB does, on every weekday and month', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(formatLongDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    // Every day of a leap year and the turn of a year.
    for (let day = 0; day < 370; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day));
      const iso = date.toISOString().slice(0, 10);
      expect(formatLongDate(iso), iso).toBe(intl.format(date));
    }
  });

  it('writes the short date for the footer as en-GB does, in every month', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(formatShortDate('2026-11-21')).toBe('21 Nov 2026');
    expect(formatShortDate('2027-01-03')).toBe('3 Jan 2027');
    expect(formatShortDate('2026-09-30')).toBe('30 Sept 2026');
    for (let day = 0; day < 370; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day));
      const iso = date.toISOString().slice(0, 10);
      expect(formatShortDate(iso), iso).toBe(intl.format(date));
    }
  });

  it('writes the numeric date as dd/MM/yyyy', () => {
    expect(formatNumericDate('2026-11-21')).toBe('21/11/2026');
    expect(formatNumericDate('2026-01-05')).toBe('05/01/2026');
  });
});
