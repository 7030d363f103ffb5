// Razorpay behind the PaymentProvider interface (docs/decisions/0014). The official SDK
// makes the API calls; every signature is checked here with our own HMAC, because the
// SDK's helpers compare with `===`, which leaks timing.
import { createHash } from 'node:crypto';
import { MANDATE_CONFIRM_ABOVE_MINOR } from '@folio/core';
import Razorpay from 'razorpay';
import type { Orders } from 'razorpay/dist/types/orders';
import type { Payments } from 'razorpay/dist/types/payments';
import type { RazorpayConfig } from '../../config.ts';
import {
  PaymentProviderError,
  SignatureError,
  type CapturedPayment,
  type ChargeInput,
  type ChargeResult,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderStatus,
  type PaymentOutcome,
  type PaymentProvider,
  type WebhookEvent,
} from './provider.ts';
import { signedWith } from './signatures.ts';

/** Razorpay's own default life of a recurring token. */
const MANDATE_YEARS = 10;
/** A Razorpay call that hangs must not hold a reader's request or the scheduler forever. */
const REQUEST_TIMEOUT_MS = 20_000;
const MAX_MESSAGE_LENGTH = 200;
/** Razorpay ids (order_…, pay_…, cust_…, token_…); the SDK puts them into URL paths unescaped. */
const RAZORPAY_ID = /^[A-Za-z0-9_]{1,64}$/;

export interface RazorpayProviderOptions {
  now?: () => Date;
  /** The business name Razorpay's checkout shows above the amount. */
  businessName?: string;
}

/** The part of the SDK's private axios instance the adapter reconfigures. */
interface SdkTransport {
  rq?: { defaults?: { baseURL?: string; timeout?: number; maxRedirects?: number } };
}

type Json = Record<string, unknown>;
type MandateTerms = Pick<
  Orders.RazorpayAuthorizationCreateRequestBody,
  'customer_id' | 'method' | 'token'
>;

export class RazorpayProvider implements PaymentProvider {
  readonly id = 'razorpay' as const;
  readonly mandateNeedsContact = true;
  // Private fields keep the keys out of logs and JSON of this object; the SDK instance
  // holds the key secret too.
  readonly #client: Razorpay;
  readonly #keyId: string;
  readonly #keySecret: string;
  readonly #webhookSecret: string;
  readonly #checkoutUrl: string;
  readonly #businessName: string;
  readonly #now: () => Date;

  constructor(config: RazorpayConfig, options: RazorpayProviderOptions = {}) {
    this.#keyId = config.keyId;
    this.#keySecret = config.keySecret;
    this.#webhookSecret = config.webhookSecret;
    this.#client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    pointSdkAt(this.#client, config.apiUrl);
    this.#checkoutUrl = `${new URL(config.apiUrl).origin}/v1/checkout/embedded`;
    this.#businessName = options.businessName ?? 'Folio';
    this.#now = options.now ?? (() => new Date());
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    if (input.mandate && input.currency !== 'INR') {
      throw new PaymentProviderError(
        'Automatic renewal is only offered for payments in rupees.',
        'rejected',
      );
    }
    const customerId = input.mandate ? await this.#customerFor(input.customer) : null;
    const order = await call(() =>
      this.#client.orders.create({
        amount: input.amountMinor,
        currency: input.currency,
        receipt: input.receipt,
        notes: { folio_order: input.receipt, description: input.description.slice(0, 256) },
        // Captured at once: an authorised payment left uncaptured is refunded by
        // Razorpay after a few days, and the reader would have had a term for nothing.
        payment_capture: true,
        ...(customerId ? this.#mandateTerms(customerId) : {}),
      } as Orders.RazorpayOrderCreateRequestBody),
    );
    const fields: Record<string, string> = {
      key_id: this.#keyId,
      order_id: order.id,
      amount: String(input.amountMinor),
      currency: input.currency,
      name: this.#businessName,
      description: input.description,
      callback_url: input.returnUrl,
      cancel_url: `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}outcome=closed`,
    };
    if (input.customer.name) fields['prefill[name]'] = input.customer.name;
    if (input.customer.email) fields['prefill[email]'] = input.customer.email;
    if (input.customer.phone) fields['prefill[contact]'] = input.customer.phone;
    if (customerId) {
      fields.customer_id = customerId;
      fields.recurring = '1';
    }
    return {
      providerOrderId: order.id,
      checkout: { url: this.#checkoutUrl, method: 'POST', fields },
    };
  }

  verifyReturn(fields: Record<string, string>, storedProviderOrderId: string): PaymentOutcome {
    const stored = storedProviderOrderId;
    if ('razorpay_payment_id' in fields || 'razorpay_signature' in fields) {
      const paymentId = fields.razorpay_payment_id ?? '';
      const genuine =
        paymentId !== '' &&
        stored !== '' &&
        fields.razorpay_order_id === stored &&
        signedWith(this.#keySecret, `${stored}|${paymentId}`, fields.razorpay_signature);
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

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent {
    const signature = headers['x-razorpay-signature'];
    if (typeof signature !== 'string' || !signedWith(this.#webhookSecret, rawBody, signature)) {
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

  async orderStatus(providerOrderId: string): Promise<OrderStatus> {
    const orderId = razorpayId(providerOrderId);
    const { items } = await call(() => this.#client.orders.fetchPayments(orderId));
    const paid = items.find((payment) => payment.status === 'captured');
    const pending = items.find((p) => p.status === 'created' || p.status === 'authorized');
    const failed = items.filter((payment) => payment.status === 'failed').at(-1);
    return {
      paid: paid ? captured(paid as unknown as Json) : null,
      pending: !paid && pending ? { paymentId: pending.id } : null,
      failure:
        !paid && !pending && failed
          ? (shortText(failed.error_description) ?? 'Razorpay could not take the payment.')
          : null,
    };
  }

  async findOrder(receipt: string): Promise<string | null> {
    const { items } = await call(() =>
      this.#client.orders.all({ receipt } as Orders.RazorpayOrderQuery),
    );
    return items.find((order) => order.receipt === receipt)?.id ?? null;
  }

  async createChargeOrder(
    input: Omit<ChargeInput, 'mandateId' | 'providerOrderId'>,
  ): Promise<string> {
    const order = await call(() =>
      this.#client.orders.create({
        amount: input.amountMinor,
        currency: input.currency,
        receipt: input.receipt,
        notes: { folio_order: input.receipt },
        payment_capture: true,
      } as Orders.RazorpayOrderCreateRequestBody),
    );
    return order.id;
  }

  async refund(
    paymentId: string,
    amountMinor: number,
    receipt: string,
  ): Promise<{ refundId: string }> {
    const id = razorpayId(paymentId);
    const refund = await call(() =>
      this.#client.payments.refund(id, { amount: amountMinor, speed: 'normal', receipt }),
    );
    return { refundId: refund.id };
  }

  async findRefund(paymentId: string, receipt: string): Promise<{ refundId: string } | null> {
    const id = razorpayId(paymentId);
    const { items } = await call(() =>
      this.#client.payments.fetchMultipleRefund(id, { count: 100 }),
    );
    const found = items.find((refund) => refund.receipt === receipt);
    return found ? { refundId: found.id } : null;
  }

  async chargeMandate(input: ChargeInput): Promise<ChargeResult> {
    const mandate = parseMandateId(input.mandateId);
    if (!mandate) return { outcome: 'failed', message: 'The saved mandate is not a Razorpay one.' };
    const orderId = razorpayId(input.providerOrderId);
    // Razorpay declines a recurring payment without both: checkout collects the one a
    // reader signed in without before it makes a mandate, so a gap here is a refusal.
    const customer = await call(() => this.#client.customers.fetch(mandate.customerId));
    const email = text(customer.email);
    const contact = text(customer.contact);
    if (!email || !contact) {
      return { outcome: 'failed', message: 'The mandate has no e-mail or phone number.' };
    }
    let paymentId: string | undefined;
    try {
      const created = await this.#client.payments.createRecurringPayment({
        amount: input.amountMinor,
        currency: input.currency,
        order_id: orderId,
        customer_id: mandate.customerId,
        token: mandate.tokenId,
        recurring: '1',
        email,
        contact,
        description: input.description,
        notes: { folio_order: input.receipt },
      });
      paymentId = created.razorpay_payment_id;
    } catch (error) {
      const problem = providerError(error);
      // A 400 is Razorpay refusing this charge (token paused, cancelled, over its limit):
      // nothing was taken. Anything else may have been taken: the caller asks later.
      if (statusOf(error) === 400) return { outcome: 'failed', message: problem.message };
      throw problem;
    }
    if (!paymentId) throw new PaymentProviderError('Razorpay did not say which payment it made.');
    return this.#settled(paymentId);
  }

  /** Once Razorpay holds a payment, its status decides; never throw, or the charge looks unknown. */
  async #settled(paymentId: string): Promise<ChargeResult> {
    let payment: Payments.RazorpayPayment;
    try {
      payment = await this.#client.payments.fetch(paymentId);
    } catch {
      return { outcome: 'pending', paymentId };
    }
    if (payment.status === 'captured') {
      return { outcome: 'paid', payment: captured(payment as unknown as Json) };
    }
    if (payment.status === 'failed') {
      return {
        outcome: 'failed',
        message: shortText(payment.error_description) ?? 'Razorpay could not charge the mandate.',
      };
    }
    return { outcome: 'pending', paymentId };
  }

  async cancelMandate(mandateId: string): Promise<void> {
    const mandate = parseMandateId(mandateId);
    if (!mandate) return;
    try {
      await call(() => this.#client.customers.deleteToken(mandate.customerId, mandate.tokenId));
    } catch (error) {
      // Deleting a token that is already gone is a 400; only a live one is a failure.
      if (error instanceof PaymentProviderError && error.kind === 'rejected') {
        if (!(await this.mandateActive(mandateId))) return;
      }
      throw error;
    }
  }

  async mandateActive(mandateId: string): Promise<boolean> {
    const mandate = parseMandateId(mandateId);
    if (!mandate) return false;
    try {
      const token = await call(() =>
        this.#client.customers.fetchToken(mandate.customerId, mandate.tokenId),
      );
      const status = text(asObject((token as unknown as Json).recurring_details)?.status);
      return status !== 'cancelled' && status !== 'rejected';
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'rejected') return false;
      throw error;
    }
  }

  async #customerFor(customer: CreateOrderInput['customer']): Promise<string> {
    const name = customer.name?.trim() ?? '';
    const created = await call(() =>
      this.#client.customers.create({
        // Razorpay takes 3 to 50 characters of name, and needs one to link a mandate.
        name: name.length >= 3 ? name.slice(0, 50) : 'Folio reader',
        ...(customer.email ? { email: customer.email } : {}),
        ...(customer.phone ? { contact: customer.phone } : {}),
        // Returns the reader's existing customer instead of failing on a second purchase.
        fail_existing: 0,
      }),
    );
    return created.id;
  }

  /**
   * Orders API fields of a card mandate's first payment: the order is tied to the
   * customer, and the token Razorpay saves may be charged again up to the card limit
   * whenever Folio presents a renewal (`as_presented`, since plans run for a month, a
   * year or two). One order takes one method, and Folio has no step where the reader
   * picks card or UPI before checkout, so the card, which every mandate-capable
   * reader has and which Razorpay's hosted checkout supports, is the one offered.
   */
  #mandateTerms(customerId: string): MandateTerms {
    const expireAt = new Date(this.#now());
    expireAt.setUTCFullYear(expireAt.getUTCFullYear() + MANDATE_YEARS);
    return {
      customer_id: customerId,
      method: 'card',
      token: {
        // RBI lets a mandate debit up to ₹15,000 without the reader confirming again.
        max_amount: MANDATE_CONFIRM_ABOVE_MINOR,
        expire_at: Math.floor(expireAt.getTime() / 1000),
        frequency: 'as_presented',
      },
    };
  }
}

/**
 * The SDK hard-codes https://api.razorpay.com in its axios instance and adds /v1 to
 * each path itself; 2.9 has no option for the host, hence the exact version pin.
 */
function pointSdkAt(client: Razorpay, apiUrl: string): void {
  const defaults = (client.api as unknown as SdkTransport).rq?.defaults;
  if (!defaults) {
    throw new Error('The razorpay SDK no longer exposes api.rq; check the pinned version.');
  }
  defaults.baseURL = apiUrl;
  defaults.timeout = REQUEST_TIMEOUT_MS;
  // Razorpay's API never redirects; following one could carry the keys to another host.
  defaults.maxRedirects = 0;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

/** The SDK rejects with `{ statusCode, error }`; without a response its own handler throws a TypeError. */
function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const status = Number(error.statusCode);
  return Number.isInteger(status) ? status : null;
}

function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const status = statusOf(error);
  if (status === null || status >= 500 || status === 429) {
    return new PaymentProviderError(
      'Razorpay is not answering right now; try again in a few minutes.',
    );
  }
  if (status === 401) {
    return new PaymentProviderError(
      'Razorpay refused the API keys; check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.',
      'rejected',
    );
  }
  const sdkError = (error as { error?: { description?: unknown } }).error;
  const description = shortText(text(sdkError?.description));
  return new PaymentProviderError(
    description
      ? `Razorpay declined: ${description}`
      : `Razorpay declined the request (${status}).`,
    'rejected',
  );
}

function razorpayId(id: string): string {
  if (!RAZORPAY_ID.test(id)) throw new PaymentProviderError('Not a Razorpay id.', 'rejected');
  return id;
}

/** A captured payment entity as Folio keeps it. */
function captured(payment: Json | null): CapturedPayment {
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

function parseMandateId(mandateId: string): { customerId: string; tokenId: string } | null {
  const [customerId = '', tokenId = '', ...rest] = mandateId.split('/');
  if (rest.length > 0 || !RAZORPAY_ID.test(customerId) || !RAZORPAY_ID.test(tokenId)) return null;
  return { customerId, tokenId };
}

function metadataOrderId(metadata: string | undefined): string | null {
  return text(parseJson(metadata ?? '')?.order_id);
}

function entityOf(body: Json | null, name: string): Json | null {
  const payload = asObject(body?.payload);
  return asObject(asObject(payload?.[name])?.entity);
}

function parseJson(source: string): Json | null {
  try {
    return asObject(JSON.parse(source));
  } catch {
    return null;
  }
}

function asObject(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function shortText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, MAX_MESSAGE_LENGTH);
}
