// The sandbox's mandates and their debits (sandbox_mandates, sandbox_charges). Like a
// card's, a debit can stay pending for a while (`pendingMs`,
// SANDBOX_DEBIT_PENDING_HOURS) and settles when asked about after that.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { PaymentProviderError, type ChargeInput, type ChargeResult } from './provider.ts';
import type { SandboxBooks } from './sandbox-books.ts';
import { sandboxId } from './sandbox-webhooks.ts';

export interface SandboxOptions {
  /** How long a mandate debit stays pending before it settles (0: at once). */
  pendingMs: number;
}

export class SandboxMandates {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    private readonly books: SandboxBooks,
    private readonly options: SandboxOptions,
  ) {}

  /** A new mandate, set up with a first payment on the hosted page. */
  async create(currency: string): Promise<string> {
    const id = sandboxId('sbx_mandate');
    await this.db
      .insertInto('sandbox_mandates')
      .values({ id, currency, created_at: this.now() })
      .execute();
    return id;
  }

  /** PaymentProvider.chargeMandate. */
  async charge(input: ChargeInput): Promise<ChargeResult> {
    const mandate = await this.db
      .updateTable('sandbox_mandates')
      .set((eb) => ({ charges: eb('charges', '+', 1) }))
      .where('id', '=', input.mandateId)
      .where('cancelled_at', 'is', null)
      .returning(['charges_fail'])
      .executeTakeFirst();
    if (!mandate) return { outcome: 'failed', message: 'The mandate does not exist.' };
    const order = await this.books.order(input.providerOrderId);
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
    const paymentId = sandboxId('sbx_pay');
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
    await this.books.capture(order.id, paymentId, input.mandateId);
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

  /** A pending debit whose time has come is captured now, and its webhook sent. */
  async settleDue(orderId: string): Promise<void> {
    const due = await this.db
      .updateTable('sandbox_charges')
      .set({ status: 'captured' })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .where('settles_at', '<=', this.now())
      .returningAll()
      .executeTakeFirst();
    if (due) await this.books.capture(due.order_id, due.id, due.mandate_id);
  }

  /** PaymentProvider.cancelMandate. */
  async cancel(mandateId: string): Promise<void> {
    await this.db
      .updateTable('sandbox_mandates')
      .set({ cancelled_at: this.now() })
      .where('id', '=', mandateId)
      .where('cancelled_at', 'is', null)
      .execute();
  }

  /** PaymentProvider.mandateActive. */
  async active(mandateId: string): Promise<boolean> {
    const mandate = await this.db
      .selectFrom('sandbox_mandates')
      .select('cancelled_at')
      .where('id', '=', mandateId)
      .executeTakeFirst();
    return mandate !== undefined && mandate.cancelled_at === null;
  }
}
