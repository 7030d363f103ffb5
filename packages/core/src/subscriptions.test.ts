import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import {
  CANCEL_REASONS,
  INVOICE_NOT_FOUND,
  MAX_CANCEL_MESSAGE_LENGTH,
  OTHER_CANCEL_REASON,
  PAYMENT_FAILURE_REASONS,
  SUBSCRIBE_PAGE_TEXT,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_STATUSES,
  archivalAccessOf,
  attributeOf,
  cancelRequestSchema,
  cancelResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutStartSchema,
  customAttributeSchema,
  invoiceFileParamsSchema,
  isHiddenPlan,
  mrpMinorOf,
  paymentFailureMessage,
  publisherQuerySchema,
  quoteRequestSchema,
  quoteSchema,
  readerInvoicesSchema,
  scheduledChangeSchema,
  subscriptionGroupSchema,
  subscriptionIdParamsSchema,
  subscriptionPlanSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
  userSubscriptionSchema,
  type SubscriptionPlan,
} from './subscriptions.ts';

/** The messages of a failed parse, in order. */
function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

const group = {
  id: 3,
  name: 'Digital',
  custom_attributes: [{ name: 'Visibility', value: 'Shown' }],
  metadata_fields: ['Best value'],
};

const plan: SubscriptionPlan = {
  id: 7,
  title: 'Monthly',
  price_cents: 19900,
  price_currency: 'INR',
  duration_unit: 'month',
  duration_length: 1,
  recurring: true,
  assets: ['epaper'],
  subscription_group_id: 3,
  custom_attributes: [{ name: 'MRP_INR', value: '299' }],
  group,
};

const subscription = {
  id: 11,
  active: true,
  status: 'active',
  subscription_plan_id: 7,
  plan_name: 'Monthly',
  plan_amount_cents: 19900,
  plan_amount_currency: 'INR',
  start_date: '2026-11-01',
  end_date: '2026-12-01',
  start_timestamp: 1_793_000_000_000,
  end_timestamp: 1_795_600_000_000,
  next_payment_due_date: '2026-12-01',
  in_grace_period: false,
  cancellable: true,
  expires_in_days: 20,
  archival_access: 30,
  renew_by_payment: false,
} as const;

describe('SUBSCRIPTION_MESSAGES', () => {
  it('says each message in the spec’s words', () => {
    expect({ ...SUBSCRIPTION_MESSAGES, alreadyCancelled: undefined }).toEqual({
      loadingPlans: 'Loading subscription plans...',
      termsRequired: 'Please agree to the Terms & Conditions and Privacy Policy to Proceed.',
      notLoggedInOrSubscriber: 'User is not logged in or is already a subscriber.',
      unsupportedPlan: 'Unsupported plan configuration. Please contact support.',
      paymentUnavailable: 'Payment method unavailable. Try a different plan or contact support.',
      paymentClosed: 'Payment cancelled by user.',
      paymentFailed: 'Payment failed. Please try again.',
      paymentCancelled: 'Payment cancelled. Please try again.',
      somethingWrong: 'Something went wrong, please try again.',
      alreadyCancelled: undefined,
      cancelled: 'Subscription cancelled successfully',
      planChanged: 'Subscription Plan Changed Successfully',
      noPlanSelected: 'No plan selected. Redirecting to subscription page.',
      reasonRequired: 'Select a reason to continue',
      otherReasonRequired: 'Enter the reason to continue',
      unknownPlan: 'This plan does not exist.',
      hiddenPlan: 'This plan is not on sale.',
      currencyMismatch:
        'Your current plan is paid in another currency. Contact support to change it.',
      currentPlan: 'This is your current plan.',
      changeAlreadyScheduled: 'A change of plan is already scheduled.',
      badPaymentResult: 'The payment result could not be verified.',
      unknownOrder: 'This payment order does not exist.',
      badSignature: 'Invalid signature',
      noSubscription: 'You have no subscription to cancel.',
      mandateContact:
        'Automatic renewal needs your e-mail and mobile number: enter the missing one to continue.',
    });
  });

  it('names the date access lasts till when the subscription is already cancelled', () => {
    expect(SUBSCRIPTION_MESSAGES.alreadyCancelled('25 Dec 2026')).toBe(
      'Subscription is already cancelled, you still have access to the app till 25 Dec 2026',
    );
  });
});

describe('constants', () => {
  it('lists the cancel reasons in the spec’s order, Others last', () => {
    expect(CANCEL_REASONS).toEqual([
      "It's a bit too expensive for me",
      "I'm not finding the news I want",
      'I get my news from another source',
      'The website is hard to use',
      'Others',
    ]);
    expect(OTHER_CANCEL_REASON).toBe('Others');
    expect(MAX_CANCEL_MESSAGE_LENGTH).toBe(500);
  });

  it('lists the subscription statuses and payment failure reasons', () => {
    expect(SUBSCRIPTION_STATUSES).toEqual(['active', 'grace', 'expired', 'cancelled']);
    expect(PAYMENT_FAILURE_REASONS).toEqual(['closed', 'failed', 'cancelled', 'error']);
  });
});

describe('catalogue schemas', () => {
  it('accepts a custom attribute of a text name and value', () => {
    expect(customAttributeSchema.parse({ name: 'a', value: 'b', extra: 1 })).toEqual({
      name: 'a',
      value: 'b',
    });
    expect(customAttributeSchema.safeParse({ name: 'a' }).success).toBe(false);
    expect(customAttributeSchema.safeParse({ value: 'b' }).success).toBe(false);
  });

  it('accepts a group with whole id, name, attributes and metadata fields', () => {
    expect(subscriptionGroupSchema.parse({ ...group, extra: true })).toEqual(group);
    expect(subscriptionGroupSchema.safeParse({ ...group, id: 1.5 }).success).toBe(false);
    expect(subscriptionGroupSchema.safeParse({ ...group, metadata_fields: [1] }).success).toBe(
      false,
    );
  });

  it('accepts a plan and a list of plans, with every duration unit and currency', () => {
    expect(subscriptionPlanSchema.parse({ ...plan, extra: 1 })).toEqual(plan);
    expect(subscriptionPlansSchema.parse([plan, plan])).toEqual([plan, plan]);
    for (const unit of ['day', 'days', 'month', 'months', 'year', 'years']) {
      expect(subscriptionPlanSchema.safeParse({ ...plan, duration_unit: unit }).success).toBe(true);
    }
    expect(subscriptionPlanSchema.safeParse({ ...plan, price_currency: 'USD' }).success).toBe(true);
  });

  it('refuses a plan with a fractional number, an unknown currency or unit', () => {
    expect(subscriptionPlanSchema.safeParse({ ...plan, id: 1.5 }).success).toBe(false);
    expect(subscriptionPlanSchema.safeParse({ ...plan, price_cents: 1.5 }).success).toBe(false);
    expect(subscriptionPlanSchema.safeParse({ ...plan, duration_length: 1.5 }).success).toBe(false);
    expect(subscriptionPlanSchema.safeParse({ ...plan, subscription_group_id: 1.5 }).success).toBe(
      false,
    );
    expect(subscriptionPlanSchema.safeParse({ ...plan, price_currency: 'EUR' }).success).toBe(
      false,
    );
    expect(subscriptionPlanSchema.safeParse({ ...plan, duration_unit: 'week' }).success).toBe(
      false,
    );
    expect(subscriptionPlanSchema.safeParse({ ...plan, recurring: 'yes' }).success).toBe(false);
    expect(subscriptionPlanSchema.safeParse({ ...plan, assets: [1] }).success).toBe(false);
  });
});

describe('attributeOf', () => {
  it('finds an attribute by its exact name, or is undefined', () => {
    const attributes = [
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
    ];
    expect(attributeOf(attributes, 'B')).toBe('2');
    expect(attributeOf(attributes, 'A')).toBe('1');
    expect(attributeOf(attributes, 'b')).toBeUndefined();
    expect(attributeOf([], 'A')).toBeUndefined();
  });
});

describe('archivalAccessOf', () => {
  const withArchive = (value: string) => ({
    custom_attributes: [
      { name: 'Other', value: '5' },
      { name: 'ArchivalAccess', value },
    ],
  });

  it('reads ArchivalAccess in days, -1 meaning unlimited', () => {
    expect(archivalAccessOf(withArchive('30'))).toBe(30);
    expect(archivalAccessOf(withArchive('0'))).toBe(0);
    expect(archivalAccessOf(withArchive('-1'))).toBe(-1);
  });

  it('reads an absent, fractional, non-numeric or below -1 value as 0', () => {
    expect(archivalAccessOf({ custom_attributes: [{ name: 'Other', value: '5' }] })).toBe(0);
    expect(archivalAccessOf(withArchive('2.5'))).toBe(0);
    expect(archivalAccessOf(withArchive('lots'))).toBe(0);
    expect(archivalAccessOf(withArchive('-2'))).toBe(0);
  });
});

describe('isHiddenPlan', () => {
  const visibility = (value?: string) =>
    value === undefined ? [] : [{ name: 'Visibility', value }];
  const planWith = (own?: string, ofGroup?: string) => ({
    custom_attributes: visibility(own),
    group: { custom_attributes: visibility(ofGroup) },
  });

  it('hides a plan whose own Visibility is Hidden', () => {
    expect(isHiddenPlan(planWith('Hidden'))).toBe(true);
    expect(isHiddenPlan(planWith('Hidden', 'Shown'))).toBe(true);
  });

  it('falls back to the group’s Visibility when the plan has none', () => {
    expect(isHiddenPlan(planWith(undefined, 'Hidden'))).toBe(true);
    expect(isHiddenPlan(planWith(undefined, 'Shown'))).toBe(false);
  });

  it('lets the plan’s own Visibility override a hidden group', () => {
    expect(isHiddenPlan(planWith('Shown', 'Hidden'))).toBe(false);
  });

  it('shows a plan with no Visibility anywhere, or another value', () => {
    expect(isHiddenPlan(planWith())).toBe(false);
    expect(isHiddenPlan(planWith('hidden'))).toBe(false);
  });
});

describe('mrpMinorOf', () => {
  const withMrp = (currency: 'INR' | 'USD', attributes: { name: string; value: string }[]) => ({
    ...plan,
    price_currency: currency,
    custom_attributes: attributes,
  });

  it('reads MRP_INR for INR plans and MRP_USD otherwise, in minor units', () => {
    const both = [
      { name: 'MRP_INR', value: '299' },
      { name: 'MRP_USD', value: '4.99' },
    ];
    expect(mrpMinorOf(withMrp('INR', both))).toBe(29900);
    expect(mrpMinorOf(withMrp('USD', both))).toBe(499);
  });

  it('rounds to the nearest minor unit', () => {
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: '1.005' }]))).toBe(
      Math.round(1.005 * 100),
    );
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: '1.236' }]))).toBe(124);
  });

  it('is undefined when the MRP is absent, not a number, infinite, zero or negative', () => {
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_USD', value: '5' }]))).toBeUndefined();
    expect(mrpMinorOf(withMrp('USD', [{ name: 'MRP_INR', value: '5' }]))).toBeUndefined();
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: 'abc' }]))).toBeUndefined();
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: 'Infinity' }]))).toBeUndefined();
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: '0' }]))).toBeUndefined();
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: '-5' }]))).toBeUndefined();
  });

  it('accepts a tiny positive MRP', () => {
    expect(mrpMinorOf(withMrp('INR', [{ name: 'MRP_INR', value: '0.01' }]))).toBe(1);
  });
});

describe('userSubscriptionSchema and subscriptionStateSchema', () => {
  it('accepts a subscription in every status, with or without a next payment date', () => {
    expect(userSubscriptionSchema.parse({ ...subscription, extra: 1 })).toEqual(subscription);
    for (const status of ['active', 'grace', 'expired', 'cancelled']) {
      expect(userSubscriptionSchema.safeParse({ ...subscription, status }).success).toBe(true);
    }
    expect(
      userSubscriptionSchema.safeParse({ ...subscription, next_payment_due_date: null }).success,
    ).toBe(true);
    expect(
      userSubscriptionSchema.safeParse({ ...subscription, plan_amount_currency: 'USD' }).success,
    ).toBe(true);
  });

  it('refuses an unknown status or currency and fractional numbers', () => {
    expect(userSubscriptionSchema.safeParse({ ...subscription, status: 'paused' }).success).toBe(
      false,
    );
    expect(
      userSubscriptionSchema.safeParse({ ...subscription, plan_amount_currency: 'EUR' }).success,
    ).toBe(false);
    for (const key of [
      'id',
      'subscription_plan_id',
      'plan_amount_cents',
      'start_timestamp',
      'end_timestamp',
      'expires_in_days',
      'archival_access',
    ]) {
      expect(userSubscriptionSchema.safeParse({ ...subscription, [key]: 1.5 }).success).toBe(false);
    }
  });

  it('accepts a free reader with no subscription and no scheduled change', () => {
    const state = { entitlement: { kind: 'free' }, subscription: null, scheduled: null };
    expect(subscriptionStateSchema.parse(state)).toEqual(state);
  });

  it('accepts a subscriber with archive days, plan name, subscription and scheduled change', () => {
    const scheduled = { plan_name: 'Yearly', start_date: '2026-12-01', end_date: '2027-12-01' };
    const state = {
      entitlement: { kind: 'subscriber', archiveDays: 30, planName: 'Monthly' },
      subscription,
      scheduled,
    };
    expect(subscriptionStateSchema.parse(state)).toEqual(state);
    expect(scheduledChangeSchema.parse({ ...scheduled, extra: 1 })).toEqual(scheduled);
  });

  it('refuses an unknown entitlement kind or a subscriber without its details', () => {
    const base = { subscription: null, scheduled: null };
    expect(subscriptionStateSchema.safeParse({ ...base, entitlement: { kind: 'x' } }).success).toBe(
      false,
    );
    expect(
      subscriptionStateSchema.safeParse({ ...base, entitlement: { kind: 'subscriber' } }).success,
    ).toBe(false);
    expect(
      subscriptionStateSchema.safeParse({
        ...base,
        entitlement: { kind: 'subscriber', archiveDays: 1.5, planName: 'M' },
      }).success,
    ).toBe(false);
  });
});

describe('publisherQuerySchema and quoteRequestSchema', () => {
  it('resolves the publisher to its brand', () => {
    expect(publisherQuerySchema.parse({ publisher: 'DH' })).toEqual({ publisher: BRANDS.dh });
  });

  it('coerces the plan id to a number', () => {
    expect(quoteRequestSchema.parse({ publisher: 'PV', planId: '7' })).toEqual({
      publisher: BRANDS.pv,
      planId: 7,
    });
    expect(quoteRequestSchema.parse({ publisher: 'PV', planId: 2_147_483_647 }).planId).toBe(
      2_147_483_647,
    );
    expect(quoteRequestSchema.parse({ publisher: 'PV', planId: 1 }).planId).toBe(1);
  });

  it('says the plan does not exist for a plan id that is not a number', () => {
    expect(messagesOf(quoteRequestSchema.safeParse({ publisher: 'DH', planId: 'abc' }))).toEqual([
      'This plan does not exist.',
    ]);
  });

  it('refuses a plan id that is fractional, below 1 or above the database integer', () => {
    for (const planId of [1.5, 0, 2_147_483_648]) {
      expect(quoteRequestSchema.safeParse({ publisher: 'DH', planId }).success).toBe(false);
    }
  });

  it('refuses unknown keys', () => {
    expect(quoteRequestSchema.safeParse({ publisher: 'DH', planId: 1, x: 1 }).success).toBe(false);
  });
});

describe('quoteSchema', () => {
  const quote = {
    change: 'new',
    plan,
    start_date: '2026-11-01',
    end_date: '2026-12-01',
    total_cents: 19900,
    currency: 'INR',
    refund_cents: 0,
    current: null,
    contact_needed: null,
  } as const;

  it('accepts a quote with no current plan and no contact needed', () => {
    expect(quoteSchema.parse({ ...quote, extra: 1 })).toEqual(quote);
  });

  it('accepts every kind of change, a current plan, and e-mail or phone as the contact needed', () => {
    for (const change of ['new', 'upgrade', 'downgrade', 'renewal']) {
      expect(quoteSchema.safeParse({ ...quote, change }).success).toBe(true);
    }
    const current = { plan_name: 'Monthly', start_date: '2026-10-01', end_date: '2026-11-01' };
    expect(quoteSchema.parse({ ...quote, current }).current).toEqual(current);
    expect(quoteSchema.parse({ ...quote, contact_needed: 'email' }).contact_needed).toBe('email');
    expect(quoteSchema.parse({ ...quote, contact_needed: 'phone' }).contact_needed).toBe('phone');
    expect(quoteSchema.safeParse({ ...quote, currency: 'USD' }).success).toBe(true);
  });

  it('refuses an unknown change, contact or currency, and fractional amounts', () => {
    expect(quoteSchema.safeParse({ ...quote, change: 'swap' }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, contact_needed: 'name' }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, contact_needed: undefined }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, currency: 'EUR' }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, total_cents: 1.5 }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, refund_cents: 1.5 }).success).toBe(false);
    expect(quoteSchema.safeParse({ ...quote, current: { plan_name: 'M' } }).success).toBe(false);
  });
});

describe('checkoutRequestSchema', () => {
  const body = {
    publisher: 'DH',
    planId: '7',
    termsAccepted: true,
    idempotencyKey: 'abcdefgh',
  };

  it('accepts a checkout with the terms accepted and a key of 8 characters or more', () => {
    expect(checkoutRequestSchema.parse(body)).toEqual({
      publisher: BRANDS.dh,
      planId: 7,
      termsAccepted: true,
      idempotencyKey: 'abcdefgh',
    });
  });

  it('asks to agree to the terms unless termsAccepted is true', () => {
    for (const termsAccepted of [false, 'true', undefined]) {
      expect(messagesOf(checkoutRequestSchema.safeParse({ ...body, termsAccepted }))).toEqual([
        'Please agree to the Terms & Conditions and Privacy Policy to Proceed.',
      ]);
    }
  });

  it('refuses an idempotency key shorter than 8 characters', () => {
    expect(
      messagesOf(checkoutRequestSchema.safeParse({ ...body, idempotencyKey: 'abcdefg' })),
    ).toEqual(['idempotencyKey must be at least 8 characters']);
  });

  it('refuses an idempotency key longer than 64 characters, but takes 64', () => {
    expect(
      checkoutRequestSchema.parse({ ...body, idempotencyKey: 'k'.repeat(64) }).idempotencyKey,
    ).toBe('k'.repeat(64));
    expect(
      messagesOf(checkoutRequestSchema.safeParse({ ...body, idempotencyKey: 'k'.repeat(65) })),
    ).toEqual(['idempotencyKey must be at most 64 characters']);
  });

  it('says which plan is unknown for a plan id that is not a number', () => {
    expect(messagesOf(checkoutRequestSchema.safeParse({ ...body, planId: 'x' }))).toEqual([
      'This plan does not exist.',
    ]);
  });

  it('takes a billing contact of an e-mail, a prefixed mobile number, both or neither', () => {
    const billingContact = { email: 'reader@example.com', phoneNumber: '+919876543210' };
    expect(checkoutRequestSchema.parse({ ...body, billingContact }).billingContact).toEqual(
      billingContact,
    );
    expect(
      checkoutRequestSchema.parse({ ...body, billingContact: { email: 'reader@example.com' } })
        .billingContact,
    ).toEqual({ email: 'reader@example.com' });
    expect(
      checkoutRequestSchema.parse({ ...body, billingContact: { phoneNumber: '+919876543210' } })
        .billingContact,
    ).toEqual({ phoneNumber: '+919876543210' });
    expect(checkoutRequestSchema.parse({ ...body, billingContact: {} }).billingContact).toEqual({});
  });

  it('refuses a billing contact with a bad e-mail or mobile number', () => {
    expect(
      messagesOf(checkoutRequestSchema.safeParse({ ...body, billingContact: { email: 'nope' } })),
    ).toEqual(['Please enter a valid email address']);
    expect(
      messagesOf(
        checkoutRequestSchema.safeParse({ ...body, billingContact: { phoneNumber: '9876543210' } }),
      ),
    ).toEqual(['Invalid mobile number']);
  });

  it('refuses unknown keys in the body and in the billing contact', () => {
    expect(checkoutRequestSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(
      checkoutRequestSchema.safeParse({ ...body, billingContact: { name: 'A' } }).success,
    ).toBe(false);
  });
});

describe('checkout responses', () => {
  const checkout = { url: 'https://pay.example/x', method: 'POST', fields: { a: 'b' } } as const;

  it('accepts a GET or POST checkout start with text fields', () => {
    expect(checkoutStartSchema.parse({ ...checkout, extra: 1 })).toEqual(checkout);
    expect(checkoutStartSchema.safeParse({ ...checkout, method: 'GET' }).success).toBe(true);
    expect(checkoutStartSchema.safeParse({ ...checkout, method: 'PUT' }).success).toBe(false);
    expect(checkoutStartSchema.safeParse({ ...checkout, fields: { a: 1 } }).success).toBe(false);
  });

  it('accepts a payment to make or a scheduled change', () => {
    const payment = { kind: 'payment', orderId: 'o1', checkout };
    expect(checkoutResponseSchema.parse(payment)).toEqual(payment);
    const scheduled = {
      kind: 'scheduled',
      current_end_date: '2026-12-01',
      start_date: '2026-12-01',
      end_date: '2027-12-01',
    };
    expect(checkoutResponseSchema.parse(scheduled)).toEqual(scheduled);
    expect(checkoutResponseSchema.safeParse({ kind: 'payment', orderId: 'o1' }).success).toBe(
      false,
    );
    expect(checkoutResponseSchema.safeParse({ ...scheduled, kind: 'other' }).success).toBe(false);
  });
});

describe('cancelRequestSchema', () => {
  it('accepts each listed reason, with or without a message', () => {
    for (const reason of CANCEL_REASONS.slice(0, 4)) {
      expect(cancelRequestSchema.parse({ reason })).toEqual({ reason });
    }
    expect(
      cancelRequestSchema.parse({ reason: 'The website is hard to use', message: 'slow' }),
    ).toEqual({ reason: 'The website is hard to use', message: 'slow' });
  });

  it('asks to select a reason when none or an unlisted one is given', () => {
    expect(messagesOf(cancelRequestSchema.safeParse({}))).toEqual(['Select a reason to continue']);
    expect(messagesOf(cancelRequestSchema.safeParse({ reason: 'Bored' }))).toEqual([
      'Select a reason to continue',
    ]);
  });

  it('asks for the reason when Others comes without a message or a blank one', () => {
    for (const message of [undefined, '', '   ']) {
      expect(messagesOf(cancelRequestSchema.safeParse({ reason: 'Others', message }))).toEqual([
        'Enter the reason to continue',
      ]);
    }
  });

  it('accepts Others with a message', () => {
    expect(cancelRequestSchema.parse({ reason: 'Others', message: ' Too busy ' })).toEqual({
      reason: 'Others',
      message: ' Too busy ',
    });
  });

  it('takes a message of up to 500 characters and refuses a longer one', () => {
    expect(
      cancelRequestSchema.safeParse({ reason: 'Others', message: 'm'.repeat(500) }).success,
    ).toBe(true);
    expect(
      messagesOf(cancelRequestSchema.safeParse({ reason: 'Others', message: 'm'.repeat(501) })),
    ).toEqual(['message must be at most 500 characters']);
  });

  it('refuses unknown keys', () => {
    expect(
      cancelRequestSchema.safeParse({ reason: 'The website is hard to use', extra: 1 }).success,
    ).toBe(false);
  });
});

describe('cancelResponseSchema and subscriptionIdParamsSchema', () => {
  it('accepts an OK status with the end date only', () => {
    expect(cancelResponseSchema.parse({ status: 'OK', end_date: '2026-12-01' })).toEqual({
      status: 'OK',
      end_date: '2026-12-01',
    });
    expect(cancelResponseSchema.safeParse({ status: 'ok', end_date: '2026-12-01' }).success).toBe(
      false,
    );
  });

  it('coerces the subscription id, 1 to the database integer', () => {
    expect(subscriptionIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(subscriptionIdParamsSchema.parse({ id: '1' })).toEqual({ id: 1 });
    expect(subscriptionIdParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    for (const id of ['0', '1.5', '2147483648']) {
      expect(subscriptionIdParamsSchema.safeParse({ id }).success).toBe(false);
    }
  });

  it('says there is no subscription for an id that is not a number', () => {
    expect(messagesOf(subscriptionIdParamsSchema.safeParse({ id: 'abc' }))).toEqual([
      'You have no subscription to cancel.',
    ]);
  });
});

describe('paymentFailureMessage', () => {
  it('says the message of each payment failure reason', () => {
    expect(paymentFailureMessage('closed')).toBe('Payment cancelled by user.');
    expect(paymentFailureMessage('failed')).toBe('Payment failed. Please try again.');
    expect(paymentFailureMessage('cancelled')).toBe('Payment cancelled. Please try again.');
  });

  it('says something went wrong for an error, an unknown reason or none', () => {
    expect(paymentFailureMessage('error')).toBe('Something went wrong, please try again.');
    expect(paymentFailureMessage('other')).toBe('Something went wrong, please try again.');
    expect(paymentFailureMessage(null)).toBe('Something went wrong, please try again.');
  });
});

describe('the subscribe page heading', () => {
  it("is the spec's, with the brand's name", () => {
    expect(SUBSCRIBE_PAGE_TEXT.title(BRANDS.pv.name)).toBe('Subscribe To Prajavani Epaper');
    expect(SUBSCRIBE_PAGE_TEXT.subtitle).toBe('Choose The Plan That Works Best For You');
  });
});

describe('the reader’s invoices', () => {
  it('are read whole, in INR or USD only', () => {
    const invoice = {
      number: 'DH/26-27/000042',
      issuedOn: '2026-11-21',
      plan: 'Monthly',
      periodStart: '2026-11-21',
      periodEnd: '2026-12-21',
      amountMinor: 19900,
      currency: 'INR',
      url: '/api/subscriptions/invoices/DH-26-27-000042.pdf',
    };
    expect(readerInvoicesSchema.parse({ invoices: [invoice] })).toEqual({ invoices: [invoice] });
    expect(
      readerInvoicesSchema.safeParse({ invoices: [{ ...invoice, currency: 'EUR' }] }).success,
    ).toBe(false);
  });

  it('download by a file name of the number, and nothing else', () => {
    expect(invoiceFileParamsSchema.parse({ file: 'PV-27-28-000001.pdf' })).toEqual({
      file: 'PV-27-28-000001.pdf',
    });
    for (const file of ['PV-27-28-000001', '..%2FPV-27-28-000001.pdf', 'PV/27-28/000001', ''])
      expect(invoiceFileParamsSchema.safeParse({ file }).error?.issues[0]?.message).toBe(
        INVOICE_NOT_FOUND,
      );
  });
});
