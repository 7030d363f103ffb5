// Cancel auto-renewal (spec 2 §4 "Cancel auto-renewal", §8; issue 7 part 4):
// renewal stops, access runs to the end date, and the reason is kept.
import { SUBSCRIPTION_MESSAGES, daysBetween, formatDisplayDate, type Brand } from '@folio/core';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Viewer } from '../auth/index.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import type { LiveSubscriptions } from './quotes.ts';
import { coveredUntil } from './standing.ts';
import type { SubscriptionRepo } from './subscription-repo.ts';
import type { Terms } from './terms.ts';

export class Cancellations {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly terms: Terms,
    private readonly completion: PaymentCompletion,
    private readonly live: Pick<LiveSubscriptions, 'today'>,
    private readonly now: () => Date,
  ) {}

  /**
   * Cancel auto-renewal: renewal stops, access runs to the end date, the reason is
   * kept. A second cancel says until when access continues (spec 2 §8).
   */
  async cancel(
    viewer: Viewer,
    brand: Brand,
    subscriptionId: number,
    reason: { reason: string; message: string | null },
  ): Promise<{ status: 'OK'; end_date: string }> {
    const row = await this.repo.findSubscription(subscriptionId);
    if (
      !row ||
      row.user_id !== viewer.reader.id ||
      row.brand !== brand.id ||
      row.status !== 'active'
    )
      throw new NotFoundError(SUBSCRIPTION_MESSAGES.noSubscription);
    const at = this.now();
    // Renewal stops, a downgrade waiting for this plan to end goes too (it would be
    // charged on the same mandate), and the mandate is cancelled at the provider:
    // all written in one transaction, the provider called after it.
    const cancellation = await this.repo.transaction(async (trx) => {
      if (!(await this.repo.stopRenewal(row.id, { ...reason, at }, trx))) return undefined;
      for (const follower of await this.repo.followers(row.id, trx))
        if (follower.status === 'scheduled')
          await this.repo.updateSubscription(
            follower.id,
            { status: 'withdrawn', updated_at: at },
            trx,
          );
      await this.repo.log(
        { subscriptionId: row.id, event: 'renewal cancelled', detail: reason.reason },
        at,
        trx,
      );
      return this.terms.cancelMandate(trx, at, row, 'renewal cancelled by the reader');
    });
    if (cancellation === undefined)
      throw new ConflictError(
        SUBSCRIPTION_MESSAGES.alreadyCancelled(this.untilText(coveredUntil(row, 0))),
      );
    if (cancellation) await this.completion.send([cancellation]);
    return { status: 'OK', end_date: row.end_date };
  }

  /** "today (25/11/2026)", "tomorrow (26/11/2026)" or "25/12/2026 (30 days)". */
  private untilText(date: string): string {
    const days = daysBetween(this.live.today(), date);
    const shown = formatDisplayDate(date);
    if (days <= 0) return `today (${shown})`;
    if (days === 1) return `tomorrow (${shown})`;
    return `${shown} (${days} days)`;
  }
}
