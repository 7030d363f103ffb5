// The renewal scheduler's notices (issue 23 part 4): before each debit (a renewal,
// or the first charge of a scheduled downgrade) the reader is told the amount, the
// date, the mandate's reference and where to cancel, at least 24 hours ahead; a plan
// that renews by a fresh payment, or a debit that was declined, is told too. By
// e-mail, else by SMS; each notice sent is logged.
import type { FastifyBaseLogger } from 'fastify';
import { formatDisplayDate, formatMoney, type Currency } from '@folio/core';
import type { MessageTransport } from '../messaging/index.ts';
import type { RenewalRepo } from './renewal-repo.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

export type NoticeKind = 'pre-debit' | 'downgrade' | 'pay-again' | 'failed';

export class RenewalNotices {
  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly renewals: RenewalRepo,
    private readonly transports: { sms: MessageTransport; email: MessageTransport },
    private readonly settings: { graceDays: number; publicUrl: string; brandName: string },
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Sends the notice of the debit on `date` and marks the row as told, which lets
   * the debit follow; false when it could not be sent.
   */
  async announce(row: SubscriptionRow, kind: NoticeKind, date: string): Promise<boolean> {
    if (!(await this.notify(row, kind, date))) return false;
    await this.repo.updateSubscription(row.id, {
      renewal_notice_for: date,
      renewal_notice_at: this.now(),
      updated_at: this.now(),
    });
    return true;
  }

  /** Sends a notice by e-mail, else SMS; false when it could not be sent. */
  async notify(row: SubscriptionRow, kind: NoticeKind, on: string): Promise<boolean> {
    const contact = await this.renewals.contactOf(row.user_id);
    const brand = this.settings.brandName;
    const amount = formatMoney(row.price_minor, row.currency as Currency);
    const date = formatDisplayDate(on);
    const manage = `${this.settings.publicUrl}/profile`;
    const mandate = row.mandate_id ? ` (mandate ${mandateReference(row.mandate_id)})` : '';
    const texts: Record<NoticeKind, string> = {
      'pre-debit': `${brand} e-paper: your ${row.plan_title} plan renews on ${date} and ${amount} will be charged to your saved payment method${mandate}. To cancel before then: ${manage}`,
      downgrade: `${brand} e-paper: your ${row.plan_title} plan starts on ${date}; ${amount} will be charged to your saved payment method${mandate} the day before. To cancel before then: ${manage}`,
      'pay-again': `${brand} e-paper: your ${row.plan_title} plan ends on ${date}. To keep reading, renew it for ${amount} with Renew Now at ${manage}`,
      failed: `${brand} e-paper: we could not charge ${amount} for your ${row.plan_title} plan. You keep reading for ${this.settings.graceDays} more days while we try again; to pay another way or cancel: ${manage}`,
    };
    const text = texts[kind];
    const message = contact.email
      ? {
          channel: 'email' as const,
          to: contact.email,
          subject: `${brand} e-paper renewal`,
          text,
        }
      : contact.phoneNumber
        ? { channel: 'sms' as const, to: contact.phoneNumber, subject: null, text }
        : undefined;
    if (!message) return false;
    try {
      await this.transports[message.channel].send(message);
      await this.repo.log({ subscriptionId: row.id, event: `notice: ${kind}` }, this.now());
      return true;
    } catch (error) {
      this.log.warn({ err: error, subscriptionId: row.id }, 'renewal notice not sent');
      return false;
    }
  }
}

/** The part of a mandate id a reader can quote to their bank: its token, not the customer. */
function mandateReference(mandateId: string): string {
  return mandateId.split('/').at(-1) ?? mandateId;
}
