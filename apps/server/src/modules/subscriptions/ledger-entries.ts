// The ledger entries a change of terms writes inside its transaction: refunds (of
// part or all of a captured payment) and mandate cancellations, one per
// idempotency key. The caller sends them once the transaction has committed
// (ledger-calls.ts).
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CapturedPayment } from '../payments/index.ts';
import { newLedgerEntry, type LedgerEntry, type LedgerRepo } from './ledger-repo.ts';
import type { OrderRow, SubscriptionRow } from './subscription-repo.ts';

type Trx = Transaction<Database>;

/** What a refund gives back, from which payment, and why. */
export interface RefundOf {
  key: string;
  userId: string;
  brand: string;
  provider: string;
  subscriptionId: number | null;
  orderId: string | null;
  paymentId: string;
  amountMinor: number;
  currency: string;
  reason: string;
}

export class LedgerEntries {
  constructor(private readonly ledger: LedgerRepo) {}

  /** A refund entry for part or all of a captured payment (one per key). */
  async refund(trx: Trx, at: Date, of: RefundOf): Promise<LedgerEntry | null> {
    if (of.amountMinor <= 0) return null;
    const { entry, created } = await this.ledger.insert(
      newLedgerEntry(
        {
          kind: 'refund',
          idempotency_key: of.key,
          user_id: of.userId,
          brand: of.brand,
          provider: of.provider,
          subscription_id: of.subscriptionId,
          order_id: of.orderId,
          amount_minor: of.amountMinor,
          currency: of.currency,
          payment_id: of.paymentId,
          reason: of.reason,
        },
        at,
      ),
      trx,
    );
    return created ? entry : null;
  }

  /** An entry that cancels a mandate at the provider (one per mandate). */
  async cancelMandate(
    trx: Trx,
    at: Date,
    row: Pick<SubscriptionRow, 'id' | 'user_id' | 'brand' | 'provider' | 'mandate_id'>,
    reason: string,
  ): Promise<LedgerEntry | null> {
    if (!row.mandate_id) return null;
    const { entry, created } = await this.ledger.insert(
      newLedgerEntry(
        {
          kind: 'mandate_cancel',
          idempotency_key: `mandate_cancel:${row.mandate_id}`,
          user_id: row.user_id,
          brand: row.brand,
          provider: row.provider,
          subscription_id: row.id,
          mandate_id: row.mandate_id,
          reason,
        },
        at,
      ),
      trx,
    );
    return created ? entry : null;
  }

  /** A whole payment back: it bought nothing. */
  refundAll(
    trx: Trx,
    at: Date,
    order: OrderRow,
    payment: CapturedPayment,
    reason: string,
  ): Promise<LedgerEntry | null> {
    return this.refund(trx, at, {
      key: `refund:unwanted:${payment.paymentId}`,
      userId: order.user_id,
      brand: order.brand,
      provider: order.provider,
      subscriptionId: null,
      orderId: order.id,
      paymentId: payment.paymentId,
      amountMinor: payment.amountMinor ?? order.amount_minor,
      currency: payment.currency ?? order.currency,
      reason,
    });
  }
}
