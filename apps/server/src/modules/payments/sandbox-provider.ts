// The sandbox payment provider, the default: the whole purchase flow runs on a fresh
// machine with no account anywhere. It behaves as a card provider does: it keeps
// its own books (sandbox_orders, sandbox_mandates), hosts a checkout page
// (sandbox-routes.ts: Pay, Fail, Close), sends the browser back with a signed
// result, and sends signed webhooks to Folio's endpoint. Its signatures follow
// Razorpay's scheme (HMAC-SHA256 of "order|payment" and of the raw webhook body),
// so both adapters are verified the same way. Like a card, a mandate debit can stay
// pending for a while (`pendingMs`, SANDBOX_DEBIT_PENDING_HOURS) and settles when
// asked about after that; a refund of a payment older than 180 days is refused, as
// Razorpay refuses one. It never takes money: config refuses it in production.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  PaymentProviderError,
  SignatureError,
  type ChargeInput,
  type ChargeResult,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderStatus,
  type PaymentOutcome,
  type PaymentProvider,
  type WebhookEvent,
} from './provider.ts';
import { hmacHex, signedWith } from './signatures.ts';

export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_EVENT_HEADER = 'x-sandbox-event-id';

/** Sends a webhook to Folio (by HTTP to its own URL; tests deliver in-process). */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<void>;

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/** Razorpay refuses refunds on payments older than about six months. */
const REFUND_WINDOW_MS = 180 * 86_400_000;

export interface SandboxOptions {
  /** How long a mandate debit stays pending before it settles (0: at once). */
  pendingMs: number;
}

interface SandboxWebhookBody {
  event: 'payment.captured' | 'payment.failed';
  order_id: string;
  payment_id: string | null;
  mandate_id: string | null;
  amount: number;
  currency: string;
  error: string | null;
}

export class SandboxProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;
  /** Its mandates belong to Folio's reader; nothing more is asked of them. */
  readonly mandateNeedsContact = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** Keys the sandbox's signatures; derived from the server secret. */
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly now: () => Date,
    private sendWebhook: WebhookSender,
    private readonly options: SandboxOptions = { pendingMs: 0 },
  ) {}

  /** Tests deliver webhooks through app.inject instead of the network. */
  useWebhookSender(sender: WebhookSender): void {
    this.sendWebhook = sender;
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const id = await this.#insertOrder(input, input.returnUrl, input.mandate);
    return {
      providerOrderId: id,
      checkout: {
        url: `${this.publicUrl}${SANDBOX_CHECKOUT_PATH}/${id}`,
        method: 'GET',
        fields: {},
      },
    };
  }

  async #insertOrder(
    input: { receipt: string; amountMinor: number; currency: string; description: string },
    returnUrl: string,
    mandate: boolean,
  ): Promise<string> {
    const id = newId('sbx_order');
    await this.db
      .insertInto('sandbox_orders')
      .values({
        id,
        receipt: input.receipt,
        amount_minor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        return_url: returnUrl,
        mandate,
        status: 'created',
        created_at: this.now(),
      })
      .execute();
    return id;
  }

  /** The order as the hosted page shows it. */
  async hostedOrder(id: string) {
    return this.db.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * What the hosted page does when the reader presses a button: settle the order,
   * queue the webhook, and give the URL the browser is sent back to.
   */
  async settle(id: string, action: 'pay' | 'fail' | 'close'): Promise<string | undefined> {
    const order = await this.hostedOrder(id);
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
      this.queueWebhook({
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
    const paymentId = newId('sbx_pay');
    const mandateId = order.mandate ? newId('sbx_mandate') : null;
    if (mandateId)
      await this.db
        .insertInto('sandbox_mandates')
        .values({ id: mandateId, currency: order.currency, created_at: this.now() })
        .execute();
    await this.db
      .updateTable('sandbox_orders')
      .set({ status: 'paid', payment_id: paymentId, mandate_id: mandateId })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .execute();
    this.queueWebhook({
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

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    const eventId = headers[SANDBOX_EVENT_HEADER];
    if (
      typeof signature !== 'string' ||
      typeof eventId !== 'string' ||
      eventId === '' ||
      !signedWith(this.secret, rawBody, signature)
    )
      throw new SignatureError();
    const body = JSON.parse(rawBody.toString('utf8')) as SandboxWebhookBody;
    const payment: PaymentOutcome =
      body.event === 'payment.captured' && body.payment_id
        ? {
            outcome: 'paid',
            providerOrderId: body.order_id,
            paymentId: body.payment_id,
            mandateId: body.mandate_id,
            amountMinor: typeof body.amount === 'number' ? body.amount : null,
            currency: typeof body.currency === 'string' ? body.currency : null,
          }
        : {
            outcome: 'failed',
            providerOrderId: body.order_id,
            paymentId: body.payment_id,
            message: body.error,
          };
    return { eventId, type: body.event, payment };
  }

  /** Signs a webhook body the way the sandbox sends it (tests forge and replay with it). */
  signWebhook(body: string): string {
    return hmacHex(this.secret, body);
  }

  private queueWebhook(body: SandboxWebhookBody): void {
    const text = JSON.stringify(body);
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: this.signWebhook(text),
      [SANDBOX_EVENT_HEADER]: newId('sbx_evt'),
    };
    // Sent after the browser's return, as real providers do; a failed delivery is
    // covered by the return itself and by the reconciler.
    setTimeout(() => {
      this.sendWebhook(text, headers).catch(() => undefined);
    }, 500).unref();
  }

  async orderStatus(providerOrderId: string): Promise<OrderStatus> {
    await this.#settleDue(providerOrderId);
    const order = await this.hostedOrder(providerOrderId);
    const charge = await this.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('order_id', '=', providerOrderId)
      .executeTakeFirst();
    return {
      paid:
        order?.status === 'paid' && order.payment_id
          ? {
              paymentId: order.payment_id,
              mandateId: order.mandate_id,
              amountMinor: order.amount_minor,
              currency: order.currency,
            }
          : null,
      pending: charge?.status === 'pending' ? { paymentId: charge.id } : null,
      failure: order?.status === 'failed' ? 'The card was declined by the sandbox.' : null,
    };
  }

  /** A pending debit whose time has come is captured now, and its webhook sent. */
  async #settleDue(orderId: string): Promise<void> {
    const due = await this.db
      .updateTable('sandbox_charges')
      .set({ status: 'captured' })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .where('settles_at', '<=', this.now())
      .returningAll()
      .executeTakeFirst();
    if (due) await this.#capture(due.order_id, due.id, due.mandate_id);
  }

  async #capture(orderId: string, paymentId: string, mandateId: string): Promise<void> {
    const order = await this.db
      .updateTable('sandbox_orders')
      .set({ status: 'paid', payment_id: paymentId, mandate_id: mandateId })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.queueWebhook({
      event: 'payment.captured',
      order_id: orderId,
      payment_id: paymentId,
      mandate_id: mandateId,
      amount: order.amount_minor,
      currency: order.currency,
      error: null,
    });
  }

  async findOrder(receipt: string): Promise<string | null> {
    const order = await this.db
      .selectFrom('sandbox_orders')
      .select('id')
      .where('receipt', '=', receipt)
      .executeTakeFirst();
    return order?.id ?? null;
  }

  createChargeOrder(input: Omit<ChargeInput, 'mandateId' | 'providerOrderId'>): Promise<string> {
    return this.#insertOrder(input, this.publicUrl, false);
  }

  async chargeMandate(input: ChargeInput): Promise<ChargeResult> {
    const mandate = await this.db
      .updateTable('sandbox_mandates')
      .set((eb) => ({ charges: eb('charges', '+', 1) }))
      .where('id', '=', input.mandateId)
      .where('cancelled_at', 'is', null)
      .returning(['charges_fail'])
      .executeTakeFirst();
    if (!mandate) return { outcome: 'failed', message: 'The mandate does not exist.' };
    const order = await this.hostedOrder(input.providerOrderId);
    if (!order || order.status !== 'created' || order.amount_minor !== input.amountMinor)
      throw new PaymentProviderError('The order cannot be charged.', 'rejected');
    if (mandate.charges_fail) {
      await this.db
        .updateTable('sandbox_orders')
        .set({ status: 'failed' })
        .where('id', '=', order.id)
        .execute();
      return { outcome: 'failed', message: 'The bank declined the charge.' };
    }
    const paymentId = newId('sbx_pay');
    const at = this.now();
    await this.db
      .insertInto('sandbox_charges')
      .values({
        id: paymentId,
        order_id: order.id,
        mandate_id: input.mandateId,
        status: this.options.pendingMs > 0 ? 'pending' : 'captured',
        settles_at: new Date(at.getTime() + this.options.pendingMs),
        created_at: at,
      })
      .execute();
    if (this.options.pendingMs > 0) return { outcome: 'pending', paymentId };
    await this.#capture(order.id, paymentId, input.mandateId);
    return {
      outcome: 'paid',
      payment: {
        paymentId,
        mandateId: input.mandateId,
        amountMinor: order.amount_minor,
        currency: order.currency,
      },
    };
  }

  async refund(
    paymentId: string,
    amountMinor: number,
    receipt: string,
  ): Promise<{ refundId: string }> {
    return this.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('sandbox_orders')
        .select(['created_at', 'amount_minor', 'refunded_minor'])
        .where('payment_id', '=', paymentId)
        .executeTakeFirst();
      if (!order) throw new PaymentProviderError('The payment does not exist.', 'rejected');
      if (this.now().getTime() - order.created_at.getTime() > REFUND_WINDOW_MS)
        throw new PaymentProviderError(
          'Refunds are not allowed on payments older than six months.',
          'rejected',
        );
      const updated = await trx
        .updateTable('sandbox_orders')
        .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', amountMinor) }))
        .where('payment_id', '=', paymentId)
        .where(
          (eb) => eb('refunded_minor', '+', amountMinor),
          '<=',
          (eb) => eb.ref('amount_minor'),
        )
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n)
        throw new PaymentProviderError('The refund is more than the payment.', 'rejected');
      const refundId = newId('sbx_rfnd');
      await trx
        .insertInto('sandbox_refunds')
        .values({
          id: refundId,
          payment_id: paymentId,
          amount_minor: amountMinor,
          receipt,
          created_at: this.now(),
        })
        .execute();
      return { refundId };
    });
  }

  async findRefund(paymentId: string, receipt: string): Promise<{ refundId: string } | null> {
    const refund = await this.db
      .selectFrom('sandbox_refunds')
      .select('id')
      .where('payment_id', '=', paymentId)
      .where('receipt', '=', receipt)
      .executeTakeFirst();
    return refund ? { refundId: refund.id } : null;
  }

  async cancelMandate(mandateId: string): Promise<void> {
    await this.db
      .updateTable('sandbox_mandates')
      .set({ cancelled_at: this.now() })
      .where('id', '=', mandateId)
      .where('cancelled_at', 'is', null)
      .execute();
  }

  async mandateActive(mandateId: string): Promise<boolean> {
    const mandate = await this.db
      .selectFrom('sandbox_mandates')
      .select('cancelled_at')
      .where('id', '=', mandateId)
      .executeTakeFirst();
    return mandate !== undefined && mandate.cancelled_at === null;
  }
}
