// Reading what Razorpay sends (API entities, webhook bodies, checkout's error fields),
// which arrives as loosely typed JSON, into the few values Folio keeps.
import { PaymentProviderError, type CapturedPayment } from './provider.ts';

const MAX_MESSAGE_LENGTH = 200;
/** Razorpay ids (order_…, pay_…, cust_…, token_…); the SDK puts them into URL paths unescaped. */
const RAZORPAY_ID = /^[A-Za-z0-9_]{1,64}$/;

export type Json = Record<string, unknown>;

export function razorpayId(id: string): string {
  if (!RAZORPAY_ID.test(id)) throw new PaymentProviderError('Not a Razorpay id.', 'rejected');
  return id;
}

/** A captured payment entity as Folio keeps it. */
export function captured(payment: Json | null): CapturedPayment {
  return {
    paymentId: text(payment?.id) ?? '',
    mandateId: mandateIdOf(payment),
    amountMinor: typeof payment?.amount === 'number' ? payment.amount : null,
    currency: text(payment?.currency),
  };
}

/** Razorpay charges a token only together with its customer, so the mandate id carries both. */
function mandateIdOf(payment: { customer_id?: unknown; token_id?: unknown } | null): string | null {
  const customerId = text(payment?.customer_id);
  const tokenId = text(payment?.token_id);
  return customerId && tokenId ? `${customerId}/${tokenId}` : null;
}

export function parseMandateId(mandateId: string): { customerId: string; tokenId: string } | null {
  const [customerId = '', tokenId = '', ...rest] = mandateId.split('/');
  if (rest.length > 0 || !RAZORPAY_ID.test(customerId) || !RAZORPAY_ID.test(tokenId)) return null;
  return { customerId, tokenId };
}

export function metadataOrderId(metadata: string | undefined): string | null {
  return text(parseJson(metadata ?? '')?.order_id);
}

export function entityOf(body: Json | null, name: string): Json | null {
  const payload = asObject(body?.payload);
  return asObject(asObject(payload?.[name])?.entity);
}

export function parseJson(source: string): Json | null {
  try {
    return asObject(JSON.parse(source));
  } catch {
    return null;
  }
}

export function asObject(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function shortText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, MAX_MESSAGE_LENGTH);
}
