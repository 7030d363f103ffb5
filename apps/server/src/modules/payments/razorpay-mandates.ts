// Razorpay's recurring payments: the customer and card token a mandate's first order
// sets up, and the debits, cancellation and status of a saved token later. A mandate
// id is "customer/token", since Razorpay charges a token only with its customer.
import { MANDATE_CONFIRM_ABOVE_MINOR } from '@folio/core';
import type Razorpay from 'razorpay';
import type { Orders } from 'razorpay/dist/types/orders';
import type { Payments } from 'razorpay/dist/types/payments';
import {
  PaymentProviderError,
  type ChargeInput,
  type ChargeResult,
  type CreateOrderInput,
} from './provider.ts';
import { call, providerError, statusOf } from './razorpay-http.ts';
import {
  asObject,
  captured,
  parseMandateId,
  razorpayId,
  shortText,
  text,
  type Json,
} from './razorpay-values.ts';

/** Razorpay's own default life of a recurring token. */
const MANDATE_YEARS = 10;

type MandateTerms = Pick<
  Orders.RazorpayAuthorizationCreateRequestBody,
  'customer_id' | 'method' | 'token'
>;

export class RazorpayMandates {
  // A private field keeps the SDK instance, which holds the key secret, out of logs.
  readonly #client: Razorpay;
  readonly #now: () => Date;

  constructor(client: Razorpay, now: () => Date) {
    this.#client = client;
    this.#now = now;
  }

  /** The Razorpay customer a mandate is made for. */
  async customerFor(customer: CreateOrderInput['customer']): Promise<string> {
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
  terms(customerId: string): MandateTerms {
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

  /** PaymentProvider.chargeMandate. */
  async charge(input: ChargeInput): Promise<ChargeResult> {
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

  /** PaymentProvider.cancelMandate. */
  async cancel(mandateId: string): Promise<void> {
    const mandate = parseMandateId(mandateId);
    if (!mandate) return;
    try {
      await call(() => this.#client.customers.deleteToken(mandate.customerId, mandate.tokenId));
    } catch (error) {
      // Deleting a token that is already gone is a 400; only a live one is a failure.
      if (error instanceof PaymentProviderError && error.kind === 'rejected') {
        if (!(await this.active(mandateId))) return;
      }
      throw error;
    }
  }

  /** PaymentProvider.mandateActive. */
  async active(mandateId: string): Promise<boolean> {
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
}
