// Razorpay behind the PaymentProvider interface (docs/decisions/0014). The official SDK
// makes the API calls (razorpay-http.ts); this file holds the order and refund calls,
// razorpay-mandates.ts the recurring ones, and razorpay-verify.ts checks every
// signature of what Razorpay sends back.
import type Razorpay from 'razorpay';
import type { Orders } from 'razorpay/dist/types/orders';
import type { RazorpayConfig } from '../../config.ts';
import {
  PaymentProviderError,
  type ChargeInput,
  type ChargeResult,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderStatus,
  type PaymentOutcome,
  type PaymentProvider,
  type WebhookEvent,
} from './provider.ts';
import { call, razorpayClient } from './razorpay-http.ts';
import { RazorpayMandates } from './razorpay-mandates.ts';
import { captured, razorpayId, shortText, type Json } from './razorpay-values.ts';
import { verifyRazorpayReturn, verifyRazorpayWebhook } from './razorpay-verify.ts';

export interface RazorpayProviderOptions {
  now?: () => Date;
  /** The business name Razorpay's checkout shows above the amount. */
  businessName?: string;
}

export class RazorpayProvider implements PaymentProvider {
  readonly id = 'razorpay' as const;
  readonly mandateNeedsContact = true;
  // Private fields keep the keys out of logs and JSON of this object; the SDK instance
  // holds the key secret too.
  readonly #client: Razorpay;
  readonly #mandates: RazorpayMandates;
  readonly #keyId: string;
  readonly #keySecret: string;
  readonly #webhookSecret: string;
  readonly #checkoutUrl: string;
  readonly #businessName: string;

  constructor(config: RazorpayConfig, options: RazorpayProviderOptions = {}) {
    this.#keyId = config.keyId;
    this.#keySecret = config.keySecret;
    this.#webhookSecret = config.webhookSecret;
    this.#client = razorpayClient(config);
    this.#checkoutUrl = `${new URL(config.apiUrl).origin}/v1/checkout/embedded`;
    this.#businessName = options.businessName ?? 'Folio';
    this.#mandates = new RazorpayMandates(this.#client, options.now ?? (() => new Date()));
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    if (input.mandate && input.currency !== 'INR') {
      throw new PaymentProviderError(
        'Automatic renewal is only offered for payments in rupees.',
        'rejected',
      );
    }
    const customerId = input.mandate ? await this.#mandates.customerFor(input.customer) : null;
    const order = await call(() =>
      this.#client.orders.create({
        amount: input.amountMinor,
        currency: input.currency,
        receipt: input.receipt,
        notes: { folio_order: input.receipt, description: input.description.slice(0, 256) },
        // Captured at once: an authorised payment left uncaptured is refunded by
        // Razorpay after a few days, and the reader would have had a term for nothing.
        payment_capture: true,
        ...(customerId ? this.#mandates.terms(customerId) : {}),
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
    return verifyRazorpayReturn(this.#keySecret, fields, storedProviderOrderId);
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent {
    return verifyRazorpayWebhook(this.#webhookSecret, rawBody, headers);
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

  chargeMandate(input: ChargeInput): Promise<ChargeResult> {
    return this.#mandates.charge(input);
  }

  cancelMandate(mandateId: string): Promise<void> {
    return this.#mandates.cancel(mandateId);
  }

  mandateActive(mandateId: string): Promise<boolean> {
    return this.#mandates.active(mandateId);
  }
}
