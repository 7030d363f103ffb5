import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CARE_MESSAGES,
  MAX_CARE_QUERY,
  MAX_CARE_REASON,
  MAX_CARE_RESULTS,
  MAX_EXTENSION_DAYS,
  MAX_REFUND_MINOR,
  careExtendSchema,
  careInvoiceParamsSchema,
  careMandateParamsSchema,
  careMandateSchema,
  careMatchSchema,
  careNoticeSchema,
  carePaymentParamsSchema,
  carePaymentSchema,
  careReaderParamsSchema,
  careReaderSchema,
  careReaderSummarySchema,
  careReasonField,
  careReasonSchema,
  careRefundRowSchema,
  careRefundSchema,
  careResendSchema,
  careSearchQuerySchema,
  careSearchSchema,
  careSubscriptionParamsSchema,
  careSubscriptionSchema,
  formatExactMoney,
} from './desk-care.ts';

const check = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error?.issues[0]?.message;
};

/** Every message, for rules that must stop at the first. */
const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('care bounds', () => {
  it('bounds a search, a reason, an extension and a refund', () => {
    expect(MAX_CARE_RESULTS).toBe(20);
    expect(MAX_CARE_QUERY).toBe(254);
    expect(MAX_CARE_REASON).toBe(500);
    expect(MAX_EXTENSION_DAYS).toBe(366);
    expect(MAX_REFUND_MINOR).toBe(1_000_000_000);
  });
});

describe('formatExactMoney', () => {
  it('shows an amount to the paisa or cent, never rounded', () => {
    expect(formatExactMoney(9950, 'INR')).toBe('₹99.50');
    expect(formatExactMoney(9999, 'INR')).toBe('₹99.99');
    expect(formatExactMoney(1, 'INR')).toBe('₹0.01');
    expect(formatExactMoney(0, 'INR')).toBe('₹0.00');
    expect(formatExactMoney(100_000_000, 'INR')).toBe('₹1000000.00');
    expect(formatExactMoney(1999, 'USD')).toBe('$19.99');
    expect(formatExactMoney(500, 'USD')).toBe('$5.00');
  });

  it('names a currency it has no symbol for, with a space', () => {
    expect(formatExactMoney(123, 'EUR')).toBe('EUR 1.23');
    expect(formatExactMoney(5, 'GBP')).toBe('GBP 0.05');
  });
});

describe('care messages', () => {
  it('say what went wrong in words an agent can act on', () => {
    expect(CARE_MESSAGES.queryRequired).toBe(
      'Type a phone number, an e-mail address, an order id or a payment id.',
    );
    expect(CARE_MESSAGES.queryTooLong).toBe('A search can be at most 254 characters.');
    expect(CARE_MESSAGES.readerNotFound).toBe('No reader has that id.');
    expect(CARE_MESSAGES.paymentNotFound).toBe('No captured payment has that id.');
    expect(CARE_MESSAGES.subscriptionNotFound).toBe(
      'This reader has no running subscription with that id.',
    );
    expect(CARE_MESSAGES.mandateNotFound).toBe('This reader has no mandate with that id.');
    expect(CARE_MESSAGES.reasonRequired).toBe('Give a reason.');
    expect(CARE_MESSAGES.reasonTooLong).toBe('A reason can be at most 500 characters.');
    expect(CARE_MESSAGES.reasonInvalid).toBe('A reason can hold text only.');
    expect(CARE_MESSAGES.daysInvalid).toBe('Extend by 1 to 366 days.');
    expect(CARE_MESSAGES.amountInvalid).toBe('Refund a whole amount of at least 0.01.');
    expect(CARE_MESSAGES.refundUnknown).toBe(
      'The payment provider did not answer. The refund is recorded and will be checked with the provider, never sent twice; look again in a few minutes.',
    );
    expect(CARE_MESSAGES.extendFollowed).toBe(
      'A later term already follows this one; extend that one instead.',
    );
    expect(CARE_MESSAGES.extendChanged).toBe(
      'This subscription changed meanwhile; look again and retry.',
    );
    expect(CARE_MESSAGES.mandateAlreadyCancelled).toBe(
      'This mandate is already cancelled, or being cancelled.',
    );
    expect(CARE_MESSAGES.mandateUnknown).toBe(
      'The payment provider did not answer. The cancellation is recorded and will be checked with the provider; renewal has stopped.',
    );
  });

  it('say how much is left to refund, or that nothing is', () => {
    expect(CARE_MESSAGES.refundTooLarge('₹99.50')).toBe(
      'At most ₹99.50 is left of this payment to refund.',
    );
    expect(CARE_MESSAGES.refundTooLarge(formatExactMoney(1, 'USD'))).toBe(
      'At most $0.01 is left of this payment to refund.',
    );
    expect(CARE_MESSAGES.refundTooLarge('')).toBe('Nothing is left of this payment to refund.');
  });

  it('pass on why the provider refused', () => {
    expect(CARE_MESSAGES.refundRefused('payment too old')).toBe(
      'The payment provider refused the refund: payment too old',
    );
    expect(CARE_MESSAGES.mandateRefused('token expired')).toBe(
      'The payment provider refused to cancel the mandate: token expired',
    );
  });
});

describe('a reason', () => {
  it('is taken trimmed', () => {
    expect(careReasonField.parse('  Paper not delivered  ')).toBe('Paper not delivered');
    expect(careReasonSchema.parse({ reason: ' Asked by phone ' })).toEqual({
      reason: 'Asked by phone',
    });
  });

  it('is 1 to MAX_CARE_REASON characters', () => {
    expect(check(careReasonField, 'r'.repeat(MAX_CARE_REASON))).toBe('ok');
    expect(check(careReasonField, 'r')).toBe('ok');
    expect(check(careReasonField, 'r'.repeat(MAX_CARE_REASON + 1))).toBe(
      CARE_MESSAGES.reasonTooLong,
    );
    for (const reason of ['', '   '])
      expect(check(careReasonField, reason)).toBe(CARE_MESSAGES.reasonRequired);
  });

  it('holds text only: no line break, tab or other control character, nor a broken one', () => {
    for (const reason of ['a\nb', 'a\tb', 'a\rb', 'a\u0000', 'a\u007f', 'a\u0085', 'a\udc00'])
      expect(check(careReasonField, reason)).toBe(CARE_MESSAGES.reasonInvalid);
    expect(check(careReasonField, 'Refund — ಕನ್ನಡ \u{1F600}')).toBe('ok');
  });

  it('says one thing at a time: too long before anything else, then broken before blank', () => {
    expect(messages(careReasonField, `${'r'.repeat(MAX_CARE_REASON)}\u0000`)).toEqual([
      CARE_MESSAGES.reasonTooLong,
    ]);
    expect(messages(careReasonField, '\u000b')).toEqual([CARE_MESSAGES.reasonInvalid]);
  });

  it('is text, and is required', () => {
    expect(check(careReasonField, 5)).toBe(CARE_MESSAGES.reasonRequired);
    expect(check(careReasonSchema, {})).toBe(CARE_MESSAGES.reasonRequired);
    expect(check(careReasonSchema, { reason: 'x', extra: true })).not.toBe('ok');
  });
});

describe('the search', () => {
  it('is taken trimmed', () => {
    expect(careSearchQuerySchema.parse({ q: '  asha@example.com ' })).toEqual({
      q: 'asha@example.com',
    });
    expect(careSearchQuerySchema.parse({ q: '+91 98450 12345' })).toEqual({
      q: '+91 98450 12345',
    });
  });

  it('is 1 to MAX_CARE_QUERY characters', () => {
    expect(check(careSearchQuerySchema, { q: 'q'.repeat(MAX_CARE_QUERY) })).toBe('ok');
    expect(check(careSearchQuerySchema, { q: 'q' })).toBe('ok');
    expect(check(careSearchQuerySchema, { q: 'q'.repeat(MAX_CARE_QUERY + 1) })).toBe(
      CARE_MESSAGES.queryTooLong,
    );
    for (const q of ['', '  '])
      expect(check(careSearchQuerySchema, { q })).toBe(CARE_MESSAGES.queryRequired);
  });

  it('holds no control character, nor a broken one', () => {
    for (const q of ['a\nb', 'a\tb', 'a\u0000', 'a\u009f', 'a\ud800'])
      expect(check(careSearchQuerySchema, { q })).toBe(CARE_MESSAGES.queryRequired);
  });

  it('says one thing at a time: too long before anything else, then broken before blank', () => {
    expect(messages(careSearchQuerySchema, { q: `${'q'.repeat(MAX_CARE_QUERY)}\u0000` })).toEqual([
      CARE_MESSAGES.queryTooLong,
    ]);
    expect(messages(careSearchQuerySchema, { q: '\u000c' })).toEqual([CARE_MESSAGES.queryRequired]);
  });

  it('is text, required, and alone', () => {
    expect(check(careSearchQuerySchema, {})).toBe(CARE_MESSAGES.queryRequired);
    expect(check(careSearchQuerySchema, { q: ['a'] })).toBe(CARE_MESSAGES.queryRequired);
    expect(check(careSearchQuerySchema, { q: 'a', page: '2' })).not.toBe('ok');
  });
});

describe('the care routes’ parameters', () => {
  const longestId = 'i'.repeat(64);

  it('take a reader’s id of letters, digits, _ and -, at most 64 of them', () => {
    for (const id of ['Ab9_-z', 'x', 'ABCXYZ', 'abcxyz', '0123456789', '_', '-', longestId])
      expect(careReaderParamsSchema.parse({ id })).toEqual({ id });
    for (const id of [
      '',
      `${longestId}i`,
      'a b',
      'a!',
      '!a',
      'a/b',
      'a.b',
      'é',
      'a\n',
      'ab\u0000',
      5,
      undefined,
    ])
      expect(check(careReaderParamsSchema, { id })).toBe(CARE_MESSAGES.readerNotFound);
    expect(messages(careReaderParamsSchema, { id: `${longestId}!` })).toEqual([
      CARE_MESSAGES.readerNotFound,
    ]);
    expect(check(careReaderParamsSchema, { id: 'a', extra: 'b' })).not.toBe('ok');
  });

  it('take a payment’s id the same way', () => {
    expect(carePaymentParamsSchema.parse({ paymentId: 'pay_NX8aB2-c' })).toEqual({
      paymentId: 'pay_NX8aB2-c',
    });
    expect(carePaymentParamsSchema.parse({ paymentId: longestId })).toEqual({
      paymentId: longestId,
    });
    for (const paymentId of ['', `${longestId}p`, 'pay 1', 'pay#1', 7])
      expect(check(carePaymentParamsSchema, { paymentId })).toBe(CARE_MESSAGES.paymentNotFound);
    expect(messages(carePaymentParamsSchema, { paymentId: `${longestId}#` })).toEqual([
      CARE_MESSAGES.paymentNotFound,
    ]);
    expect(check(carePaymentParamsSchema, { paymentId: 'p', id: 'r' })).not.toBe('ok');
  });

  it('take a mandate’s handle as 16 lower-case hexadecimal digits', () => {
    expect(
      careMandateParamsSchema.parse({ id: 'reader-1', mandateId: '0123456789abcdef' }),
    ).toEqual({ id: 'reader-1', mandateId: '0123456789abcdef' });
    expect(check(careMandateParamsSchema, { id: 'r', mandateId: 'fedcba9876543210' })).toBe('ok');
    for (const mandateId of [
      '0123456789abcde',
      '0123456789abcdef0',
      'x0123456789abcdef',
      '0123456789ABCDEF',
      '0123456789abcdeg',
      '',
      16,
    ])
      expect(check(careMandateParamsSchema, { id: 'r', mandateId })).toBe(
        CARE_MESSAGES.mandateNotFound,
      );
    expect(check(careMandateParamsSchema, { id: 'r r', mandateId: '0123456789abcdef' })).toBe(
      CARE_MESSAGES.readerNotFound,
    );
    expect(
      check(careMandateParamsSchema, { id: 'r', mandateId: '0123456789abcdef', x: 1 }),
    ).not.toBe('ok');
  });
});

describe('an extension', () => {
  const extend = { subscriptionId: 12, days: 7, reason: 'Missed deliveries' };

  it('is taken with its reason trimmed', () => {
    expect(careExtendSchema.parse({ ...extend, reason: ' Missed deliveries ' })).toEqual(extend);
  });

  it('names a subscription by a whole id from 1 to the database’s largest', () => {
    expect(check(careExtendSchema, { ...extend, subscriptionId: 1 })).toBe('ok');
    expect(check(careExtendSchema, { ...extend, subscriptionId: 2_147_483_647 })).toBe('ok');
    for (const subscriptionId of [0, -1, 1.5, 2_147_483_648, '12', null, undefined])
      expect(check(careExtendSchema, { ...extend, subscriptionId })).toBe(
        CARE_MESSAGES.subscriptionNotFound,
      );
  });

  it('adds 1 to MAX_EXTENSION_DAYS whole days', () => {
    expect(check(careExtendSchema, { ...extend, days: 1 })).toBe('ok');
    expect(check(careExtendSchema, { ...extend, days: MAX_EXTENSION_DAYS })).toBe('ok');
    for (const days of [0, -7, 2.5, MAX_EXTENSION_DAYS + 1, '7', undefined])
      expect(check(careExtendSchema, { ...extend, days })).toBe(CARE_MESSAGES.daysInvalid);
  });

  it('gives a reason, and nothing else', () => {
    expect(check(careExtendSchema, { ...extend, reason: ' ' })).toBe(CARE_MESSAGES.reasonRequired);
    const { reason: _reason, ...noReason } = extend;
    expect(check(careExtendSchema, noReason)).toBe(CARE_MESSAGES.reasonRequired);
    expect(check(careExtendSchema, { ...extend, notify: true })).not.toBe('ok');
  });
});

describe('a refund', () => {
  const refund = { amountMinor: 9950, reason: 'Charged twice' };

  it('is taken with its reason trimmed', () => {
    expect(careRefundSchema.parse({ ...refund, reason: '\u00a0Charged twice ' })).toEqual(refund);
  });

  it('is a whole amount in paise or cents from 1 to MAX_REFUND_MINOR', () => {
    expect(check(careRefundSchema, { ...refund, amountMinor: 1 })).toBe('ok');
    expect(check(careRefundSchema, { ...refund, amountMinor: MAX_REFUND_MINOR })).toBe('ok');
    for (const amountMinor of [0, -100, 99.5, '9950', null, undefined])
      expect(check(careRefundSchema, { ...refund, amountMinor })).toBe(CARE_MESSAGES.amountInvalid);
    expect(check(careRefundSchema, { ...refund, amountMinor: MAX_REFUND_MINOR + 1 })).toBe(
      'Nothing is left of this payment to refund.',
    );
  });

  it('gives a reason, and nothing else', () => {
    expect(check(careRefundSchema, { ...refund, reason: '' })).toBe(CARE_MESSAGES.reasonRequired);
    expect(check(careRefundSchema, { ...refund, reason: 'a\nb' })).toBe(
      CARE_MESSAGES.reasonInvalid,
    );
    expect(check(careRefundSchema, { ...refund, currency: 'INR' })).not.toBe('ok');
  });
});

describe('what care answers', () => {
  const summary = {
    id: 'reader-1',
    name: 'Asha',
    email: 'asha@example.com',
    phone: null,
    matched: 'email',
  };
  const subscription = {
    id: 3,
    brand: 'dh',
    plan: 'Yearly',
    status: 'active',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    renewsOn: '2026-12-31',
    autoRenew: true,
    priceMinor: 99900,
    currency: 'INR',
    mandate: '0123456789abcdef',
    cancelReason: null,
  };
  const payment = {
    paymentId: 'pay_1',
    orderId: 'order_1',
    brand: 'pv',
    kind: 'new',
    paidAt: '2026-01-01T06:00:00.000Z',
    amountMinor: 99900,
    currency: 'INR',
    refundedMinor: 100,
    pendingRefundMinor: 200,
    refundableMinor: 99600,
    invoice: { number: 'PV/26-27/000001', file: 'PV-26-27-000001.pdf', receiptSent: false },
  };
  const refundRow = {
    id: 'rf_1',
    paymentId: 'pay_1',
    amountMinor: 100,
    currency: 'INR',
    state: 'settled',
    reason: 'Charged twice',
    failure: null,
    createdAt: '2026-01-02T06:00:00.000Z',
    settledAt: '2026-01-02T07:00:00.000Z',
  };
  const notice = { subscriptionId: 3, event: 'notice: pre-debit', at: '2026-12-29T06:00:00Z' };
  const mandate = {
    id: '0123456789abcdef',
    provider: 'razorpay',
    method: 'upi',
    last4: '4321',
    status: 'active',
    subscriptionIds: [3],
  };

  it('reads a search’s readers and what each matched on', () => {
    const search = { readers: [summary, { ...summary, id: 'r2', email: null, phone: '+91' }] };
    expect(careSearchSchema.parse(search)).toEqual(search);
    expect(careReaderSummarySchema.parse(summary)).toEqual(summary);
    for (const matched of ['phone', 'email', 'order', 'payment', 'reader'])
      expect(careMatchSchema.parse(matched)).toBe(matched);
    expect(check(careMatchSchema, 'name')).not.toBe('ok');
  });

  it('reads a reader’s account, terms, payments, refunds, notices and mandates whole', () => {
    const reader = {
      account: { id: 'reader-1', name: 'Asha', email: null, phone: '+91', sessions: 2 },
      subscriptions: [subscription],
      payments: [payment],
      refunds: [refundRow],
      notices: [notice, { ...notice, subscriptionId: null }],
      mandates: [mandate],
    };
    expect(careReaderSchema.parse(reader)).toEqual(reader);
    expect(careSubscriptionSchema.parse(subscription)).toEqual(subscription);
    expect(carePaymentSchema.parse(payment)).toEqual(payment);
    // A payment refunded whole because it bought nothing has no invoice.
    expect(carePaymentSchema.parse({ ...payment, invoice: null }).invoice).toBeNull();
    expect(careRefundRowSchema.parse(refundRow)).toEqual(refundRow);
    expect(careNoticeSchema.parse(notice)).toEqual(notice);
    expect(careMandateSchema.parse(mandate)).toEqual(mandate);
  });

  it('knows each state of a term, a payment, a refund and a mandate', () => {
    for (const status of ['active', 'scheduled', 'replaced', 'expired', 'withdrawn'])
      expect(careSubscriptionSchema.parse({ ...subscription, status }).status).toBe(status);
    expect(check(careSubscriptionSchema, { ...subscription, status: 'paused' })).not.toBe('ok');
    for (const kind of ['new', 'upgrade', 'downgrade', 'renewal'])
      expect(carePaymentSchema.parse({ ...payment, kind }).kind).toBe(kind);
    expect(check(carePaymentSchema, { ...payment, kind: 'gift' })).not.toBe('ok');
    for (const state of ['created', 'sent', 'settled', 'failed', 'unknown'])
      expect(careRefundRowSchema.parse({ ...refundRow, state }).state).toBe(state);
    expect(check(careRefundRowSchema, { ...refundRow, state: 'lost' })).not.toBe('ok');
    for (const status of ['active', 'cancelling', 'cancelled', 'failed'])
      expect(careMandateSchema.parse({ ...mandate, status }).status).toBe(status);
    expect(check(careMandateSchema, { ...mandate, status: 'paused' })).not.toBe('ok');
  });

  it('shows at most four characters of a mandate’s reference', () => {
    for (const last4 of ['', '21', '4321'])
      expect(careMandateSchema.parse({ ...mandate, last4 }).last4).toBe(last4);
    expect(check(careMandateSchema, { ...mandate, last4: '54321' })).not.toBe('ok');
  });
});

describe('receipts, notices and invoices', () => {
  it('name an invoice by its file, and nothing else', () => {
    expect(check(careInvoiceParamsSchema, { file: 'DH-26-27-000042.pdf' })).toBe('ok');
    for (const file of [
      'DH-26-27-000042',
      '../DH-26-27-000042.pdf',
      'dh-26-27-000042.pdf',
      'x'.repeat(40),
    ])
      expect(check(careInvoiceParamsSchema, { file })).toBe(CARE_MESSAGES.invoiceNotFound);
  });

  it('resend with an empty body, and name a subscription by a whole number', () => {
    expect(check(careResendSchema, {})).toBe('ok');
    expect(check(careResendSchema, { to: 'someone@example.com' })).not.toBe('ok');
    expect(check(careSubscriptionParamsSchema, { id: 'u_1', subscriptionId: '5' })).toBe('ok');
    for (const subscriptionId of ['0', '-1', '1.5', 'x', '9999999999'])
      expect(check(careSubscriptionParamsSchema, { id: 'u_1', subscriptionId })).toBe(
        CARE_MESSAGES.subscriptionNotFound,
      );
  });

  it('say why nothing was resent', () => {
    expect(CARE_MESSAGES.noticeNothing).toBe(
      'No notice was sent for this subscription yet: there is nothing to resend.',
    );
    expect(CARE_MESSAGES.noContact).toBe(
      'This reader has no e-mail address or phone number to send to.',
    );
  });
});
