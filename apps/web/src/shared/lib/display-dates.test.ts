import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatSavedCardDate, formatSpokenDate } from './display-dates.ts';

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

  it('writes the spoken date as en-GB does, on every weekday and month', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(formatSpokenDate('2026-11-21')).toBe('Saturday, 21 November 2026');
    // Every day of a leap year and the turn of a year.
    for (let day = 0; day < 370; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day));
      const iso = date.toISOString().slice(0, 10);
      expect(formatSpokenDate(iso), iso).toBe(intl.format(date));
    }
  });

  it('writes every date shown on screen as dd/MM/yyyy (spec 2 §9), timestamps too', () => {
    expect(formatDisplayDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDisplayDate('2026-01-05T09:30:00.000Z')).toBe('05/01/2026');
    expect(formatDisplayDate('2026-12-31')).toBe('31/12/2026');
  });
});
