// The renewal scheduler's charge step: a debit of the mandate for the term after a
// plan, under India's e-mandate rules (renewals.ts). Each debit is an order and a
// ledger entry, written in one transaction with the day of the try before the call
// (ledger-calls.ts), so a debit whose answer was lost is asked about, never made
// again.
import { randomUUID } from 'node:crypto';
import { nextDebit } from './billing-rules.ts';
import type { LedgerCalls } from './ledger-calls.ts';
import { newLedgerEntry, type LedgerRepo } from './ledger-repo.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

/** What became of a debit: undefined when none was made (not due, or made already). */
export type DebitResult = 'captured' | 'failed' | 'pending' | undefined;

export class RenewalCharges {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly ledger: LedgerRepo,
    private readonly calls: LedgerCalls,
    private readonly completion: PaymentCompletion,
    private readonly settings: { timeZone: string; brandName: string },
    private readonly now: () => Date,
  ) {}

  /**
   * Debits the mandate for the term after `source` (a renewal, or the scheduled
   * `target`): one entry in flight per term, one try a day, each written with the
   * order it pays and the day of the try before the call.
   */
  async debit(
    source: SubscriptionRow,
    target: SubscriptionRow,
    today: string,
  ): Promise<DebitResult> {
    const earlier = await this.ledger.chargesFor(source.id, source.end_date);
    const next = nextDebit(earlier, today, this.settings.timeZone);
    if (next.kind === 'wait') return undefined;
    const key = `charge:${source.id}:${source.end_date}:${next.attempt}`;
    const at = this.now();
    const downgrade = target.id !== source.id;
    const entry = await this.repo.transaction(async (trx) => {
      const { order, created } = await this.repo.insertOrder(
        {
          id: randomUUID(),
          user_id: target.user_id,
          brand: target.brand,
          plan_id: target.plan_id,
          idempotency_key: key,
          change: downgrade ? 'downgrade' : 'renewal',
          replaces_subscription_id: null,
          renewal_of_subscription_id: downgrade ? null : source.id,
          starts_subscription_id: downgrade ? target.id : null,
          amount_minor: target.price_minor,
          currency: target.currency,
          provider: target.provider,
          status: 'created',
          created_at: at,
          updated_at: at,
        },
        trx,
      );
      if (!created) return undefined;
      await this.repo.updateSubscription(
        source.id,
        { renewal_attempted_on: today, updated_at: at },
        trx,
      );
      const written = await this.ledger.insert(
        newLedgerEntry(
          {
            kind: 'charge',
            idempotency_key: key,
            user_id: target.user_id,
            brand: target.brand,
            provider: target.provider,
            subscription_id: source.id,
            order_id: order.id,
            amount_minor: target.price_minor,
            currency: target.currency,
            mandate_id: target.mandate_id,
            reason: `${this.settings.brandName} ${target.plan_title}`,
          },
          at,
        ),
        trx,
      );
      return written.entry;
    });
    if (!entry) return undefined;
    const outcome = await this.calls.send(entry);
    if (outcome.kind === 'captured') {
      await this.completion.completeCharge(outcome.entry, outcome.payment);
      return 'captured';
    }
    return outcome.kind === 'failed' ? 'failed' : 'pending';
  }
}
