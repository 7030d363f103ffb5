import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_ARCHIVE_DAYS,
  MAX_GROUP_BADGE,
  MAX_GROUP_BADGES,
  MAX_GROUP_NAME,
  MAX_PLAN_BULLET,
  MAX_PLAN_BULLETS,
  MAX_PLAN_DAYS,
  MAX_PLAN_PRICE_MINOR,
  MAX_PLAN_TAGLINE,
  MAX_PLAN_TITLE,
  PLAN_MESSAGES,
  groupChangeSchema,
  planGroupParamsSchema,
  planChangeSchema,
  planCreateSchema,
  planDays,
  planParamsSchema,
  plansBrandParamsSchema,
  plansQuerySchema,
} from './desk-plans.ts';
import { MESSAGES } from './messages.ts';

const check = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error?.issues[0]?.message;
};

const valid = {
  groupId: 3,
  title: 'Student Quarterly',
  tagline: 'For students',
  description: ['Every page'],
  archivalAccess: 0,
  mrp: null,
  visible: true,
  priceMinor: 39900,
  currency: 'INR',
  durationUnit: 'months',
  durationLength: 3,
  recurring: true,
};

describe('a new plan', () => {
  it('is taken with its texts trimmed and pipes in a line made slashes', () => {
    const parsed = planCreateSchema.parse({
      ...valid,
      title: '  Student Quarterly ',
      tagline: ' For students ',
      description: [' Every page ', 'Archive | a year'],
    });
    expect(parsed).toEqual({
      ...valid,
      title: 'Student Quarterly',
      tagline: 'For students',
      description: ['Every page', 'Archive / a year'],
    });
  });

  it('has a name of at most its length, not blank', () => {
    expect(check(planCreateSchema, { ...valid, title: 'x'.repeat(MAX_PLAN_TITLE) })).toBe('ok');
    expect(check(planCreateSchema, { ...valid, title: 'x'.repeat(MAX_PLAN_TITLE + 1) })).toBe(
      MESSAGES.tooLong('The plan’s name', MAX_PLAN_TITLE),
    );
    expect(check(planCreateSchema, { ...valid, title: '   ' })).toBe(PLAN_MESSAGES.titleRequired);
    expect(check(planCreateSchema, { ...valid, tagline: 'x'.repeat(MAX_PLAN_TAGLINE + 1) })).toBe(
      MESSAGES.tooLong('The tagline', MAX_PLAN_TAGLINE),
    );
  });

  it('costs from 1 to the most a plan may cost, in whole minor units', () => {
    expect(check(planCreateSchema, { ...valid, priceMinor: 1 })).toBe('ok');
    expect(check(planCreateSchema, { ...valid, priceMinor: MAX_PLAN_PRICE_MINOR })).toBe('ok');
    for (const priceMinor of [0, -100, 99.5, MAX_PLAN_PRICE_MINOR + 1, '100', null])
      expect(check(planCreateSchema, { ...valid, priceMinor })).toBe(PLAN_MESSAGES.priceInvalid);
    expect(MAX_PLAN_PRICE_MINOR).toBe(10_000_000);
    expect(PLAN_MESSAGES.priceInvalid).toBe(
      'Give a price from 1 to 1,00,00,000 in paise or cents.',
    );
  });

  it('is sold in INR or USD, and says so when the currency is missing', () => {
    expect(check(planCreateSchema, { ...valid, currency: 'USD', mrp: null })).toBe('ok');
    const { currency: _none, ...noCurrency } = valid;
    expect(check(planCreateSchema, noCurrency)).toBe(PLAN_MESSAGES.currencyInvalid);
    expect(check(planCreateSchema, { ...valid, currency: 'EUR' })).toBe(
      PLAN_MESSAGES.currencyInvalid,
    );
  });

  it('runs from a day to five years', () => {
    expect(MAX_PLAN_DAYS).toBe(1826);
    expect(check(planCreateSchema, { ...valid, durationUnit: 'day', durationLength: 1 })).toBe(
      'ok',
    );
    expect(
      check(planCreateSchema, { ...valid, durationUnit: 'days', durationLength: MAX_PLAN_DAYS }),
    ).toBe('ok');
    expect(check(planCreateSchema, { ...valid, durationUnit: 'years', durationLength: 4 })).toBe(
      'ok',
    );
    for (const [durationUnit, durationLength] of [
      ['days', 0],
      ['days', MAX_PLAN_DAYS + 1],
      ['years', 5],
      ['months', 59],
      ['months', 1.5],
      ['weeks', 2],
    ] as const)
      expect(check(planCreateSchema, { ...valid, durationUnit, durationLength })).toBe(
        PLAN_MESSAGES.durationInvalid,
      );
    expect(check(planCreateSchema, { ...valid, durationUnit: 'months', durationLength: 58 })).toBe(
      'ok',
    );
  });

  it('counts a length in days, a month as 31 and a year as 366', () => {
    expect(planDays('day', 1)).toBe(1);
    expect(planDays('days', 10)).toBe(10);
    expect(planDays('month', 1)).toBe(31);
    expect(planDays('months', 2)).toBe(62);
    expect(planDays('year', 1)).toBe(366);
    expect(planDays('years', 2)).toBe(732);
  });

  it('opens the archive from -1 (all of it) to ten years back', () => {
    expect(MAX_ARCHIVE_DAYS).toBe(3650);
    for (const archivalAccess of [-1, 0, MAX_ARCHIVE_DAYS])
      expect(check(planCreateSchema, { ...valid, archivalAccess })).toBe('ok');
    for (const archivalAccess of [-2, MAX_ARCHIVE_DAYS + 1, 1.5, '7'])
      expect(check(planCreateSchema, { ...valid, archivalAccess })).toBe(
        PLAN_MESSAGES.archiveInvalid,
      );
  });

  it('crosses out only a price above its own, in whole units', () => {
    expect(check(planCreateSchema, { ...valid, mrp: 400 })).toBe('ok');
    for (const mrp of [399, 0, -1, 10.5, MAX_PLAN_PRICE_MINOR / 100 + 1])
      expect(check(planCreateSchema, { ...valid, mrp })).toBe(PLAN_MESSAGES.mrpInvalid);
  });

  it('has at most eight description lines, none empty or too long', () => {
    expect(MAX_PLAN_BULLETS).toBe(8);
    const line = 'x'.repeat(MAX_PLAN_BULLET);
    expect(
      check(planCreateSchema, { ...valid, description: Array(MAX_PLAN_BULLETS).fill(line) }),
    ).toBe('ok');
    expect(
      check(planCreateSchema, { ...valid, description: Array(MAX_PLAN_BULLETS + 1).fill('x') }),
    ).toBe(`A description has at most ${MAX_PLAN_BULLETS} lines.`);
    expect(check(planCreateSchema, { ...valid, description: [`${line}x`] })).toBe(
      MESSAGES.tooLong('A line of the description', MAX_PLAN_BULLET),
    );
    expect(check(planCreateSchema, { ...valid, description: [' '] })).toBe(
      'Remove empty lines from the description.',
    );
    expect(check(planCreateSchema, { ...valid, description: 'Every page' })).toBe(
      'Give the description as lines.',
    );
  });

  it('names its group by id, says whether readers see it and whether it renews', () => {
    for (const groupId of [0, -1, 'a', 2 ** 31])
      expect(check(planCreateSchema, { ...valid, groupId })).toBe(PLAN_MESSAGES.groupNotFound);
    expect(check(planCreateSchema, { ...valid, visible: 'yes' })).toBe(
      'Say whether readers see the plan.',
    );
    expect(check(planCreateSchema, { ...valid, recurring: 1 })).toBe(
      'Say whether the plan renews by itself.',
    );
    expect(check(planCreateSchema, { ...valid, extra: 1 })).not.toBe('ok');
  });
});

describe('a change to a plan', () => {
  it('takes any one field, a move or retiring, and nothing else', () => {
    for (const change of [
      { priceMinor: 100 },
      { title: 'New' },
      { tagline: '' },
      { description: [] },
      { archivalAccess: -1 },
      { mrp: null },
      { visible: false },
      { groupId: 2 },
      { move: 'up' },
      { move: 'down' },
      { retired: true },
    ])
      expect(check(planChangeSchema, change)).toBe('ok');
    expect(check(planChangeSchema, {})).toBe(PLAN_MESSAGES.nothingToChange);
    expect(check(planChangeSchema, { move: 'left' })).toBe('Move a plan up or down.');
    expect(check(planChangeSchema, { retired: 'no' })).toBe('Say whether the plan is retired.');
    expect(check(planChangeSchema, { currency: 'USD' })).not.toBe('ok');
    expect(check(planChangeSchema, { priceMinor: 0 })).toBe(PLAN_MESSAGES.priceInvalid);
  });
});

describe('plan routes’ parameters', () => {
  it('name a brand and a plan id', () => {
    expect(plansQuerySchema.parse({ brand: 'pv' })).toEqual({ brand: 'pv' });
    expect(check(plansQuerySchema, { brand: 'xx' })).toBe(PLAN_MESSAGES.brandInvalid);
    expect(check(plansBrandParamsSchema, { brand: 'xx' })).toBe(PLAN_MESSAGES.brandInvalid);
    expect(planParamsSchema.parse({ brand: 'dh', id: '12' })).toEqual({ brand: 'dh', id: 12 });
    expect(check(planParamsSchema, { brand: 'xx', id: '12' })).toBe(PLAN_MESSAGES.brandInvalid);
    for (const id of ['0', 'abc', '-3'])
      expect(check(planParamsSchema, { brand: 'dh', id })).toBe(PLAN_MESSAGES.planNotFound);
  });

  it('say what the desk says', () => {
    expect(PLAN_MESSAGES.planInUse).toContain('cannot be deleted');
    expect(PLAN_MESSAGES.durationInvalid).toBe('A plan runs from 1 day to 1826 days.');
    expect(PLAN_MESSAGES.archiveInvalid).toBe(
      'Archive access is -1 (the whole archive) or 0 to 3650 days.',
    );
  });
});

describe('a group’s change', () => {
  it('takes a trimmed name and up to three badges, in order', () => {
    expect(groupChangeSchema.parse({ name: ' Digital ', badges: [' Popular', 'New '] })).toEqual({
      name: 'Digital',
      badges: ['Popular', 'New'],
    });
    expect(groupChangeSchema.parse({ badges: [] })).toEqual({ badges: [] });
    expect(groupChangeSchema.parse({ badges: ['a', 'b', 'c'] }).badges).toHaveLength(
      MAX_GROUP_BADGES,
    );
    expect(
      groupChangeSchema.parse({ badges: ['x'.repeat(MAX_GROUP_BADGE)] }).badges?.[0],
    ).toHaveLength(MAX_GROUP_BADGE);
    expect(groupChangeSchema.parse({ name: 'n'.repeat(MAX_GROUP_NAME) }).name).toHaveLength(
      MAX_GROUP_NAME,
    );
  });

  it('refuses too many, empty, too long or repeated badges, an empty name and nothing', () => {
    for (const badges of [['a', 'b', 'c', 'd'], [' '], ['Best', 'BEST'], 'Popular'])
      expect(check(groupChangeSchema, { badges })).toBe(PLAN_MESSAGES.badgesInvalid);
    expect(check(groupChangeSchema, { badges: ['x'.repeat(MAX_GROUP_BADGE + 1)] })).toContain(
      `at most ${MAX_GROUP_BADGE}`,
    );
    expect(check(groupChangeSchema, { badges: [3] })).toBe('A badge must be text');
    expect(check(groupChangeSchema, { name: '  ' })).toBe(PLAN_MESSAGES.groupNameRequired);
    expect(check(groupChangeSchema, { name: 'n'.repeat(MAX_GROUP_NAME + 1) })).toContain(
      `at most ${MAX_GROUP_NAME}`,
    );
    expect(check(groupChangeSchema, {})).toBe(PLAN_MESSAGES.nothingToChange);
    expect(check(groupChangeSchema, { name: 'A', color: 'red' })).toBeDefined();
  });

  it('names a brand and a group id', () => {
    expect(planGroupParamsSchema.parse({ brand: 'dh', id: '7' })).toEqual({ brand: 'dh', id: 7 });
    expect(check(planGroupParamsSchema, { brand: 'xx', id: '7' })).toBe(PLAN_MESSAGES.brandInvalid);
    for (const id of ['0', 'abc'])
      expect(check(planGroupParamsSchema, { brand: 'dh', id })).toBe(PLAN_MESSAGES.groupNotFound);
  });
});
