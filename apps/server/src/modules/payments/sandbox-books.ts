// The sandbox's books of orders and refunds (sandbox_orders, sandbox_refunds), kept
// as a card provider keeps its own: what each order is, whether it was paid, and
// what was refunded of it. A refund of a payment older than 180 days is refused, as
// Razorpay refuses one.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PaymentProviderError, type OrderStatus } from './provider.ts';
import { sandboxId, type SandboxWebhooks } from './sandbox-webhooks.ts';

/** Razorpay refuses refunds on payments older than about six months. */
const REFUND_WINDOW_MS = 180 * 86_400_000;

export class SandboxBooks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    private readonly webhooks: SandboxWebhooks,
  ) {}

  async insertOrder(
    input: { receipt: string; amountMinor: number; currency: string; description: string },
    returnUrl: string,
    mandate: boolean,
  ): Promise<string> {
    const id = sandboxId('sbx_order');
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

  async order(id: string) {
    return this.db.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findOrder(receipt: string): Promise<string | null> {
    const order = await this.db
      .selectFrom('sandbox_orders')
      .select('id')
      .where('receipt', '=', receipt)
      .executeTakeFirst();
    return order?.id ?? null;
  }

  /** The order as it stands, with its mandate debit when one is still pending. */
  async status(providerOrderId: string): Promise<OrderStatus> {
    const order = await this.order(providerOrderId);
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

  /** Marks an order paid by a mandate debit and sends its webhook. */
  async capture(orderId: string, paymentId: string, mandateId: string): Promise<void> {
    const order = await this.db
      .updateTable('sandbox_orders')
      .set({ status: 'paid', payment_id: paymentId, mandate_id: mandateId })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.webhooks.queue({
      event: 'payment.captured',
      order_id: orderId,
      payment_id: paymentId,
      mandate_id: mandateId,
      amount: order.amount_minor,
      currency: order.currency,
      error: null,
    });
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
      const refundId = sandboxId('sbx_rfnd');
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
}
