// Subscriber care's resends (issue 27 part 3): a payment's receipt, and the latest
// notice of a subscription (the pre-debit, downgrade, pay-again or failed-debit
// notice the scheduler sent), sent again to the reader as they can be reached now.
// A notice of a term that has ended no longer applies, and one never sent has
// nothing to resend; a reader with no address or number cannot be sent anything.
import { CARE_MESSAGES } from '@folio/core/desk';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../errors.ts';
import type { CareRepo } from './care-repo.ts';
import type { InvoiceRepo } from './invoice-repo.ts';
import type { Receipts } from './receipts.ts';
import type { NoticeKind, RenewalNotices } from './renewal-notices.ts';
import type { RenewalRepo } from './renewal-repo.ts';
import type { SubscriptionRepo } from './subscription-repo.ts';

const KINDS: readonly NoticeKind[] = ['pre-debit', 'downgrade', 'pay-again', 'failed'];

export class CareResends {
  constructor(
    private readonly care: CareRepo,
    private readonly repo: SubscriptionRepo,
    private readonly invoices: InvoiceRepo,
    private readonly receipts: Receipts,
    private readonly notices: RenewalNotices,
    private readonly renewals: RenewalRepo,
  ) {}

  /** Sends a captured payment's receipt again; answers whose payment it was. */
  async receipt(paymentId: string) {
    const order = await this.care.paidPayment(paymentId);
    if (!order) throw new NotFoundError(CARE_MESSAGES.paymentNotFound);
    const invoice = await this.invoices.ofOrder(order.id);
    if (!invoice) throw new NotFoundError(CARE_MESSAGES.receiptNotFound);
    if (!(await this.receipts.canReach(invoice))) throw new ConflictError(CARE_MESSAGES.noContact);
    let channel: 'email' | 'sms';
    try {
      channel = await this.receipts.resend(invoice);
    } catch {
      throw new ServiceUnavailableError(CARE_MESSAGES.sendFailed);
    }
    return { userId: order.user_id, invoice: invoice.number, channel };
  }

  /** Sends the subscription's latest notice again, for the date it named. */
  async notice(userId: string, subscriptionId: number) {
    const row = await this.repo.findSubscription(subscriptionId);
    if (!row || row.user_id !== userId) throw new NotFoundError(CARE_MESSAGES.subscriptionNotFound);
    if (row.status !== 'active' && row.status !== 'scheduled')
      throw new ConflictError(CARE_MESSAGES.noticeEnded);
    const event = await this.care.latestNotice(row.id);
    const kind = KINDS.find((k) => event === `notice: ${k}`);
    if (!kind) throw new ConflictError(CARE_MESSAGES.noticeNothing);
    const contact = await this.renewals.contactOf(userId);
    if (!contact.email && !contact.phoneNumber) throw new ConflictError(CARE_MESSAGES.noContact);
    // A downgrade's notice names the day it starts; every other, the day the term ends.
    const on = kind === 'downgrade' ? row.start_date : row.end_date;
    if (!(await this.notices.notify(row, kind, on)))
      throw new ServiceUnavailableError(CARE_MESSAGES.sendFailed);
    return { kind, on, channel: contact.email ? ('email' as const) : ('sms' as const) };
  }
}
