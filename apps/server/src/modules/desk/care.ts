// Subscriber care at the desk (issue 27 part 3): the support agent's actions on a
// reader, each written to the audit log with its reason. The rules of money and
// terms are the subscriptions module's (SubscriberCare); this adds who did it,
// signing a reader out everywhere, and the answer an unanswered or refused
// provider call gets: a refusal is 409 with the provider's words, no answer 503.
// Resending a receipt or a notice (care-resends.ts) is audited the same way; the
// download of any reader's invoice is a read, as opening their page is.
import { CARE_MESSAGES, type CareReader, type CareSearch } from '@folio/core/desk';
import { ConflictError, ForbiddenError, ServiceUnavailableError } from '../../errors.ts';
import type { CallResult, CareResends, Invoices, SubscriberCare } from '../subscriptions/index.ts';
import type { AuditRepo } from './audit-repo.ts';
import type { DeskActor } from './service.ts';
import type { StaffRepo } from './staff-repo.ts';

export class DeskCare {
  constructor(
    private readonly care: SubscriberCare,
    private readonly resends: CareResends,
    private readonly invoices: Pick<Invoices, 'pdf'>,
    private readonly auditLog: AuditRepo,
    private readonly staff: Pick<StaffRepo, 'endSessions' | 'find'>,
    private readonly now: () => Date,
  ) {}

  private async record(
    actor: DeskActor,
    action: string,
    subject: string,
    change: { before?: unknown; after?: unknown; reason: string },
  ) {
    await this.auditLog.write(
      { actorId: actor.userId, actor: actor.email, role: actor.role, action, subject, ...change },
      this.now(),
    );
  }

  search(q: string): Promise<CareSearch> {
    return this.care.search(q);
  }

  reader(userId: string): Promise<CareReader> {
    return this.care.reader(userId);
  }

  async extend(
    actor: DeskActor,
    userId: string,
    input: { subscriptionId: number; days: number; reason: string },
  ): Promise<CareReader> {
    await this.care.account(userId);
    const change = await this.care.extend(userId, input.subscriptionId, input.days, input.reason);
    await this.record(actor, 'care.extend', `subscription:${input.subscriptionId}`, {
      before: change.before,
      after: { ...change.after, days: input.days, reader: userId },
      reason: input.reason,
    });
    return this.care.reader(userId);
  }

  async refund(
    actor: DeskActor,
    paymentId: string,
    input: { amountMinor: number; reason: string },
  ): Promise<CareReader> {
    const result = await this.care.refund(paymentId, input.amountMinor, input.reason);
    await this.record(actor, 'care.refund', `payment:${paymentId}`, {
      after: {
        reader: result.userId,
        refund: result.refundId,
        amountMinor: input.amountMinor,
        state: result.state,
        ...(result.failure ? { failure: result.failure } : {}),
      },
      reason: input.reason,
    });
    answered(result, CARE_MESSAGES.refundRefused, CARE_MESSAGES.refundUnknown);
    return this.care.reader(result.userId);
  }

  async cancelMandate(
    actor: DeskActor,
    userId: string,
    mandate: string,
    reason: string,
  ): Promise<CareReader> {
    await this.care.account(userId);
    const result = await this.care.cancelMandate(userId, mandate, reason);
    await this.record(actor, 'care.mandate-cancel', `mandate:${mandate}`, {
      after: {
        reader: userId,
        subscriptions: result.subscriptionIds,
        state: result.state,
        ...(result.failure ? { failure: result.failure } : {}),
      },
      reason,
    });
    answered(result, CARE_MESSAGES.mandateRefused, CARE_MESSAGES.mandateUnknown);
    return this.care.reader(userId);
  }

  /** Any reader's invoice as a PDF. */
  invoice(file: string) {
    return this.invoices.pdf(file, null);
  }

  /** Sends a payment's receipt again (e-mail, else SMS). */
  async resendReceipt(actor: DeskActor, paymentId: string): Promise<CareReader> {
    const sent = await this.resends.receipt(paymentId);
    await this.record(actor, 'care.resend-receipt', `payment:${paymentId}`, {
      after: { reader: sent.userId, invoice: sent.invoice, channel: sent.channel },
      reason: 'receipt resent',
    });
    return this.care.reader(sent.userId);
  }

  /** Sends a subscription's latest notice again. */
  async resendNotice(
    actor: DeskActor,
    userId: string,
    subscriptionId: number,
  ): Promise<CareReader> {
    await this.care.account(userId);
    const sent = await this.resends.notice(userId, subscriptionId);
    await this.record(actor, 'care.resend-notice', `subscription:${subscriptionId}`, {
      after: { reader: userId, notice: sent.kind, on: sent.on, channel: sent.channel },
      reason: 'notice resent',
    });
    return this.care.reader(userId);
  }

  /** Ends every session of the reader: each device must sign in again. */
  async signOut(actor: DeskActor, userId: string, reason: string): Promise<CareReader> {
    // Care is for readers: a support agent never ends a colleague's (or an admin's) sessions.
    if (actor.role !== 'admin' && (await this.staff.find(userId)))
      throw new ForbiddenError(CARE_MESSAGES.staffSignOut, { details: { reason: 'STAFF' } });
    const before = (await this.care.reader(userId)).account.sessions;
    await this.staff.endSessions(userId);
    await this.record(actor, 'care.sign-out', `reader:${userId}`, {
      before: { sessions: before },
      after: { sessions: 0 },
      reason,
    });
    return this.care.reader(userId);
  }
}

/** A refused call is 409 with the provider's words; one not answered is 503 (the reconciler asks). */
function answered(result: CallResult, refused: (why: string) => string, unknown: string): void {
  if (result.state === 'failed')
    throw new ConflictError(refused(result.failure ?? 'no reason given'));
  if (result.state === 'unknown') throw new ServiceUnavailableError(unknown);
}
