// The sandbox's hosted checkout: an order opens a page (sandbox-routes.ts: Pay, Fail,
// Close); a press settles the order, queues its webhook and sends the browser back to
// Folio with a result signed as Razorpay signs one (HMAC-SHA256 of "order|payment").
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  SignatureError,
  type CreateOrderInput,
  type CreatedOrder,
  type PaymentOutcome,
} from './provider.ts';
import type { SandboxBooks } from './sandbox-books.ts';
import type { SandboxMandates } from './sandbox-mandates.ts';
import { sandboxId, type SandboxWebhooks } from './sandbox-webhooks.ts';
import { hmacHex, signedWith } from './signatures.ts';

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';

interface SandboxCheckoutParts {
  books: SandboxBooks;
  mandates: SandboxMandates;
  webhooks: SandboxWebhooks;
}

export class SandboxCheckout {
  constructor(
    private readonly db: Kysely<Database>,
    /** Keys the sandbox's signatures; derived from the server secret. */
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly parts: SandboxCheckoutParts,
  ) {}

  /** PaymentProvider.createOrder: an order, paid on the hosted page. */
  async open(input: CreateOrderInput): Promise<CreatedOrder> {
    const id = await this.parts.books.insertOrder(input, input.returnUrl, input.mandate);
    return {
      providerOrderId: id,
      checkout: {
        url: `${this.publicUrl}${SANDBOX_CHECKOUT_PATH}/${id}`,
        method: 'GET',
        fields: {},
      },
    };
  }

  /**
   * What the hosted page does when the reader presses a button: settle the order,
   * queue the webhook, and give the URL the browser is sent back to.
   */
  async settle(id: string, action: 'pay' | 'fail' | 'close'): Promise<string | undefined> {
    const order = await this.parts.books.order(id);
    if (!order) return undefined;
    const back = new URL(order.return_url);
    if (action === 'close' || order.status !== 'created') {
      back.searchParams.set('outcome', action === 'close' ? 'closed' : 'done');
      return back.toString();
    }
    if (action === 'fail') {
      await this.db
        .updateTable('sandbox_orders')
        .set({ status: 'failed' })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .execute();
      const error = 'The card was declined by the sandbox.';
      this.parts.webhooks.queue({
        event: 'payment.failed',
        order_id: id,
        payment_id: null,
        mandate_id: null,
        amount: order.amount_minor,
        currency: order.currency,
        error,
      });
      back.searchParams.set('outcome', 'failed');
      back.searchParams.set('error', error);
      return back.toString();
    }
    const paymentId = sandboxId('sbx_pay');
    const mandateId = order.mandate ? await this.parts.mandates.create(order.currency) : null;
    await this.db
      .updateTable('sandbox_orders')
      .set({ status: 'paid', payment_id: paymentId, mandate_id: mandateId })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .execute();
    this.parts.webhooks.queue({
      event: 'payment.captured',
      order_id: id,
      payment_id: paymentId,
      mandate_id: mandateId,
      amount: order.amount_minor,
      currency: order.currency,
      error: null,
    });
    back.searchParams.set('sandbox_order_id', id);
    back.searchParams.set('sandbox_payment_id', paymentId);
    if (mandateId) back.searchParams.set('sandbox_mandate_id', mandateId);
    back.searchParams.set('sandbox_signature', hmacHex(this.secret, `${id}|${paymentId}`));
    return back.toString();
  }

  /** PaymentProvider.verifyReturn: what the browser brought back from the hosted page. */
  verifyReturn(fields: Record<string, string>, storedProviderOrderId: string): PaymentOutcome {
    const outcome = fields.outcome;
    if (outcome === 'closed')
      return { outcome: 'closed', providerOrderId: storedProviderOrderId, message: null };
    if (outcome === 'failed')
      return {
        outcome: 'failed',
        providerOrderId: storedProviderOrderId,
        message: fields.error ?? null,
      };
    const paymentId = fields.sandbox_payment_id ?? '';
    const signature = fields.sandbox_signature ?? '';
    if (
      fields.sandbox_order_id !== storedProviderOrderId ||
      paymentId === '' ||
      !signedWith(this.secret, `${storedProviderOrderId}|${paymentId}`, signature)
    )
      throw new SignatureError();
    return {
      outcome: 'paid',
      providerOrderId: storedProviderOrderId,
      paymentId,
      mandateId: fields.sandbox_mandate_id ?? null,
      amountMinor: null,
      currency: null,
    };
  }
}
