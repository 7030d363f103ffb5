// The Razorpay signatures on their own: the checkout callback (order|payment HMAC
// with the key secret) and webhooks (HMAC of the raw body with the webhook secret).
import { createHash, createHmac } from 'node:crypto';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import { SignatureError } from './provider.ts';
import { RazorpayProvider } from './razorpay-provider.ts';

/** The key secret of the payment-verification vector in Razorpay's own SDK tests. */
const KEY_SECRET = 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89';
const WEBHOOK_SECRET = 'whsec_unit_test';
const ORDER = 'fake_order_id';
const PAYMENT = 'fake_payment_id';

const provider = new RazorpayProvider({
  keyId: 'rzp_test_unit',
  keySecret: KEY_SECRET,
  webhookSecret: WEBHOOK_SECRET,
  // Never called here: these checks are local.
  apiUrl: 'http://127.0.0.1:9',
});

const hmac = (secret: string, payload: string | Buffer) =>
  createHmac('sha256', secret).update(payload).digest('hex');
const expectedSignature = hmac(KEY_SECRET, `${ORDER}|${PAYMENT}`);
const paidFields = (signature = expectedSignature, orderId = ORDER) => ({
  razorpay_payment_id: PAYMENT,
  razorpay_order_id: orderId,
  razorpay_signature: signature,
});

describe('the checkout callback', () => {
  it('accepts the signature vector, which Razorpay’s own helper also accepts', () => {
    expect(
      validatePaymentVerification(
        { order_id: ORDER, payment_id: PAYMENT },
        expectedSignature,
        KEY_SECRET,
      ),
    ).toBe(true);
    expect(provider.verifyReturn(paidFields(), ORDER)).toEqual({
      outcome: 'paid',
      providerOrderId: ORDER,
      paymentId: PAYMENT,
      mandateId: null,
      // The callback names no amount; the order's own amount is what was asked for.
      amountMinor: null,
      currency: null,
    });
  });

  it('refuses a forged signature', () => {
    const last = expectedSignature.at(-1) === '0' ? '1' : '0';
    const forged = `${expectedSignature.slice(0, -1)}${last}`;
    expect(() => provider.verifyReturn(paidFields(forged), ORDER)).toThrow(SignatureError);
    expect(() =>
      provider.verifyReturn(paidFields(hmac('another secret', `${ORDER}|${PAYMENT}`)), ORDER),
    ).toThrow(SignatureError);
  });

  it('refuses a genuine result of another order than the stored one', () => {
    const other = 'order_Other0000000001';
    const signedForOther = hmac(KEY_SECRET, `${other}|${PAYMENT}`);
    expect(() => provider.verifyReturn(paidFields(signedForOther, other), ORDER)).toThrow(
      SignatureError,
    );
    // Signed for the stored order, but the fields name another one.
    expect(() => provider.verifyReturn(paidFields(expectedSignature, other), ORDER)).toThrow(
      SignatureError,
    );
  });

  it('refuses signatures of the wrong length with SignatureError, not a crash', () => {
    for (const signature of [`${expectedSignature}0`, expectedSignature.slice(0, -1), '']) {
      expect(() => provider.verifyReturn(paidFields(signature), ORDER)).toThrow(SignatureError);
    }
  });

  it('refuses a result with the signature missing, and fields that say nothing', () => {
    expect(() =>
      provider.verifyReturn({ razorpay_payment_id: PAYMENT, razorpay_order_id: ORDER }, ORDER),
    ).toThrow(SignatureError);
    expect(() => provider.verifyReturn({}, ORDER)).toThrow(SignatureError);
  });

  it('reports a declined payment with Razorpay’s description', () => {
    const failure = {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': 'Your payment didn’t go through as it was declined by the bank.',
      'error[reason]': 'payment_failed',
      'error[metadata]': JSON.stringify({ payment_id: PAYMENT, order_id: ORDER }),
    };
    expect(provider.verifyReturn(failure, ORDER)).toEqual({
      outcome: 'failed',
      providerOrderId: ORDER,
      message: 'Your payment didn’t go through as it was declined by the bank.',
    });
    expect(
      provider.verifyReturn({ ...failure, 'error[reason]': 'payment_cancelled' }, ORDER),
    ).toMatchObject({
      outcome: 'cancelled',
    });
    const otherOrder = JSON.stringify({ payment_id: PAYMENT, order_id: 'order_Other0000000001' });
    expect(() =>
      provider.verifyReturn({ ...failure, 'error[metadata]': otherOrder }, ORDER),
    ).toThrow(SignatureError);
  });

  it('reports a closed checkout', () => {
    expect(provider.verifyReturn({ outcome: 'closed' }, ORDER)).toEqual({
      outcome: 'closed',
      providerOrderId: ORDER,
      message: null,
    });
  });
});

describe('webhooks', () => {
  const event = {
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: 'pay_Webhook0000001',
          entity: 'payment',
          amount: 49900,
          currency: 'INR',
          status: 'captured',
          order_id: 'order_Webhook000001',
          customer_id: 'cust_Webhook000001',
          token_id: 'token_Webhook00001',
        },
      },
    },
    created_at: 1_780_000_000,
  };
  const body = Buffer.from(JSON.stringify(event, null, 2));
  /** `null` leaves the signature header out. */
  const headers = (raw: Buffer, signature: string | null = hmac(WEBHOOK_SECRET, raw)) => ({
    ...(signature === null ? {} : { 'x-razorpay-signature': signature }),
    'x-razorpay-event-id': 'evt_Webhook0000001',
  });

  it('accepts a body signed with the webhook secret and reads the payment', () => {
    expect(provider.verifyWebhook(body, headers(body))).toEqual({
      eventId: 'evt_Webhook0000001',
      type: 'payment.captured',
      payment: {
        outcome: 'paid',
        providerOrderId: 'order_Webhook000001',
        paymentId: 'pay_Webhook0000001',
        mandateId: 'cust_Webhook000001/token_Webhook00001',
        amountMinor: 49900,
        currency: 'INR',
      },
    });
  });

  it('refuses the same event once re-serialised, since only the raw bytes are signed', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(reserialised.equals(body)).toBe(false);
    expect(() => provider.verifyWebhook(reserialised, headers(body))).toThrow(SignatureError);
  });

  it('refuses a webhook without a signature, or signed with the key secret', () => {
    expect(() => provider.verifyWebhook(body, headers(body, null))).toThrow(SignatureError);
    expect(() => provider.verifyWebhook(body, headers(body, hmac(KEY_SECRET, body)))).toThrow(
      SignatureError,
    );
  });

  it('falls back to the body’s hash as event id, so a redelivery is still one event', () => {
    const signatureOnly = { 'x-razorpay-signature': hmac(WEBHOOK_SECRET, body) };
    const first = provider.verifyWebhook(body, signatureOnly).eventId;
    expect(first).toBe(`body-${createHash('sha256').update(body).digest('hex')}`);
    expect(provider.verifyWebhook(Buffer.from(body), signatureOnly).eventId).toBe(first);
  });

  it('reads a failed payment and records other events without an outcome', () => {
    const failed = Buffer.from(
      JSON.stringify({
        ...event,
        event: 'payment.failed',
        payload: {
          payment: {
            entity: {
              ...event.payload.payment.entity,
              status: 'failed',
              error_description: 'Card declined.',
            },
          },
        },
      }),
    );
    expect(provider.verifyWebhook(failed, headers(failed)).payment).toEqual({
      outcome: 'failed',
      providerOrderId: 'order_Webhook000001',
      // The failed payment is named, so a pending debit's entry can be failed by it.
      paymentId: 'pay_Webhook0000001',
      message: 'Card declined.',
    });
    const refund = Buffer.from(JSON.stringify({ ...event, event: 'refund.processed' }));
    expect(provider.verifyWebhook(refund, headers(refund))).toMatchObject({
      type: 'refund.processed',
      payment: null,
    });
  });
});
