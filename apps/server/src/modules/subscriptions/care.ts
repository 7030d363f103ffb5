// Subscriber care's rules (issue 27 part 3), for the desk: find a reader, see what
// the ledger holds of them, extend a term, refund a payment and cancel a mandate.
// Money goes through the ledger: a refund is weighed against what is left of its
// payment with the payment locked, written as one entry in that transaction, then
// sent once by whoever claims it (ledger-calls.ts); an answer that never came is
// left to the reconciler, which asks the provider and never sends it again.
import { randomUUID } from 'node:crypto';
import { addDays, isEmailAddress, normaliseEmail } from '@folio/core';
import {
  CARE_MESSAGES,
  MAX_CARE_RESULTS,
  formatExactMoney,
  type CareReader,
  type CareSearch,
} from '@folio/core/desk';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.ts';
import type { Reader, UserDirectory } from '../auth/index.ts';
import type { CareRepo, LedgerRow } from './care-repo.ts';
import { careReader, mandateHandle } from './care-view.ts';
import type { LedgerCalls } from './ledger-calls.ts';
import type { LedgerRepo } from './ledger-repo.ts';
import type { SubscriptionRepo } from './subscription-repo.ts';
import type { Terms } from './terms.ts';

/** What became of a call the desk asked for: made, refused (with the provider's words), or not answered. */
export interface CallResult {
  state: 'settled' | 'failed' | 'unknown';
  failure: string | null;
}

/** A phone number as a person types it: +91, 91 or 0 before ten digits, spaces and dashes anywhere. */
const PHONE = /^(?:\+?91|0)?([6-9]\d{9})$/;

export class SubscriberCare {
  constructor(
    private readonly care: CareRepo,
    private readonly repo: SubscriptionRepo,
    private readonly terms: Terms,
    private readonly ledger: LedgerRepo,
    private readonly calls: LedgerCalls,
    private readonly users: UserDirectory,
    private readonly now: () => Date,
  ) {}

  /** Readers by phone, e-mail, order id, payment id or reader id; at most MAX_CARE_RESULTS. */
  async search(q: string): Promise<CareSearch> {
    const text = q.trim();
    const phone = PHONE.exec(text.replace(/[\s()-]/g, ''));
    if (phone) {
      const reader = await this.users.findByPhone(`+91${phone[1]}`);
      return { readers: reader ? [summary(reader, 'phone')] : [] };
    }
    if (text.includes('@')) {
      const email = normaliseEmail(text);
      const reader = isEmailAddress(email) ? await this.users.findByEmail(email) : undefined;
      return { readers: reader ? [summary(reader, 'email')] : [] };
    }
    const seen = new Set<string>();
    const readers: CareSearch['readers'] = [];
    for (const owner of await this.care.ownersOf(text, MAX_CARE_RESULTS)) {
      if (seen.has(owner.userId) || readers.length >= MAX_CARE_RESULTS) continue;
      seen.add(owner.userId);
      const reader = await this.users.findById(owner.userId);
      if (reader) readers.push(summary(reader, owner.matched));
    }
    return { readers };
  }

  /** The reader's account, terms, payments, refunds, notices and mandates. */
  async reader(userId: string): Promise<CareReader> {
    const reader = await this.users.findById(userId);
    if (!reader) throw new NotFoundError(CARE_MESSAGES.readerNotFound);
    const [sessions, terms, payments, ledger, notices, invoices] = await Promise.all([
      this.care.sessionCount(userId),
      this.care.subscriptionsOf(userId),
      this.care.paymentsOf(userId),
      this.care.ledgerOf(userId),
      this.care.noticesOf(userId),
      this.care.invoicesOf(userId),
    ]);
    return careReader({ reader, sessions, terms, payments, ledger, notices, invoices });
  }

  /** The reader, or 404. */
  async account(userId: string): Promise<Reader> {
    const reader = await this.users.findById(userId);
    if (!reader) throw new NotFoundError(CARE_MESSAGES.readerNotFound);
    return reader;
  }

  /** Adds days to a running term (and to its renewal date); a term another follows is refused. */
  async extend(userId: string, subscriptionId: number, days: number, reason: string) {
    const row = await this.repo.findSubscription(subscriptionId);
    if (!row || row.user_id !== userId || (row.status !== 'active' && row.status !== 'scheduled'))
      throw new NotFoundError(CARE_MESSAGES.subscriptionNotFound);
    const next = await this.repo.followers(row.id);
    if (next.some((f) => f.status === 'active' || f.status === 'scheduled'))
      throw new ConflictError(CARE_MESSAGES.extendFollowed);
    const to = {
      end_date: addDays(row.end_date, days),
      next_payment_due_date:
        row.next_payment_due_date === null ? null : addDays(row.next_payment_due_date, days),
    };
    const at = this.now();
    if (!(await this.care.extend(row, to, at)))
      throw new ConflictError(CARE_MESSAGES.extendChanged);
    await this.repo.log(
      { subscriptionId: row.id, event: 'extended by support', detail: `${days} days: ${reason}` },
      at,
    );
    return {
      before: { endDate: row.end_date, renewsOn: row.next_payment_due_date },
      after: { endDate: to.end_date, renewsOn: to.next_payment_due_date },
    };
  }

  /**
   * Refunds `amountMinor` of a captured payment: refused (400) above what is left
   * of it, counting refunds still waiting for the provider's answer.
   */
  async refund(
    paymentId: string,
    amountMinor: number,
    reason: string,
  ): Promise<CallResult & { userId: string; refundId: string }> {
    const at = this.now();
    const entry = await this.repo.transaction(async (trx) => {
      const order = await this.care.lockPaidPayment(paymentId, trx);
      if (!order) throw new NotFoundError(CARE_MESSAGES.paymentNotFound);
      const left = order.amount_minor - (await this.care.refundedOrPending(paymentId, trx));
      if (amountMinor > left)
        throw new BadRequestError(
          CARE_MESSAGES.refundTooLarge(left > 0 ? formatExactMoney(left, order.currency) : ''),
        );
      const term = await this.repo.subscriptionOfOrder(order.id, trx);
      return this.terms.refund(trx, at, {
        key: `refund:care:${paymentId}:${randomUUID()}`,
        userId: order.user_id,
        brand: order.brand,
        provider: order.provider,
        subscriptionId: term?.id ?? null,
        orderId: order.id,
        paymentId,
        amountMinor,
        currency: order.currency,
        reason,
      });
    });
    if (!entry) throw new NotFoundError(CARE_MESSAGES.paymentNotFound);
    return { ...(await this.sendOnce(entry)), userId: entry.user_id, refundId: entry.id };
  }

  /**
   * Stops renewal of every term the mandate pays (a downgrade waiting on it is
   * withdrawn) and cancels it at the provider, once: 409 when already cancelled.
   */
  async cancelMandate(userId: string, handle: string, reason: string) {
    const terms = (await this.care.subscriptionsOf(userId)).filter(
      (row) => row.mandate_id !== null && mandateHandle(row.mandate_id) === handle,
    );
    const first = terms[0];
    if (!first) throw new NotFoundError(CARE_MESSAGES.mandateNotFound);
    const at = this.now();
    const entry = await this.repo.transaction(async (trx) => {
      for (const row of terms) {
        if (row.status === 'scheduled')
          await this.repo.updateSubscription(row.id, { status: 'withdrawn', updated_at: at }, trx);
        else if (
          await this.repo.stopRenewal(
            row.id,
            { reason: 'cancelled by support', message: reason, at },
            trx,
          )
        )
          await this.repo.log(
            { subscriptionId: row.id, event: 'renewal cancelled', detail: 'by support' },
            at,
            trx,
          );
      }
      const written = await this.terms.cancelMandate(trx, at, first, reason);
      // Nothing above stays: the mandate was cancelled (or is being) already.
      if (!written) throw new ConflictError(CARE_MESSAGES.mandateAlreadyCancelled);
      return written;
    });
    return { ...(await this.sendOnce(entry)), subscriptionIds: terms.map((row) => row.id) };
  }

  /** Sends the entry once and reads back what the provider said. */
  private async sendOnce(entry: LedgerRow): Promise<CallResult> {
    const outcome = await this.calls.send(entry);
    const after = await this.ledger.find(entry.id);
    if (outcome.kind === 'settled' || after?.state === 'settled')
      return { state: 'settled', failure: null };
    if (outcome.kind === 'failed' || after?.state === 'failed')
      return { state: 'failed', failure: after?.failure ?? null };
    return { state: 'unknown', failure: null };
  }
}

function summary(reader: Reader, matched: CareSearch['readers'][number]['matched']) {
  return {
    id: reader.id,
    name: reader.name,
    email: reader.email,
    phone: reader.phoneNumber,
    matched,
  };
}
