// The Razorpay adapter through the real SDK against a local fake of Razorpay's API:
// orders, the hosted checkout, verification, reconciliation, refunds, mandate
// renewals, and how failures of the API reach the caller.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../src/modules/payments/provider.ts';
import { RazorpayProvider } from '../src/modules/payments/razorpay-provider.ts';
import type { CreateOrderInput } from '../src/modules/payments/provider.ts';
import { startFakeRazorpay, type FakeRazorpay } from './helpers/fake-razorpay.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const RETURN_URL = 'https://folio.test/api/subscriptions/return?order=41';

let fake: FakeRazorpay;
let provider: RazorpayProvider;

const orderInput = (overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  receipt: 'po_41',
  amountMinor: 49_900,
  currency: 'INR',
  mandate: false,
  returnUrl: RETURN_URL,
  description: 'Monthly plan',
  customer: { email: 'reader@example.com', phone: '+919876543210', name: 'Asha Rao' },
  ...overrides,
});

let receipts = 42;
/** A renewal debit: its order first, as the ledger makes it, then the debit on it. */
async function renewal(mandateId: string) {
  const input = {
    amountMinor: 49_900,
    currency: 'INR' as const,
    receipt: `po_${receipts++}`,
    description: 'Monthly plan renewal',
  };
  return { ...input, mandateId, providerOrderId: await provider.createChargeOrder(input) };
}

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

/** A paid mandate order: its mandate id, as the webhook reports it. */
async function mandate(): Promise<string> {
  const { providerOrderId } = await provider.createOrder(orderInput({ mandate: true }));
  const paymentId = fake.pay(providerOrderId).razorpay_payment_id ?? '';
  const { body, headers } = fake.webhook('payment.captured', paymentId);
  const event = provider.verifyWebhook(body, headers);
  if (event.payment?.outcome !== 'paid' || !event.payment.mandateId) {
    throw new Error('the mandate payment did not report a mandate');
  }
  return event.payment.mandateId;
}

beforeAll(async () => {
  fake = await startFakeRazorpay();
  provider = new RazorpayProvider(fake.config, { now: () => NOW });
});
beforeEach(() => {
  fake.recurringOutcome = 'captured';
});
afterEach(() => {
  fake.recurringOutcome = 'captured';
});
afterAll(() => fake.close());

describe('orders and checkout', () => {
  it('creates the order with the amount, currency and receipt it was given', async () => {
    const created = await provider.createOrder(orderInput());
    expect(fake.orders.get(created.providerOrderId)).toMatchObject({
      amount: 49_900,
      currency: 'INR',
      receipt: 'po_41',
      customer_id: null,
      token: null,
    });
    expect(created.checkout).toEqual({
      url: `${fake.config.apiUrl}/v1/checkout/embedded`,
      method: 'POST',
      fields: {
        key_id: fake.config.keyId,
        order_id: created.providerOrderId,
        amount: '49900',
        currency: 'INR',
        name: 'Folio',
        description: 'Monthly plan',
        callback_url: RETURN_URL,
        cancel_url: `${RETURN_URL}&outcome=closed`,
        'prefill[name]': 'Asha Rao',
        'prefill[email]': 'reader@example.com',
        'prefill[contact]': '+919876543210',
      },
    });
    const usd = await provider.createOrder(
      orderInput({ currency: 'USD', amountMinor: 999, returnUrl: 'https://folio.test/back' }),
    );
    expect(fake.orders.get(usd.providerOrderId)).toMatchObject({ amount: 999, currency: 'USD' });
    expect(usd.checkout.fields.cancel_url).toBe('https://folio.test/back?outcome=closed');
  });

  it('pays through the hosted page and verifies what comes back', async () => {
    const { providerOrderId, checkout } = await provider.createOrder(orderInput());
    const page = await fetch(checkout.url, {
      method: checkout.method,
      body: new URLSearchParams(checkout.fields),
    });
    expect(await page.text()).toContain('<button>Pay</button>');

    const decision = await fetch(`${fake.config.apiUrl}/v1/checkout/embedded/pay`, {
      method: 'POST',
      body: new URLSearchParams({ order_id: providerOrderId, callback_url: RETURN_URL }),
    });
    const html = await decision.text();
    expect(html).toContain(`action="${RETURN_URL.replace('&', '&#38;')}"`);
    const posted = Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;

    const outcome = provider.verifyReturn(posted, providerOrderId);
    expect(outcome).toEqual({
      outcome: 'paid',
      providerOrderId,
      paymentId: posted.razorpay_payment_id,
      mandateId: null,
      amountMinor: null,
      currency: null,
    });
    expect(fake.payments.get(posted.razorpay_payment_id ?? '')?.status).toBe('captured');
  });

  it('reports a declined payment from the callback', async () => {
    const { providerOrderId } = await provider.createOrder(orderInput());
    const fields = fake.fail(providerOrderId, 'payment_failed', 'Your card was declined.');
    expect(provider.verifyReturn(fields, providerOrderId)).toEqual({
      outcome: 'failed',
      providerOrderId,
      message: 'Your card was declined.',
    });
    expect(await provider.orderStatus(providerOrderId)).toEqual({
      paid: null,
      pending: null,
      failure: 'Your card was declined.',
    });
  });

  it('reports a captured payment to the reconciler, and refunds part of it', async () => {
    const { providerOrderId } = await provider.createOrder(orderInput({ receipt: 'po_reconcile' }));
    expect(await provider.orderStatus(providerOrderId)).toEqual({
      paid: null,
      pending: null,
      failure: null,
    });
    fake.fail(providerOrderId);
    const paymentId = fake.pay(providerOrderId).razorpay_payment_id ?? '';

    expect(await provider.orderStatus(providerOrderId)).toEqual({
      paid: { paymentId, mandateId: null, amountMinor: 49_900, currency: 'INR' },
      pending: null,
      failure: null,
    });
    expect(await provider.findOrder('po_reconcile')).toBe(providerOrderId);
    expect(await provider.findOrder('po_never')).toBeNull();

    const { refundId } = await provider.refund(paymentId, 12_345, 'refund_po_41');
    expect(refundId).toMatch(/^rfnd_/);
    expect(fake.refunds.find((r) => r.id === refundId)).toEqual({
      id: refundId,
      payment_id: paymentId,
      amount: 12_345,
      receipt: 'refund_po_41',
      speed: 'normal',
    });
    const tooMuch = await rejection(provider.refund(paymentId, 49_900, 'refund_po_41b'));
    expect(tooMuch.kind).toBe('rejected');
    expect(tooMuch.message).toContain('greater than amount captured');
    // A refund whose answer was lost is found again by its receipt.
    expect(await provider.findRefund(paymentId, 'refund_po_41')).toEqual({ refundId });
    expect(await provider.findRefund(paymentId, 'refund_po_41b')).toBeNull();
  });

  it('asks for capture with every order, so a payment is never left authorised', async () => {
    const { providerOrderId } = await provider.createOrder(orderInput());
    expect(fake.orders.get(providerOrderId)?.payment_capture).toBe(true);
    const paymentId = fake.pay(providerOrderId).razorpay_payment_id ?? '';
    expect(fake.payments.get(paymentId)?.status).toBe('captured');
  });
});

describe('mandates', () => {
  it('sets up a card mandate with the first payment', async () => {
    const { providerOrderId, checkout } = await provider.createOrder(orderInput({ mandate: true }));
    const order = fake.orders.get(providerOrderId);
    const customer = fake.customers.get(order?.customer_id ?? '');
    expect(customer).toMatchObject({ email: 'reader@example.com', contact: '+919876543210' });
    expect(order).toMatchObject({
      amount: 49_900,
      method: 'card',
      token: {
        max_amount: 1_500_000,
        frequency: 'as_presented',
        expire_at: Date.parse('2036-03-01T10:00:00Z') / 1000,
      },
    });
    expect(checkout.fields).toMatchObject({ customer_id: customer?.id, recurring: '1' });

    const paymentId = fake.pay(providerOrderId).razorpay_payment_id ?? '';
    const tokenId = fake.payments.get(paymentId)?.token_id;
    expect(await provider.orderStatus(providerOrderId)).toEqual({
      paid: {
        paymentId,
        mandateId: `${customer?.id}/${tokenId}`,
        amountMinor: 49_900,
        currency: 'INR',
      },
      pending: null,
      failure: null,
    });
    // A second purchase reuses the reader's Razorpay customer.
    await provider.createOrder(orderInput({ mandate: true }));
    expect(fake.customers.size).toBe(1);
  });

  it('refuses a mandate outside rupees', async () => {
    const error = await rejection(
      provider.createOrder(orderInput({ mandate: true, currency: 'USD' })),
    );
    expect(error.kind).toBe('rejected');
  });

  it('charges a renewal on the mandate', async () => {
    const mandateId = await mandate();
    const charge = await provider.chargeMandate(await renewal(mandateId));
    expect(charge.outcome).toBe('paid');
    const payment =
      charge.outcome === 'paid' ? fake.payments.get(charge.payment.paymentId) : undefined;
    expect(payment).toMatchObject({
      amount: 49_900,
      status: 'captured',
      recurring: true,
      token_id: mandateId.split('/')[1],
      email: 'reader@example.com',
    });
    expect(fake.orders.get(payment?.order_id ?? '')).toMatchObject({ payment_capture: true });
    expect(fake.orders.get(payment?.order_id ?? '')?.receipt).toMatch(/^po_\d+$/);
  });

  it('reports a renewal the bank declines, or has not settled yet', async () => {
    const mandateId = await mandate();
    fake.recurringOutcome = 'failed';
    expect(await provider.chargeMandate(await renewal(mandateId))).toEqual({
      outcome: 'failed',
      message: 'The bank declined the mandate debit.',
    });
    fake.recurringOutcome = 'pending';
    const pending = await provider.chargeMandate(await renewal(mandateId));
    expect(pending).toMatchObject({ outcome: 'pending' });
    expect(pending.outcome === 'pending' && fake.payments.has(pending.paymentId)).toBe(true);
  });

  it('keeps a debit pending as Razorpay does, then reports it captured or declined', async () => {
    const mandateId = await mandate();
    fake.recurringOutcome = 'pending';
    const debit = await renewal(mandateId);
    const pending = await provider.chargeMandate(debit);
    expect(pending).toMatchObject({ outcome: 'pending' });
    const paymentId = pending.outcome === 'pending' ? pending.paymentId : '';
    expect(await provider.orderStatus(debit.providerOrderId)).toEqual({
      paid: null,
      pending: { paymentId },
      failure: null,
    });
    const payment = fake.payments.get(paymentId);
    if (payment) payment.settles_at = 0;
    expect(await provider.orderStatus(debit.providerOrderId)).toMatchObject({
      paid: { paymentId, amountMinor: 49_900, currency: 'INR' },
    });
    fake.pendingOutcome = 'failed';
    const declined = await renewal(mandateId);
    const second = await provider.chargeMandate(declined);
    const secondPayment = fake.payments.get(second.outcome === 'pending' ? second.paymentId : '');
    if (secondPayment) secondPayment.settles_at = 0;
    expect(await provider.orderStatus(declined.providerOrderId)).toEqual({
      paid: null,
      pending: null,
      failure: 'The bank declined the mandate debit.',
    });
    fake.pendingOutcome = 'captured';
  });

  it('refuses a debit for a customer without e-mail or phone, as Razorpay would', async () => {
    const { providerOrderId } = await provider.createOrder(
      orderInput({
        mandate: true,
        customer: { email: 'only@example.com', phone: null, name: null },
      }),
    );
    const paymentId = fake.pay(providerOrderId).razorpay_payment_id ?? '';
    const payment = fake.payments.get(paymentId);
    const mandateId = `${payment?.customer_id}/${payment?.token_id}`;
    expect(await provider.chargeMandate(await renewal(mandateId))).toEqual({
      outcome: 'failed',
      message: 'The mandate has no e-mail or phone number.',
    });
  });

  it('cancels a mandate once, and a cancelled one stays cancelled', async () => {
    const mandateId = await mandate();
    expect(await provider.mandateActive(mandateId)).toBe(true);
    await provider.cancelMandate(mandateId);
    expect(await provider.mandateActive(mandateId)).toBe(false);
    await provider.cancelMandate(mandateId);
    expect(await provider.chargeMandate(await renewal(mandateId))).toMatchObject({
      outcome: 'failed',
    });
  });

  it('reports a renewal on a cancelled or unknown mandate as failed', async () => {
    const mandateId = await mandate();
    const token = fake.tokens.get(mandateId.split('/')[1] ?? '');
    if (token) token.active = false;
    expect(await provider.chargeMandate(await renewal(mandateId))).toEqual({
      outcome: 'failed',
      message: 'Razorpay declined: Token is not active',
    });
    expect(await provider.chargeMandate(await renewal('token_Only00000001'))).toMatchObject({
      outcome: 'failed',
    });
  });
});

describe('when Razorpay fails', () => {
  it('turns a 5xx or a lost connection into an unavailable error', async () => {
    fake.failNext(500);
    const serverError = await rejection(provider.createOrder(orderInput()));
    expect(serverError.kind).toBe('unavailable');
    expect(serverError.message).toBe(
      'Razorpay is not answering right now; try again in a few minutes.',
    );

    fake.dropNext();
    expect((await rejection(provider.orderStatus('order_Missing0000001'))).kind).toBe(
      'unavailable',
    );

    const mandateId = await mandate();
    const debit = await renewal(mandateId);
    fake.failNext(503);
    expect((await rejection(provider.chargeMandate(debit))).kind).toBe('unavailable');
    // The debit taken and its answer lost: unknown to the caller, captured at Razorpay.
    const lost = await renewal(mandateId);
    fake.dropAfterNext(/recurring/);
    expect((await rejection(provider.chargeMandate(lost))).kind).toBe('unavailable');
    expect(await provider.orderStatus(lost.providerOrderId)).toMatchObject({
      paid: { amountMinor: 49_900 },
    });
  });

  it('turns a 4xx into a rejected error carrying Razorpay’s description', async () => {
    fake.failNext(400, 'The id provided does not exist');
    const error = await rejection(provider.orderStatus('order_Missing0000001'));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('Razorpay declined: The id provided does not exist');
  });

  it('names wrong keys clearly without repeating them', async () => {
    const wrong = new RazorpayProvider({ ...fake.config, keySecret: 'not-the-secret' });
    const error = await rejection(wrong.createOrder(orderInput()));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe(
      'Razorpay refused the API keys; check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.',
    );
    expect(JSON.stringify(wrong)).not.toContain('not-the-secret');
  });
});
