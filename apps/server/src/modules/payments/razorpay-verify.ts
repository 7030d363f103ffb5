// What Razorpay sends back without being asked: the fields of checkout's return to
// Folio and its webhooks. Every signature is checked here with our own HMAC, because
// the SDK's helpers compare with `===`, which leaks timing.
import { createHash } from 'node:crypto';
import { SignatureError, type PaymentOutcome, type WebhookEvent } from './provider.ts';
import {
  captured,
  entityOf,
  metadataOrderId,
  parseJson,
  shortText,
  text,
} from './razorpay-values.ts';
import { signedWith } from './signatures.ts';

/** PaymentProvider.verifyReturn for Razorpay; `keySecret` signs a successful payment. */
export function verifyRazorpayReturn(
  keySecret: string,
  fields: Record<string, string>,
  storedProviderOrderId: string,
): PaymentOutcome {
  const stored = storedProviderOrderId;
  if ('razorpay_payment_id' in fields || 'razorpay_signature' in fields) {
    const paymentId = fields.razorpay_payment_id ?? '';
    const genuine =
      paymentId !== '' &&
      stored !== '' &&
      fields.razorpay_order_id === stored &&
      signedWith(keySecret, `${stored}|${paymentId}`, fields.razorpay_signature);
    if (!genuine) throw new SignatureError();
    // The token id of a new mandate is not in the callback; the webhook and
    // orderStatus report it.
    return {
      outcome: 'paid',
      providerOrderId: stored,
      paymentId,
      mandateId: null,
      amountMinor: null,
      currency: null,
    };
  }
  if ('error[code]' in fields || 'error[description]' in fields) {
    // Razorpay does not sign failures, so at least refuse one about another order.
    const failedOrder = metadataOrderId(fields['error[metadata]']);
    if (failedOrder !== null && failedOrder !== stored) throw new SignatureError();
    const cancelled = /cancel/i.test(fields['error[reason]'] ?? '');
    return {
      outcome: cancelled ? 'cancelled' : 'failed',
      providerOrderId: stored,
      message: shortText(fields['error[description]']),
    };
  }
  if (fields.outcome === 'closed') {
    return { outcome: 'closed', providerOrderId: stored, message: null };
  }
  throw new SignatureError();
}

/** PaymentProvider.verifyWebhook for Razorpay, on the raw body and the webhook secret. */
export function verifyRazorpayWebhook(
  webhookSecret: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): WebhookEvent {
  const signature = headers['x-razorpay-signature'];
  if (typeof signature !== 'string' || !signedWith(webhookSecret, rawBody, signature)) {
    throw new SignatureError();
  }
  const header = headers['x-razorpay-event-id'];
  const eventId =
    (Array.isArray(header) ? header[0] : header) ??
    // Razorpay always sends the header; a hash still makes an identical redelivery a no-op.
    `body-${createHash('sha256').update(rawBody).digest('hex')}`;
  const body = parseJson(rawBody.toString('utf8'));
  const type = text(body?.event) ?? 'unknown';
  const payment = entityOf(body, 'payment');
  const orderId = text(payment?.order_id) ?? text(entityOf(body, 'order')?.id);
  const paymentId = text(payment?.id);
  if ((type === 'payment.captured' || type === 'order.paid') && orderId && paymentId) {
    const paid: PaymentOutcome = {
      outcome: 'paid',
      providerOrderId: orderId,
      ...captured(payment),
    };
    return { eventId, type, payment: paid };
  }
  if (type === 'payment.failed' && orderId) {
    const failed: PaymentOutcome = {
      outcome: 'failed',
      providerOrderId: orderId,
      paymentId,
      message: shortText(text(payment?.error_description)),
    };
    return { eventId, type, payment: failed };
  }
  return { eventId, type, payment: null };
}
