// The subscription API's shapes and texts (spec 2 §2–§9). Folio is the spec's
// subscription service; these schemas are its contract with the web app.
import { z } from 'zod';
import { MAX_DB_INTEGER, MAX_PARAM_LENGTH, boundedString } from './bounds.ts';
import { prefixedPhoneSchema, profileEmailSchema } from './auth.ts';
import { publisherParam } from './epaper.ts';
import { CURRENCIES, DURATION_UNITS } from './plans.ts';

/** The subscribe page's heading (spec 2 §2 "Subscribe page"), drawn by the app and by its document. */
export const SUBSCRIBE_PAGE_TEXT = {
  title: (brandName: string) => `Subscribe To ${brandName} Epaper`,
  subtitle: 'Choose The Plan That Works Best For You',
} as const;

export const SUBSCRIPTION_MESSAGES = {
  loadingPlans: 'Loading subscription plans...',
  termsRequired: 'Please agree to the Terms & Conditions and Privacy Policy to Proceed.',
  notLoggedInOrSubscriber: 'User is not logged in or is already a subscriber.',
  unsupportedPlan: 'Unsupported plan configuration. Please contact support.',
  paymentUnavailable: 'Payment method unavailable. Try a different plan or contact support.',
  paymentClosed: 'Payment cancelled by user.',
  paymentFailed: 'Payment failed. Please try again.',
  paymentCancelled: 'Payment cancelled. Please try again.',
  somethingWrong: 'Something went wrong, please try again.',
  alreadyCancelled: (until: string) =>
    `Subscription is already cancelled, you still have access to the app till ${until}`,
  cancelled: 'Subscription cancelled successfully',
  planChanged: 'Subscription Plan Changed Successfully',
  noPlanSelected: 'No plan selected. Redirecting to subscription page.',
  reasonRequired: 'Select a reason to continue',
  otherReasonRequired: 'Enter the reason to continue',
  unknownPlan: 'This plan does not exist.',
  hiddenPlan: 'This plan is not on sale.',
  currencyMismatch: 'Your current plan is paid in another currency. Contact support to change it.',
  currentPlan: 'This is your current plan.',
  changeAlreadyScheduled: 'A change of plan is already scheduled.',
  badPaymentResult: 'The payment result could not be verified.',
  unknownOrder: 'This payment order does not exist.',
  badSignature: 'Invalid signature',
  noSubscription: 'You have no subscription to cancel.',
  mandateContact:
    'Automatic renewal needs your e-mail and mobile number: enter the missing one to continue.',
} as const;

/** Cancel reasons, in the spec's order (spec 2 §9); the last asks for a text. */
export const CANCEL_REASONS = [
  "It's a bit too expensive for me",
  "I'm not finding the news I want",
  'I get my news from another source',
  'The website is hard to use',
  'Others',
] as const;
export const OTHER_CANCEL_REASON = 'Others';
export const MAX_CANCEL_MESSAGE_LENGTH = 500;

// ---- catalogue ---------------------------------------------------------------

export const customAttributeSchema = z.object({ name: z.string(), value: z.string() });
export type CustomAttribute = z.infer<typeof customAttributeSchema>;

export const subscriptionGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  custom_attributes: z.array(customAttributeSchema),
  /** Shown on the group's plan cards as uppercased badges. */
  metadata_fields: z.array(z.string()),
});
export type SubscriptionGroup = z.infer<typeof subscriptionGroupSchema>;

export const subscriptionPlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price_cents: z.number().int(),
  price_currency: z.enum(CURRENCIES),
  duration_unit: z.enum(DURATION_UNITS),
  duration_length: z.number().int(),
  recurring: z.boolean(),
  assets: z.array(z.string()),
  subscription_group_id: z.number().int(),
  custom_attributes: z.array(customAttributeSchema),
  group: subscriptionGroupSchema,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlansSchema = z.array(subscriptionPlanSchema);

/** A named attribute of a plan (or of its group), or undefined. */
export function attributeOf(
  attributes: readonly CustomAttribute[],
  name: string,
): string | undefined {
  return attributes.find((a) => a.name === name)?.value;
}

/** ArchivalAccess of a plan in days: -1 unlimited, 0 today only; absent or bad reads as 0. */
export function archivalAccessOf(plan: Pick<SubscriptionPlan, 'custom_attributes'>): number {
  const value = Number(attributeOf(plan.custom_attributes, 'ArchivalAccess'));
  return Number.isInteger(value) && value >= -1 ? value : 0;
}

/** Plans whose Visibility (the plan's own, else its group's) is Hidden are not on sale. */
export function isHiddenPlan(
  plan: Pick<SubscriptionPlan, 'custom_attributes'> & {
    group: Pick<SubscriptionGroup, 'custom_attributes'>;
  },
): boolean {
  const visibility =
    attributeOf(plan.custom_attributes, 'Visibility') ??
    attributeOf(plan.group.custom_attributes, 'Visibility');
  return visibility === 'Hidden';
}

/** The MRP of a plan in minor units, by its currency (MRP_INR for INR, MRP_USD otherwise). */
export function mrpMinorOf(plan: SubscriptionPlan): number | undefined {
  const raw = attributeOf(
    plan.custom_attributes,
    plan.price_currency === 'INR' ? 'MRP_INR' : 'MRP_USD',
  );
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && value > 0
    ? Math.round(value * 100)
    : undefined;
}

// ---- the reader's subscription -----------------------------------------------

export const SUBSCRIPTION_STATUSES = ['active', 'grace', 'expired', 'cancelled'] as const;

export const userSubscriptionSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscription_plan_id: z.number().int(),
  plan_name: z.string(),
  plan_amount_cents: z.number().int(),
  plan_amount_currency: z.enum(CURRENCIES),
  /** yyyy-MM-dd */
  start_date: z.string(),
  end_date: z.string(),
  /** Milliseconds since the epoch (the spec accepts seconds or milliseconds). */
  start_timestamp: z.number().int(),
  end_timestamp: z.number().int(),
  /** yyyy-MM-dd of the next charge, or null when renewal is off. */
  next_payment_due_date: z.string().nullable(),
  in_grace_period: z.boolean(),
  cancellable: z.boolean(),
  /** Whole days until access ends (end date, or end of grace). */
  expires_in_days: z.number().int(),
  archival_access: z.number().int(),
  /**
   * The plan ends within the renewal window (or is in grace) and nothing will
   * charge it: the reader may pay now for its next term ("Renew Now").
   */
  renew_by_payment: z.boolean(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

export const scheduledChangeSchema = z.object({
  plan_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

export const subscriptionStateSchema = z.object({
  /** What the server lets this reader read; the web app draws locks from it and nothing else. */
  entitlement: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('free') }),
    z.object({
      kind: z.literal('subscriber'),
      archiveDays: z.number().int(),
      planName: z.string(),
    }),
  ]),
  subscription: userSubscriptionSchema.nullable(),
  scheduled: scheduledChangeSchema.nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

// ---- buying ------------------------------------------------------------------

const planIdField = z.coerce
  .number({ error: SUBSCRIPTION_MESSAGES.unknownPlan })
  .int()
  .min(1)
  .max(MAX_DB_INTEGER);

export const publisherQuerySchema = z.object({ publisher: publisherParam });

export const quoteRequestSchema = z.strictObject({
  publisher: publisherParam,
  planId: planIdField,
});

export const quoteSchema = z.object({
  change: z.enum(['new', 'upgrade', 'downgrade', 'renewal']),
  plan: subscriptionPlanSchema,
  start_date: z.string(),
  end_date: z.string(),
  total_cents: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The refund of the current plan's unused part (upgrades), else 0. */
  refund_cents: z.number().int(),
  current: z
    .object({ plan_name: z.string(), start_date: z.string(), end_date: z.string() })
    .nullable(),
  /**
   * What Review must ask for before a mandate can be made (the payment provider
   * needs an e-mail and a mobile number on every recurring payment), or null.
   */
  contact_needed: z.enum(['email', 'phone']).nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const checkoutRequestSchema = z.strictObject({
  publisher: publisherParam,
  planId: planIdField,
  termsAccepted: z.literal(true, { error: SUBSCRIPTION_MESSAGES.termsRequired }),
  /** Made once per Proceed click by the browser: the same key twice is the same order. */
  idempotencyKey: boundedString('idempotencyKey', MAX_PARAM_LENGTH).pipe(
    z.string().min(8, { error: 'idempotencyKey must be at least 8 characters' }),
  ),
  /**
   * The e-mail or mobile number a reader signed in without, asked for at Review when
   * the plan renews by mandate: Razorpay needs both on every recurring payment. Given
   * to the payment provider only; the reader's profile is unchanged.
   */
  billingContact: z
    .strictObject({
      email: profileEmailSchema.optional(),
      phoneNumber: prefixedPhoneSchema.optional(),
    })
    .optional(),
});

/** How the browser reaches the provider's checkout: a GET to a page or a form POST. */
export const checkoutStartSchema = z.object({
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  fields: z.record(z.string(), z.string()),
});
export type CheckoutStart = z.infer<typeof checkoutStartSchema>;

export const checkoutResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment'), orderId: z.string(), checkout: checkoutStartSchema }),
  z.object({
    kind: z.literal('scheduled'),
    current_end_date: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const cancelRequestSchema = z
  .strictObject({
    reason: z.enum(CANCEL_REASONS, { error: SUBSCRIPTION_MESSAGES.reasonRequired }),
    message: boundedString('message', MAX_CANCEL_MESSAGE_LENGTH).optional(),
  })
  .refine((body) => body.reason !== OTHER_CANCEL_REASON || (body.message ?? '').trim() !== '', {
    error: SUBSCRIPTION_MESSAGES.otherReasonRequired,
  });

export const cancelResponseSchema = z.object({ status: z.literal('OK'), end_date: z.string() });

export const subscriptionIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: SUBSCRIPTION_MESSAGES.noSubscription })
    .int()
    .min(1)
    .max(MAX_DB_INTEGER),
});

// ---- the reader's invoices (issue 27 part 6) ----------------------------------

/** An invoice file as its download URL names it, e.g. DH-26-27-000042.pdf. */
export const INVOICE_FILE_PATTERN = /^[A-Z]{2}-\d{2}-\d{2}-\d{6}\.pdf$/;

export const INVOICE_NOT_FOUND = 'No invoice of yours has that number.';

export const invoiceFileParamsSchema = z.strictObject({
  file: z
    .string({ error: INVOICE_NOT_FOUND })
    .max(32, { error: INVOICE_NOT_FOUND, abort: true })
    .regex(INVOICE_FILE_PATTERN, { error: INVOICE_NOT_FOUND }),
});

export const readerInvoiceSchema = z.object({
  /** e.g. DH/26-27/000042 */
  number: z.string(),
  /** yyyy-MM-dd in the publisher's calendar. */
  issuedOn: z.string(),
  plan: z.string(),
  /** yyyy-MM-dd, when the invoice names a period. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Where the PDF downloads (same origin, the reader's session). */
  url: z.string(),
});
export type ReaderInvoice = z.infer<typeof readerInvoiceSchema>;

export const readerInvoicesSchema = z.object({ invoices: z.array(readerInvoiceSchema) });
export type ReaderInvoices = z.infer<typeof readerInvoicesSchema>;

/** Why a payment did not complete, as /payment-failure's `reason` query names it. */
export const PAYMENT_FAILURE_REASONS = ['closed', 'failed', 'cancelled', 'error'] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

export function paymentFailureMessage(reason: string | null): string {
  switch (reason) {
    case 'closed':
      return SUBSCRIPTION_MESSAGES.paymentClosed;
    case 'failed':
      return SUBSCRIPTION_MESSAGES.paymentFailed;
    case 'cancelled':
      return SUBSCRIPTION_MESSAGES.paymentCancelled;
    default:
      return SUBSCRIPTION_MESSAGES.somethingWrong;
  }
}
