// Subscriber care (issue 27 part 3): a support agent finds a reader by phone, e-mail,
// order or payment id, sees their account, terms, payments, refunds, notices and
// mandates, and extends a term, refunds a payment, cancels a mandate or signs the
// reader out everywhere, each with a reason. Nothing card- or token-like is ever
// in an answer: a mandate shows its method and the last four characters of its
// reference. Re-exported by desk.ts, so it is part of `@folio/core/desk`.
import { z } from 'zod';
import { BRAND_CODES } from './brands.ts';
import { CURRENCY_SYMBOLS } from './plans.ts';
import { INVOICE_FILE_PATTERN } from './subscriptions.ts';

/** The most readers one search answers. */
export const MAX_CARE_RESULTS = 20;
/** The longest search: an e-mail address. */
export const MAX_CARE_QUERY = 254;
/** The longest reason staff give for an action. */
export const MAX_CARE_REASON = 500;
/** The most days one extension adds. */
export const MAX_EXTENSION_DAYS = 366;
/** No payment is larger (₹1 crore in paise); the payment's own amount is the real bound. */
export const MAX_REFUND_MINOR = 1_000_000_000;
/** Reader ids (better-auth's), payment and order ids (the provider's or Folio's). */
const MAX_ID_LENGTH = 64;

/** An amount to the paisa or cent, e.g. ₹99.50: staff refund exact amounts, never rounded ones. */
export function formatExactMoney(minor: number, currency: string): string {
  const symbol = (CURRENCY_SYMBOLS as Record<string, string>)[currency] ?? `${currency} `;
  return `${symbol}${(minor / 100).toFixed(2)}`;
}

export const CARE_MESSAGES = {
  queryRequired: 'Type a phone number, an e-mail address, an order id or a payment id.',
  queryTooLong: `A search can be at most ${MAX_CARE_QUERY} characters.`,
  readerNotFound: 'No reader has that id.',
  paymentNotFound: 'No captured payment has that id.',
  subscriptionNotFound: 'This reader has no running subscription with that id.',
  mandateNotFound: 'This reader has no mandate with that id.',
  reasonRequired: 'Give a reason.',
  reasonTooLong: `A reason can be at most ${MAX_CARE_REASON} characters.`,
  reasonInvalid: 'A reason can hold text only.',
  daysInvalid: `Extend by 1 to ${MAX_EXTENSION_DAYS} days.`,
  amountInvalid: 'Refund a whole amount of at least 0.01.',
  refundTooLarge: (left: string) =>
    left === ''
      ? 'Nothing is left of this payment to refund.'
      : `At most ${left} is left of this payment to refund.`,
  refundRefused: (why: string) => `The payment provider refused the refund: ${why}`,
  refundUnknown:
    'The payment provider did not answer. The refund is recorded and will be checked with the provider, never sent twice; look again in a few minutes.',
  extendFollowed: 'A later term already follows this one; extend that one instead.',
  extendChanged: 'This subscription changed meanwhile; look again and retry.',
  staffSignOut: 'Only an admin can sign a staff member out.',
  mandateAlreadyCancelled: 'This mandate is already cancelled, or being cancelled.',
  mandateRefused: (why: string) => `The payment provider refused to cancel the mandate: ${why}`,
  mandateUnknown:
    'The payment provider did not answer. The cancellation is recorded and will be checked with the provider; renewal has stopped.',
  invoiceNotFound: 'No invoice has that number.',
  receiptNotFound: 'This payment has no invoice, so there is no receipt to resend.',
  noticeNothing: 'No notice was sent for this subscription yet: there is nothing to resend.',
  noticeEnded: 'This subscription has ended: its notices no longer apply.',
  noContact: 'This reader has no e-mail address or phone number to send to.',
  sendFailed: 'It could not be sent just now; try again in a few minutes.',
} as const;

const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/u;
/** Reader, order and payment ids: letters, digits, `_` and `-`. */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

const idSchema = (message: string) =>
  z
    .string({ error: message })
    .min(1)
    .max(MAX_ID_LENGTH, { error: message, abort: true })
    .regex(ID_PATTERN);

/** A reason for an action: 1 to MAX_CARE_REASON characters once trimmed, text only. */
export const careReasonField = z
  .string({ error: CARE_MESSAGES.reasonRequired })
  .max(MAX_CARE_REASON, { error: CARE_MESSAGES.reasonTooLong, abort: true })
  .refine((text) => !CONTROL_OR_BROKEN.test(text), {
    error: CARE_MESSAGES.reasonInvalid,
    abort: true,
  })
  .trim()
  .min(1, { error: CARE_MESSAGES.reasonRequired });

/** GET /api/desk/care/search?q= */
export const careSearchQuerySchema = z.strictObject({
  q: z
    .string({ error: CARE_MESSAGES.queryRequired })
    .max(MAX_CARE_QUERY, { error: CARE_MESSAGES.queryTooLong, abort: true })
    .refine((text) => !CONTROL_OR_BROKEN.test(text), {
      error: CARE_MESSAGES.queryRequired,
      abort: true,
    })
    .trim()
    .min(1, { error: CARE_MESSAGES.queryRequired }),
});

export const careReaderParamsSchema = z.strictObject({
  id: idSchema(CARE_MESSAGES.readerNotFound),
});
export const carePaymentParamsSchema = z.strictObject({
  paymentId: idSchema(CARE_MESSAGES.paymentNotFound),
});
export const careSubscriptionParamsSchema = z.strictObject({
  id: idSchema(CARE_MESSAGES.readerNotFound),
  subscriptionId: z.coerce
    .number({ error: CARE_MESSAGES.subscriptionNotFound })
    .int()
    .min(1)
    .max(2_147_483_647),
});
/** GET /api/desk/care/invoices/:file, e.g. DH-26-27-000042.pdf */
export const careInvoiceParamsSchema = z.strictObject({
  file: z
    .string({ error: CARE_MESSAGES.invoiceNotFound })
    .max(32, { error: CARE_MESSAGES.invoiceNotFound, abort: true })
    .regex(INVOICE_FILE_PATTERN, { error: CARE_MESSAGES.invoiceNotFound }),
});
/** Resending a receipt or a notice: nothing to say, the action is its own reason. */
export const careResendSchema = z.strictObject({});
export const careMandateParamsSchema = z.strictObject({
  id: idSchema(CARE_MESSAGES.readerNotFound),
  /** The mandate's handle in the console (never the provider's token). */
  mandateId: z.string({ error: CARE_MESSAGES.mandateNotFound }).regex(/^[0-9a-f]{16}$/),
});

/** POST /api/desk/care/readers/:id/extend */
export const careExtendSchema = z.strictObject({
  subscriptionId: z
    .number({ error: CARE_MESSAGES.subscriptionNotFound })
    .int()
    .min(1)
    .max(2_147_483_647),
  days: z.number({ error: CARE_MESSAGES.daysInvalid }).int().min(1).max(MAX_EXTENSION_DAYS),
  reason: careReasonField,
});
export type CareExtend = z.infer<typeof careExtendSchema>;

/** POST /api/desk/care/payments/:paymentId/refunds: paise or cents, at most what is left. */
export const careRefundSchema = z.strictObject({
  amountMinor: z
    .number({ error: CARE_MESSAGES.amountInvalid })
    .int()
    .min(1)
    .max(MAX_REFUND_MINOR, { error: CARE_MESSAGES.refundTooLarge('') }),
  reason: careReasonField,
});
export type CareRefund = z.infer<typeof careRefundSchema>;

/** Cancelling a mandate, signing out everywhere: only the reason. */
export const careReasonSchema = z.strictObject({ reason: careReasonField });

export const careMatchSchema = z.enum(['phone', 'email', 'order', 'payment', 'reader']);

export const careReaderSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** What the search matched on. */
  matched: careMatchSchema,
});
export type CareReaderSummary = z.infer<typeof careReaderSummarySchema>;

export const careSearchSchema = z.object({ readers: z.array(careReaderSummarySchema) });
export type CareSearch = z.infer<typeof careSearchSchema>;

const ledgerStateSchema = z.enum(['created', 'sent', 'settled', 'failed', 'unknown']);

export const careSubscriptionSchema = z.object({
  id: z.number(),
  brand: z.enum(BRAND_CODES),
  plan: z.string(),
  status: z.enum(['active', 'scheduled', 'replaced', 'expired', 'withdrawn']),
  startDate: z.string(),
  endDate: z.string(),
  /** The next renewal debit, while it renews. */
  renewsOn: z.string().nullable(),
  autoRenew: z.boolean(),
  priceMinor: z.number(),
  currency: z.string(),
  /** The handle of its mandate (see mandates), or null. */
  mandate: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type CareSubscription = z.infer<typeof careSubscriptionSchema>;

export const carePaymentSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  brand: z.enum(BRAND_CODES),
  kind: z.enum(['new', 'upgrade', 'downgrade', 'renewal']),
  paidAt: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  /** Refunds the provider made. */
  refundedMinor: z.number(),
  /** Refunds recorded and not yet answered by the provider. */
  pendingRefundMinor: z.number(),
  /** What may still be refunded. */
  refundableMinor: z.number(),
  /** Its invoice, e.g. DH/26-27/000042, and the file it downloads as (none for a payment that bought nothing). */
  invoice: z.object({ number: z.string(), file: z.string(), receiptSent: z.boolean() }).nullable(),
});
export type CarePayment = z.infer<typeof carePaymentSchema>;

export const careRefundRowSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  state: ledgerStateSchema,
  reason: z.string(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type CareRefundRow = z.infer<typeof careRefundRowSchema>;

export const careNoticeSchema = z.object({
  subscriptionId: z.number().nullable(),
  /** The subscription log's words, e.g. "notice: pre-debit". */
  event: z.string(),
  at: z.string(),
});

export const careMandateSchema = z.object({
  /** The console's handle for it, not the provider's token. */
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  /** At most the last four characters of the provider's reference. */
  last4: z.string().max(4),
  status: z.enum(['active', 'cancelling', 'cancelled', 'failed']),
  subscriptionIds: z.array(z.number()),
});
export type CareMandate = z.infer<typeof careMandateSchema>;

export const careReaderSchema = z.object({
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Signed-in sessions right now. */
    sessions: z.number(),
  }),
  subscriptions: z.array(careSubscriptionSchema),
  payments: z.array(carePaymentSchema),
  refunds: z.array(careRefundRowSchema),
  notices: z.array(careNoticeSchema),
  mandates: z.array(careMandateSchema),
});
export type CareReader = z.infer<typeof careReaderSchema>;
