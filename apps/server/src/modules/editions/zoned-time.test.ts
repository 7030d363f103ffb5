import { describe, expect, it } from 'vitest';
import { wallClock, zonedInstant } from './zoned-time.ts';

describe('wall-clock times in a time zone', () => {
  it('finds the instant of a date and time in India, five and a half hours ahead of UTC', () => {
    expect(zonedInstant('2026-11-28', 7, 15, 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-28T01:45:00.000Z',
    );
    expect(zonedInstant('2026-11-28', 0, 0, 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-27T18:30:00.000Z',
    );
    expect(zonedInstant('2026-12-31', 23, 59, 'UTC').toISOString()).toBe(
      '2026-12-31T23:59:00.000Z',
    );
  });

  it('follows summer time on either side of the change', () => {
    expect(zonedInstant('2026-03-28', 9, 30, 'Europe/London').toISOString()).toBe(
      '2026-03-28T09:30:00.000Z',
    );
    expect(zonedInstant('2026-03-30', 9, 30, 'Europe/London').toISOString()).toBe(
      '2026-03-30T08:30:00.000Z',
    );
    expect(zonedInstant('2026-07-01', 6, 0, 'America/New_York').toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
  });

  it('reads the date, hour and minute an instant shows there', () => {
    expect(wallClock(new Date('2026-11-28T01:45:30.000Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-28',
      hour: 7,
      minute: 15,
    });
    expect(wallClock(new Date('2026-11-27T18:29:00.000Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-27',
      hour: 23,
      minute: 59,
    });
  });
});
