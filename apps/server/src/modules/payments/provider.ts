// The one interface every payment provider implements (docs/decisions/0014). The
// subscriptions domain talks only to this; config picks the adapter: the sandbox
// (default, works on a fresh machine) or Razorpay. Calls that move money (a mandate
// debit, a refund, a mandate's cancellation) are made only for a ledger entry that
// was written and claimed first (decision 0022); each has a question that asks the
// provider what became of it, for when its answer was lost.
import type { CheckoutStart, Currency } from '@folio/core';

export type ProviderId = 'sandbox' | 'razorpay';

export interface Customer {
  email: string | null;
  phone: string | null;
  name: string | null;
}

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
  customer: Customer;
}

export interface CreatedOrder {
  providerOrderId: string;
  /** How the browser opens the provider's checkout. */
  checkout: CheckoutStart;
}

/** A captured payment as the provider reports it. */
export interface CapturedPayment {
  paymentId: string;
  /** Set when a mandate was set up with this payment (recurring renewals charge it). */
  mandateId: string | null;
  /** What was captured, when the report says (a browser's return does not). */
  amountMinor: number | null;
  currency: string | null;
}

/** What the provider says happened to one payment, once its signature is verified. */
export type PaymentOutcome =
  | ({ outcome: 'paid'; providerOrderId: string } & CapturedPayment)
  | {
      outcome: 'failed' | 'cancelled' | 'closed';
      providerOrderId: string;
      /** The failed payment, when the provider names it (a pending debit that failed). */
      paymentId?: string | null;
      message: string | null;
    };

/** A verified webhook: the provider's unique event id and what it reports. */
export interface WebhookEvent {
  eventId: string;
  /** Payment events carry an outcome; anything else (refunds, unknown types) is only recorded. */
  payment: PaymentOutcome | null;
  type: string;
}

/** Everything the provider holds for one order. */
export interface OrderStatus {
  /** A captured payment of this order, if any. */
  paid: CapturedPayment | null;
  /** A payment the provider is still processing (a mandate debit takes about 36 hours). */
  pending: { paymentId: string } | null;
  /** The provider's words on the last failed payment, when every payment failed. */
  failure: string | null;
}

/** A mandate debit the provider answered. */
export type ChargeResult =
  | { outcome: 'paid'; payment: CapturedPayment }
  | { outcome: 'pending'; paymentId: string }
  | { outcome: 'failed'; message: string };

export interface ChargeInput {
  mandateId: string;
  /** The provider's order made for this debit (createChargeOrder), stored before the debit. */
  providerOrderId: string;
  amountMinor: number;
  currency: Currency;
  receipt: string;
  description: string;
}

/**
 * The provider said no, or could not be reached; `message` is safe to show. `rejected`
 * is a definite no (nothing happened); `unavailable` may have happened or not.
 */
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
  /** Whether a mandate's recurring payments need both an e-mail and a phone (Razorpay's do). */
  readonly mandateNeedsContact: boolean;
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
  /** The provider's order made with this receipt, if any (an order creation whose answer was lost). */
  findOrder(receipt: string): Promise<string | null>;
  /** An order for one mandate debit, made before the debit so the debit can be asked about. */
  createChargeOrder(input: Omit<ChargeInput, 'mandateId' | 'providerOrderId'>): Promise<string>;
  /** Debits a mandate set up with a first payment, on the order createChargeOrder made. */
  chargeMandate(input: ChargeInput): Promise<ChargeResult>;
  /** Refunds part or all of a payment; `receipt` is the ledger entry's id. */
  refund(paymentId: string, amountMinor: number, receipt: string): Promise<{ refundId: string }>;
  /** The refund of this payment made with this receipt, if any. */
  findRefund(paymentId: string, receipt: string): Promise<{ refundId: string } | null>;
  /** Cancels a mandate so it can never be debited again; cancelling a cancelled one is fine. */
  cancelMandate(mandateId: string): Promise<void>;
  /** Whether the provider would still debit this mandate. */
  mandateActive(mandateId: string): Promise<boolean>;
}
