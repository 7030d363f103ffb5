// The business desk's plans (issue 27 part 1): what an admin sees of a brand's
// plans and the changes they may make. A price is what new purchases pay: a running
// subscription keeps the price it was bought at (subscriptions.price_minor), so a
// change here never reaches a reader who already holds the plan. Reached through
// `@folio/core/desk`.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';
import { boundedString, databaseIdSchema } from './bounds.ts';
import { CURRENCIES, DURATION_UNITS } from './plans.ts';

export const MAX_PLAN_TITLE = 80;
export const MAX_PLAN_TAGLINE = 120;
/** Each bullet of the plan's description (shown one per line on its card). */
export const MAX_PLAN_BULLET = 120;
export const MAX_PLAN_BULLETS = 8;
/** The most a plan may cost, in minor units: ₹1,00,000 or $1,000 is already absurd for a paper. */
export const MAX_PLAN_PRICE_MINOR = 10_000_000;
/** The longest a plan may run, in days (five years). */
export const MAX_PLAN_DAYS = 1826;
/** ArchivalAccess in days: -1 the whole archive, 0 today's paper only. */
export const MAX_ARCHIVE_DAYS = 3650;
/** A group of plans: its name, and the badges its cards show (spec 2 §5: metadata_fields). */
export const MAX_GROUP_NAME = 60;
export const MAX_GROUP_BADGE = 24;
export const MAX_GROUP_BADGES = 3;

export const PLAN_MESSAGES = {
  brandInvalid: 'Choose dh or pv.',
  titleRequired: 'Give the plan a name.',
  priceInvalid: `Give a price from 1 to ${MAX_PLAN_PRICE_MINOR.toLocaleString('en-IN')} in paise or cents.`,
  currencyInvalid: 'Choose INR or USD.',
  durationInvalid: `A plan runs from 1 day to ${MAX_PLAN_DAYS} days.`,
  archiveInvalid: `Archive access is -1 (the whole archive) or 0 to ${MAX_ARCHIVE_DAYS} days.`,
  mrpInvalid: 'The crossed-out price must be more than the price, or left empty.',
  groupNotFound: 'No such group of plans for this paper.',
  planNotFound: 'No such plan for this paper.',
  planInUse:
    'Readers have bought this plan, so it cannot be deleted. Hide or retire it instead: their subscriptions keep what they bought.',
  planRetired: 'This plan is retired. Restore it before changing it.',
  nothingToChange: 'Say what to change.',
  groupNameRequired: 'Give the group a name.',
  badgesInvalid: `A group shows at most ${MAX_GROUP_BADGES} badges, each of 1 to ${MAX_GROUP_BADGE} characters, none twice.`,
} as const;

const planIdSchema = databaseIdSchema(PLAN_MESSAGES.planNotFound);

export const plansQuerySchema = z.strictObject({
  brand: z.enum(BRAND_CODES, { error: PLAN_MESSAGES.brandInvalid }),
});

export const planParamsSchema = z.strictObject({
  brand: z.enum(BRAND_CODES, { error: PLAN_MESSAGES.brandInvalid }),
  id: z.coerce.number({ error: PLAN_MESSAGES.planNotFound }).pipe(planIdSchema),
});

export const plansBrandParamsSchema = z.strictObject({
  brand: z.enum(BRAND_CODES, { error: PLAN_MESSAGES.brandInvalid }),
});

export const planGroupParamsSchema = z.strictObject({
  brand: z.enum(BRAND_CODES, { error: PLAN_MESSAGES.brandInvalid }),
  id: z.coerce
    .number({ error: PLAN_MESSAGES.groupNotFound })
    .pipe(databaseIdSchema(PLAN_MESSAGES.groupNotFound)),
});

const badgeSchema = boundedString('A badge', MAX_GROUP_BADGE)
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { error: PLAN_MESSAGES.badgesInvalid });

/** A group's new name or badges (shown upper-cased on its plans' cards, in this order). */
export const groupChangeSchema = z
  .strictObject({
    name: boundedString('The group’s name', MAX_GROUP_NAME)
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, { error: PLAN_MESSAGES.groupNameRequired })
      .optional(),
    badges: z
      .array(badgeSchema, { error: PLAN_MESSAGES.badgesInvalid })
      .max(MAX_GROUP_BADGES, { error: PLAN_MESSAGES.badgesInvalid })
      .refine((badges) => new Set(badges.map((b) => b.toUpperCase())).size === badges.length, {
        error: PLAN_MESSAGES.badgesInvalid,
      })
      .optional(),
  })
  .refine((change) => change.name !== undefined || change.badges !== undefined, {
    error: PLAN_MESSAGES.nothingToChange,
  });
export type GroupChange = z.infer<typeof groupChangeSchema>;

const titleSchema = boundedString('The plan’s name', MAX_PLAN_TITLE)
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { error: PLAN_MESSAGES.titleRequired });

const priceSchema = z
  .number({ error: PLAN_MESSAGES.priceInvalid })
  .int()
  .min(1)
  .max(MAX_PLAN_PRICE_MINOR);

/** The crossed-out price ("MRP") in whole rupees or dollars, or null for none. */
const mrpSchema = z
  .number({ error: PLAN_MESSAGES.mrpInvalid })
  .int()
  .min(1)
  .max(MAX_PLAN_PRICE_MINOR / 100)
  .nullable();

const bulletSchema = boundedString('A line of the description', MAX_PLAN_BULLET)
  .transform((value) => value.trim().replaceAll('|', '/'))
  .refine((value) => value.length > 0, { error: 'Remove empty lines from the description.' });

const textsSchema = {
  title: titleSchema,
  tagline: boundedString('The tagline', MAX_PLAN_TAGLINE).transform((value) => value.trim()),
  description: z
    .array(bulletSchema, { error: 'Give the description as lines.' })
    .max(MAX_PLAN_BULLETS, { error: `A description has at most ${MAX_PLAN_BULLETS} lines.` }),
  archivalAccess: z
    .number({ error: PLAN_MESSAGES.archiveInvalid })
    .int()
    .min(-1)
    .max(MAX_ARCHIVE_DAYS),
  mrp: mrpSchema,
  visible: z.boolean({ error: 'Say whether readers see the plan.' }),
};

const groupIdSchema = z
  .number({ error: PLAN_MESSAGES.groupNotFound })
  .pipe(databaseIdSchema(PLAN_MESSAGES.groupNotFound));

/** A new plan. Its length is in `durationUnit`s: months or years, or days. */
export const planCreateSchema = z
  .strictObject({
    groupId: groupIdSchema,
    ...textsSchema,
    priceMinor: priceSchema,
    currency: z.enum(CURRENCIES, { error: PLAN_MESSAGES.currencyInvalid }),
    durationUnit: z.enum(DURATION_UNITS, { error: PLAN_MESSAGES.durationInvalid }),
    durationLength: z
      .number({ error: PLAN_MESSAGES.durationInvalid })
      .int()
      .min(1)
      .max(MAX_PLAN_DAYS),
    recurring: z.boolean({ error: 'Say whether the plan renews by itself.' }),
  })
  .refine((plan) => planDays(plan.durationUnit, plan.durationLength) <= MAX_PLAN_DAYS, {
    error: PLAN_MESSAGES.durationInvalid,
  })
  .refine((plan) => plan.mrp === null || plan.mrp * 100 > plan.priceMinor, {
    error: PLAN_MESSAGES.mrpInvalid,
  });
export type PlanCreate = z.infer<typeof planCreateSchema>;

/**
 * A change to a plan: any of its texts, its price (new purchases only), its group,
 * a move up or down, retiring or restoring. Currency and length stay as made: a plan
 * of another length or currency is another plan.
 */
export const planChangeSchema = z
  .strictObject({
    groupId: groupIdSchema.optional(),
    title: textsSchema.title.optional(),
    tagline: textsSchema.tagline.optional(),
    description: textsSchema.description.optional(),
    archivalAccess: textsSchema.archivalAccess.optional(),
    mrp: textsSchema.mrp.optional(),
    visible: textsSchema.visible.optional(),
    priceMinor: priceSchema.optional(),
    move: z.enum(['up', 'down'], { error: 'Move a plan up or down.' }).optional(),
    retired: z.boolean({ error: 'Say whether the plan is retired.' }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: PLAN_MESSAGES.nothingToChange,
  });
export type PlanChange = z.infer<typeof planChangeSchema>;

/** Days in a plan's length, roughly (a month 31 days, a year 366): for the upper bound only. */
export function planDays(unit: (typeof DURATION_UNITS)[number], length: number): number {
  if (unit === 'day' || unit === 'days') return length;
  if (unit === 'month' || unit === 'months') return length * 31;
  return length * 366;
}

export const deskGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  badges: z.array(z.string()),
});
export type DeskGroup = z.infer<typeof deskGroupSchema>;

export const deskPlanSchema = z.object({
  id: z.number(),
  groupId: z.number(),
  title: z.string(),
  tagline: z.string(),
  description: z.array(z.string()),
  archivalAccess: z.number(),
  mrp: z.number().nullable(),
  visible: z.boolean(),
  retired: z.boolean(),
  priceMinor: z.number(),
  currency: z.enum(CURRENCIES),
  durationUnit: z.enum(DURATION_UNITS),
  durationLength: z.number(),
  recurring: z.boolean(),
  /** Subscriptions bought on this plan that are running now (they keep their own price). */
  running: z.number(),
  /** Whether any reader ever bought or ordered it (then it cannot be deleted). */
  used: z.boolean(),
});
export type DeskPlan = z.infer<typeof deskPlanSchema>;

export const deskPlansSchema = z.object({
  brand: z.enum(BRAND_CODES),
  groups: z.array(deskGroupSchema),
  /** In the catalogue's order. */
  plans: z.array(deskPlanSchema),
});
export type DeskPlans = z.infer<typeof deskPlansSchema>;
