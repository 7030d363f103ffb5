// The one interface every payment provider implements (docs/decisions/0014). The
// subscriptions domain talks only to this; config picks the adapter: the sandbox
// (default, works on a fresh machine) or Razorpay.
import type { CheckoutStart, Currency } from '@folio/core';

export type ProviderId = 'sandbox' | 'razorpay';

export interface CreateOrderInput {
  /** Folio's own order id (payment_orders.id), sent to the provider as the receipt. */
  receipt: string;
  /** Always the server's plan price, in paise or cents. */
  amountMinor: number;
  currency: Currency;
  /** Set up a mandate (card or UPI AutoPay) with this first payment (INR recurring plans only). */
  mandate: boolean;
  /** Where the provider sends the browser back to with the signed result. */
  returnUrl: string;
  /** Shown on the provider's page. */
  description: string;
  customer: { email: string | null; phone: string | null; name: string | null };
}

export interface CreatedOrder {
  providerOrderId: string;
  /** How the browser opens the provider's checkout. */
  checkout: CheckoutStart;
}

/** What the provider says happened to one payment, once its signature is verified. */
export type PaymentOutcome =
  | {
      outcome: 'paid';
      providerOrderId: string;
      paymentId: string;
      /** Set when a mandate was set up with this payment (recurring renewals charge it). */
      mandateId: string | null;
    }
  | { outcome: 'failed' | 'cancelled' | 'closed'; providerOrderId: string; message: string | null };

/** A verified webhook: the provider's unique event id and what it reports. */
export interface WebhookEvent {
  eventId: string;
  /** Payment events carry an outcome; anything else (refunds, unknown types) is only recorded. */
  payment: PaymentOutcome | null;
  /** Amount and currency the provider reports; ignored for granting (the plan decides). */
  amountMinor: number | null;
  type: string;
}

export interface OrderStatus {
  /** A captured payment of this order, if any. */
  paid: { paymentId: string; mandateId: string | null } | null;
}

export type RenewalCharge =
  | { outcome: 'paid'; paymentId: string }
  | { outcome: 'pending'; paymentId: string }
  | { outcome: 'failed'; message: string };

/** The provider said no, or could not be reached; `message` is safe to show. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'rejected' = 'unavailable',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** A result or webhook whose signature does not match. */
export class SignatureError extends Error {
  constructor() {
    super('Invalid signature');
    this.name = 'SignatureError';
  }
}

export interface PaymentProvider {
  readonly id: ProviderId;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /**
   * Verifies what the browser brought back from checkout (query or form fields)
   * against the provider order id Folio stored; throws SignatureError when forged.
   */
  verifyReturn(fields: Record<string, string>, storedProviderOrderId: string): PaymentOutcome;
  /** Verifies a webhook on its raw bytes; throws SignatureError when forged. */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent;
  /** Asks the provider about an order, for the reconciler (a crash between paying and our write). */
  orderStatus(providerOrderId: string): Promise<OrderStatus>;
  refund(paymentId: string, amountMinor: number, receipt: string): Promise<{ refundId: string }>;
  /** Charges a renewal on a mandate set up with the first payment. */
  chargeMandate(input: {
    mandateId: string;
    amountMinor: number;
    currency: Currency;
    receipt: string;
    description: string;
  }): Promise<RenewalCharge>;
}
