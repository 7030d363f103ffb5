// The business desk's figures (issue 27 part 5): per brand and calendar day, new
// subscribers by plan and currency, renewals due / charged / failed / recovered in
// grace, cancellations by reason, refunds, revenue net of refunds, active
// subscribers and readers (visitors, signed in, subscribers). Counts and sums only:
// no answer names a reader. Re-exported by desk.ts, so it is part of `@folio/core/desk`.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';
import { daysBetween, isIsoDate } from './dates.ts';

/** The most days one answer covers: a year, leap day included. */
export const MAX_FIGURES_DAYS = 366;
/** The days the console shows when nobody chose a range. */
export const DEFAULT_FIGURES_DAYS = 30;
/** The largest count or amount (minor units) a figure carries: a database integer's range, summed. */
const MAX_FIGURE = Number.MAX_SAFE_INTEGER;
/** Plan titles (the desk's MAX_PLAN_TITLE is far below) and cancellation reasons as kept. */
const MAX_FIGURE_LABEL = 500;
/** A currency code as the catalogue keeps it (INR, USD). */
const MAX_CURRENCY = 8;

export const FIGURES_MESSAGES = {
  brandInvalid: 'Choose dh or pv.',
  fromInvalid: 'Give the first day as YYYY-MM-DD.',
  toInvalid: 'Give the last day as YYYY-MM-DD.',
  rangeBackwards: 'The first day must not be after the last day.',
  rangeTooLong: `Show at most ${MAX_FIGURES_DAYS} days at once.`,
  empty: 'No payments or readers in these days.',
} as const;

const dateField = (message: string) =>
  z
    .string({ error: message })
    .max(10, { error: message, abort: true })
    .refine(isIsoDate, { error: message, abort: true });

/** GET /api/desk/figures and /api/desk/figures.csv: a brand and a range of days, both ends included. */
export const figuresQuerySchema = z
  .strictObject({
    brand: z.enum(BRAND_CODES, { error: FIGURES_MESSAGES.brandInvalid }),
    from: dateField(FIGURES_MESSAGES.fromInvalid),
    to: dateField(FIGURES_MESSAGES.toInvalid),
  })
  .refine((q) => q.from <= q.to, { error: FIGURES_MESSAGES.rangeBackwards, abort: true })
  .refine((q) => daysBetween(q.from, q.to) + 1 <= MAX_FIGURES_DAYS, {
    error: FIGURES_MESSAGES.rangeTooLong,
  });
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

const count = z.number().int().min(0).max(MAX_FIGURE);
const minor = z.number().int().min(-MAX_FIGURE).max(MAX_FIGURE);
const currency = z.string().max(MAX_CURRENCY);
const label = z.string().max(MAX_FIGURE_LABEL);

/** A sum of money in one currency, in minor units (paise, cents). */
export const figureMoneySchema = z.object({ currency, count, amountMinor: minor });
export type FigureMoney = z.infer<typeof figureMoneySchema>;

/** One day's (or the range's) figures. */
export const figuresDaySchema = z.object({
  /** Paid first purchases, by the plan's title and the currency paid. */
  newSubscribers: z.array(z.object({ plan: label, currency, count })),
  renewals: z.object({
    /** Auto-renewing terms whose renewal debit fell due that day. */
    due: count,
    /** Renewal debits settled that day. */
    charged: count,
    /** Renewal debits the provider refused that day. */
    failed: count,
    /** Of those charged, the ones that had failed before for the same term. */
    recovered: count,
  }),
  /** Renewals cancelled that day, by the reason given. */
  cancellations: z.array(z.object({ reason: label, count })),
  /** Refunds the provider made that day, per currency. */
  refunds: z.array(figureMoneySchema),
  /** Payments taken that day minus refunds made that day, per currency. */
  netRevenue: z.array(figureMoneySchema),
  /** Readers with a paid term covering that day (for the range: on its last day). */
  activeSubscribers: count,
  /** Distinct browsers that opened the paper that day, by the most they were. */
  readers: z.object({ visitors: count, signedIn: count, subscribers: count }),
});
export type FiguresDay = z.infer<typeof figuresDaySchema>;

export const figuresSchema = z.object({
  brand: z.enum(BRAND_CODES),
  from: z.string().max(10),
  to: z.string().max(10),
  days: z.array(figuresDaySchema.extend({ date: z.string().max(10) })).max(MAX_FIGURES_DAYS),
  /** The range's sums; readers are summed day by day (a browser counts once a day). */
  totals: figuresDaySchema,
});
export type Figures = z.infer<typeof figuresSchema>;
