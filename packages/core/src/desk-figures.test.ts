import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_FIGURES_DAYS,
  FIGURES_MESSAGES,
  MAX_FIGURES_DAYS,
  figureMoneySchema,
  figuresDaySchema,
  figuresQuerySchema,
  figuresSchema,
  type FiguresDay,
} from './desk-figures.ts';

const check = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues[0]?.message;
};

const emptyDay: FiguresDay = {
  newSubscribers: [],
  renewals: { due: 0, charged: 0, failed: 0, recovered: 0 },
  cancellations: [],
  refunds: [],
  netRevenue: [],
  activeSubscribers: 0,
  readers: { visitors: 0, signedIn: 0, subscribers: 0 },
};

describe('figures bounds', () => {
  it('covers at most a year at once, a month by default', () => {
    expect(MAX_FIGURES_DAYS).toBe(366);
    expect(DEFAULT_FIGURES_DAYS).toBe(30);
  });

  it('says what is wrong in the desk’s words', () => {
    expect(FIGURES_MESSAGES).toEqual({
      brandInvalid: 'Choose dh or pv.',
      fromInvalid: 'Give the first day as YYYY-MM-DD.',
      toInvalid: 'Give the last day as YYYY-MM-DD.',
      rangeBackwards: 'The first day must not be after the last day.',
      rangeTooLong: 'Show at most 366 days at once.',
      empty: 'No payments or readers in these days.',
    });
  });
});

describe('figuresQuerySchema', () => {
  const query = { brand: 'dh', from: '2026-11-01', to: '2026-11-28' };

  it('takes a brand and a range of days', () => {
    expect(figuresQuerySchema.parse(query)).toEqual(query);
    expect(check(figuresQuerySchema, { ...query, to: '2026-11-01' })).toBe('ok');
  });

  it('refuses another brand, or none', () => {
    expect(check(figuresQuerySchema, { ...query, brand: 'xx' })).toBe(
      FIGURES_MESSAGES.brandInvalid,
    );
    expect(check(figuresQuerySchema, { from: query.from, to: query.to })).toBe(
      FIGURES_MESSAGES.brandInvalid,
    );
  });

  it('refuses a day that is not a calendar date, or too long to be one', () => {
    expect(check(figuresQuerySchema, { ...query, from: '2026-02-30' })).toBe(
      FIGURES_MESSAGES.fromInvalid,
    );
    expect(check(figuresQuerySchema, { ...query, from: `2026-11-01${'x'.repeat(5000)}` })).toBe(
      FIGURES_MESSAGES.fromInvalid,
    );
    expect(check(figuresQuerySchema, { ...query, to: '28/11/2026' })).toBe(
      FIGURES_MESSAGES.toInvalid,
    );
    expect(check(figuresQuerySchema, { ...query, to: undefined })).toBe(FIGURES_MESSAGES.toInvalid);
  });

  it('refuses a range that runs backwards', () => {
    expect(check(figuresQuerySchema, { ...query, from: '2026-11-29' })).toBe(
      FIGURES_MESSAGES.rangeBackwards,
    );
  });

  it('takes 366 days and refuses 367', () => {
    expect(check(figuresQuerySchema, { ...query, from: '2025-11-28', to: '2026-11-28' })).toBe(
      'ok',
    );
    expect(check(figuresQuerySchema, { ...query, from: '2025-11-27', to: '2026-11-28' })).toBe(
      FIGURES_MESSAGES.rangeTooLong,
    );
  });

  it('refuses anything else in the query', () => {
    expect(check(figuresQuerySchema, { ...query, user: 'u1' })).not.toBe('ok');
  });
});

describe('figures answers', () => {
  it('bound every count, amount and label', () => {
    expect(check(figuresDaySchema, emptyDay)).toBe('ok');
    expect(check(figuresDaySchema, { ...emptyDay, activeSubscribers: -1 })).not.toBe('ok');
    expect(check(figuresDaySchema, { ...emptyDay, activeSubscribers: 1.5 })).not.toBe('ok');
    expect(
      check(figuresDaySchema, {
        ...emptyDay,
        cancellations: [{ reason: 'x'.repeat(501), count: 1 }],
      }),
    ).not.toBe('ok');
    expect(
      check(figuresDaySchema, {
        ...emptyDay,
        newSubscribers: [{ plan: 'x'.repeat(501), currency: 'INR', count: 1 }],
      }),
    ).not.toBe('ok');
    expect(check(figureMoneySchema, { currency: 'INR', count: 1, amountMinor: -500 })).toBe('ok');
    expect(check(figureMoneySchema, { currency: 'RUPEESXX', count: 1, amountMinor: 1 })).toBe('ok');
    expect(check(figureMoneySchema, { currency: 'RUPEESPLUS', count: 1, amountMinor: 1 })).not.toBe(
      'ok',
    );
    expect(check(figureMoneySchema, { currency: 'INR', count: 1, amountMinor: 2 ** 53 })).not.toBe(
      'ok',
    );
  });

  it('hold at most a year of days', () => {
    const day = { ...emptyDay, date: '2026-11-01' };
    const answer = { brand: 'dh', from: '2026-11-01', to: '2026-11-01', totals: emptyDay };
    expect(check(figuresSchema, { ...answer, days: Array(366).fill(day) })).toBe('ok');
    expect(check(figuresSchema, { ...answer, days: Array(367).fill(day) })).not.toBe('ok');
  });
});
