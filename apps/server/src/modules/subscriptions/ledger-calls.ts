// The provider calls behind ledger entries (decision 0022). `send` makes the call
// of a `created` entry once it has claimed it; `ask` finds out what became of a
// call whose answer was lost (timeout, 5xx, a crash mid-call) or that the
// provider is still working on (a mandate debit is pending for about 36 hours),
// and settles from what the provider says. Neither ever repeats a call whose
// outcome is unknown: only a call the provider has no trace of is made again.
// A captured debit is handed back to the caller, which turns it into a term.
import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@folio/core';
import type { LedgerEntry, LedgerRepo } from './ledger-repo.ts';
import {
  PaymentProviderError,
  type CapturedPayment,
  type PaymentProvider,
} from '../payments/index.ts';
import { ignoreOutcomes, type PaymentOutcomeListener } from './payment-outcomes.ts';
import type { SubscriptionRepo } from './subscription-repo.ts';

export type CallOutcome =
  | { kind: 'captured'; entry: LedgerEntry; payment: CapturedPayment }
  | { kind: 'settled' | 'failed' | 'waiting' | 'busy' };

export class LedgerCalls {
  constructor(
    private readonly ledger: LedgerRepo,
    private readonly repo: SubscriptionRepo,
    private readonly provider: PaymentProvider,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly told: PaymentOutcomeListener = ignoreOutcomes,
  ) {}

  /** Makes the entry's call if this caller wins its claim; `busy` when another did. */
  async send(entry: LedgerEntry): Promise<CallOutcome> {
    if (!(await this.ledger.claim(entry.id, this.now()))) return { kind: 'busy' };
    try {
      if (entry.kind === 'refund') return await this.#refund(entry);
      if (entry.kind === 'mandate_cancel') return await this.#cancelMandate(entry);
      return await this.#charge(entry);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'rejected') {
        await this.#fail(entry, error.message);
        return { kind: 'failed' };
      }
      // Whatever else happened, the provider may have acted: ask before anything more.
      this.log.warn(
        { err: error, entryId: entry.id, kind: entry.kind },
        'provider call unanswered',
      );
      await this.ledger.markUnknown(entry.id, describe(error), this.now());
      return { kind: 'waiting' };
    }
  }

  /** Asks the provider what became of the entry's call, and settles from its answer. */
  async ask(entry: LedgerEntry): Promise<CallOutcome> {
    try {
      if (entry.kind === 'refund') {
        const found = await this.provider.findRefund(entry.payment_id ?? '', entry.id);
        if (found) return await this.#settled(entry, { provider_refund_id: found.refundId });
        return await this.#again(entry);
      }
      if (entry.kind === 'mandate_cancel') {
        if (!(await this.provider.mandateActive(entry.mandate_id ?? '')))
          return await this.#settled(entry, {});
        return await this.#again(entry);
      }
      return await this.#askCharge(entry);
    } catch (error) {
      this.log.warn({ err: error, entryId: entry.id }, 'provider not answering about a call');
      // Touched, so the next tick asks the entries that waited longest first.
      await this.ledger.note(entry.id, {}, this.now());
      return { kind: 'waiting' };
    }
  }

  /** Nothing of the call reached the provider: it may be made now, once. */
  async #again(entry: LedgerEntry): Promise<CallOutcome> {
    await this.ledger.reopen(entry.id, this.now());
    const reopened = await this.ledger.find(entry.id);
    return reopened ? this.send(reopened) : { kind: 'busy' };
  }

  async #refund(entry: LedgerEntry): Promise<CallOutcome> {
    const { refundId } = await this.provider.refund(
      entry.payment_id ?? '',
      entry.amount_minor ?? 0,
      entry.id,
    );
    return this.#settled(entry, { provider_refund_id: refundId });
  }

  async #cancelMandate(entry: LedgerEntry): Promise<CallOutcome> {
    await this.provider.cancelMandate(entry.mandate_id ?? '');
    return this.#settled(entry, {});
  }

  async #charge(entry: LedgerEntry): Promise<CallOutcome> {
    const input = {
      amountMinor: entry.amount_minor ?? 0,
      currency: entry.currency as Currency,
      receipt: entry.order_id ?? entry.id,
      description: entry.reason,
    };
    let providerOrderId = entry.provider_order_id;
    if (!providerOrderId) {
      providerOrderId = await this.provider.createChargeOrder(input);
      await this.#noteOrder(entry, providerOrderId);
    }
    const result = await this.provider.chargeMandate({
      ...input,
      mandateId: entry.mandate_id ?? '',
      providerOrderId,
    });
    if (result.outcome === 'paid') return { kind: 'captured', entry, payment: result.payment };
    if (result.outcome === 'pending') {
      this.told('renewal', 'pending');
      await this.#notePayment(entry, result.paymentId);
      return { kind: 'waiting' };
    }
    await this.#fail(entry, result.message);
    return { kind: 'failed' };
  }

  async #askCharge(entry: LedgerEntry): Promise<CallOutcome> {
    const providerOrderId =
      entry.provider_order_id ?? (await this.provider.findOrder(entry.order_id ?? entry.id));
    if (!providerOrderId) {
      await this.#fail(entry, 'The debit never reached the provider.');
      return { kind: 'failed' };
    }
    if (!entry.provider_order_id) await this.#noteOrder(entry, providerOrderId);
    const status = await this.provider.orderStatus(providerOrderId);
    if (status.paid) return { kind: 'captured', entry, payment: status.paid };
    if (status.pending) {
      await this.#notePayment(entry, status.pending.paymentId);
      return { kind: 'waiting' };
    }
    await this.#fail(entry, status.failure ?? 'The debit never reached the provider.');
    return { kind: 'failed' };
  }

  async #noteOrder(entry: LedgerEntry, providerOrderId: string): Promise<void> {
    const at = this.now();
    await this.ledger.note(entry.id, { provider_order_id: providerOrderId }, at);
    if (entry.order_id) await this.repo.setProviderOrder(entry.order_id, providerOrderId, null, at);
  }

  async #notePayment(entry: LedgerEntry, paymentId: string): Promise<void> {
    const at = this.now();
    await this.ledger.note(entry.id, { payment_id: paymentId }, at);
    if (entry.order_id) await this.repo.setPaymentId(entry.order_id, paymentId, at);
  }

  async #settled(
    entry: LedgerEntry,
    fields: { provider_refund_id?: string },
  ): Promise<CallOutcome> {
    await this.ledger.settle(entry.id, fields, this.now());
    if (entry.kind === 'refund') this.told('refund', 'refunded');
    await this.repo.log(
      {
        subscriptionId: entry.subscription_id,
        orderId: entry.order_id,
        event: entry.kind === 'refund' ? 'refund issued' : 'mandate cancelled',
        detail: entry.kind === 'refund' ? String(entry.amount_minor) : '',
      },
      this.now(),
    );
    return { kind: 'settled' };
  }

  async #fail(entry: LedgerEntry, failure: string): Promise<void> {
    const at = this.now();
    if (!(await this.ledger.fail(entry.id, failure, at))) return;
    if (entry.kind !== 'mandate_cancel')
      this.told(entry.kind === 'charge' ? 'renewal' : 'refund', 'failed');
    if (entry.kind === 'charge' && entry.order_id)
      await this.repo.markOrderFailed(entry.order_id, failure, at);
    // A refund or a cancellation the provider refuses for good needs a person.
    if (entry.kind !== 'charge')
      this.log.error({ entryId: entry.id, kind: entry.kind, failure }, 'provider refused for good');
    await this.repo.log(
      {
        subscriptionId: entry.subscription_id,
        orderId: entry.order_id,
        event: `${entry.kind.replace('_', ' ')} failed`,
        detail: failure,
      },
      at,
    );
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
