// The receipt of a payment (issue 27 part 6): once the transaction that issued its
// invoice has committed, an e-mail with the publisher's details, the invoice's
// number, plan, amount (with its GST for INR), payment id and date, and where the
// invoice downloads; a reader with only a phone number gets a short SMS with the
// link. Never inside the transaction: a mail server that hangs holds no lock. A
// receipt not sent (the server stopped after commit, the mail server was down) is
// swept by the renewal scheduler's tick, a few a pass, a few tries each. Each send
// is claimed first (invoice-repo.ts), so two servers never both send one, and
// logged in the subscription log as notices are.
import type { FastifyBaseLogger } from 'fastify';
import { calendarToday, formatDisplayDate } from '@folio/core';
import type { MessageTransport, OutgoingMessage } from '../messaging/index.ts';
import { invoiceMoney } from './invoice-pdf.ts';
import type { InvoiceRepo, InvoiceRow } from './invoice-repo.ts';
import { GST_PERCENT } from './invoice-rules.ts';
import type { RenewalRepo } from './renewal-repo.ts';
import type { SubscriptionRepo } from './subscription-repo.ts';

/** Tries of one receipt before the sweep leaves it (support can still resend it). */
export const RECEIPT_ATTEMPTS = 5;
/** A receipt tried this recently is not tried again: its sender may still be at it. */
export const RECEIPT_RETRY_MS = 10 * 60_000;
/** Receipts the sweep sends in one pass. */
const SWEEP_BATCH = 20;

export interface ReceiptSettings {
  publicUrl: string;
  timeZone: string;
}

export class Receipts {
  constructor(
    private readonly invoices: InvoiceRepo,
    private readonly repo: SubscriptionRepo,
    private readonly renewals: RenewalRepo,
    private readonly transports: { sms: MessageTransport; email: MessageTransport },
    private readonly settings: ReceiptSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends the invoice's receipt unless it was sent or is being sent; true when this call sent it. */
  async send(invoiceId: number): Promise<boolean> {
    const at = this.now();
    const claimed = await this.invoices.claimReceipt(
      invoiceId,
      at,
      new Date(at.getTime() - RECEIPT_RETRY_MS),
      RECEIPT_ATTEMPTS,
    );
    if (!claimed) return false;
    try {
      await this.deliver(claimed);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.invoices.receiptFailed(claimed.id, reason);
      this.log.warn({ err: error, invoice: claimed.number }, 'receipt not sent; the sweep retries');
      return false;
    }
  }

  /** Receipts left unsent, a few a pass; the number sent. */
  async sweep(): Promise<number> {
    const triedBefore = new Date(this.now().getTime() - RECEIPT_RETRY_MS);
    let sent = 0;
    for (const id of await this.invoices.unsent(triedBefore, RECEIPT_ATTEMPTS, SWEEP_BATCH))
      if (await this.send(id)) sent += 1;
    return sent;
  }

  /**
   * Sends the receipt again, whether or not it went before (support's resend);
   * throws what the transport threw.
   */
  async resend(invoice: InvoiceRow): Promise<'email' | 'sms'> {
    return this.deliver(invoice);
  }

  /** Where the receipt goes: the reader's address now, else the one on the invoice. */
  async canReach(invoice: InvoiceRow): Promise<boolean> {
    return (await this.message(invoice)) !== undefined;
  }

  private async deliver(invoice: InvoiceRow): Promise<'email' | 'sms'> {
    const message = await this.message(invoice);
    if (!message) throw new Error('the reader has no e-mail address or phone number');
    await this.transports[message.channel].send(message);
    const at = this.now();
    await this.invoices.receiptSent(invoice.id, at);
    await this.repo.log(
      {
        subscriptionId: invoice.subscription_id,
        orderId: invoice.order_id,
        event: 'notice: receipt',
        detail: `${invoice.number} by ${message.channel === 'email' ? 'e-mail' : 'SMS'}`,
      },
      at,
    );
    return message.channel;
  }

  private async message(invoice: InvoiceRow): Promise<OutgoingMessage | undefined> {
    const contact = await this.renewals.contactOf(invoice.user_id);
    const email = contact.email ?? invoice.buyer_email;
    const phone = contact.phoneNumber ?? invoice.buyer_phone;
    const brand = invoice.seller.brandName;
    const link = `${this.settings.publicUrl}/profile?tab=subscriptions`;
    const money = (minor: number) => invoiceMoney(minor, invoice.currency);
    if (email)
      return {
        channel: 'email',
        to: email,
        subject: `${brand} e-paper: receipt for your payment (invoice ${invoice.number})`,
        text: this.mailText(invoice, link),
      };
    if (phone)
      return {
        channel: 'sms',
        to: phone,
        subject: null,
        text: `${brand} e-paper: we received ${money(invoice.amount_minor)} for ${invoice.plan_title} (invoice ${invoice.number}, payment ${invoice.payment_id}). Your invoice: ${link}`,
      };
    return undefined;
  }

  private mailText(invoice: InvoiceRow, link: string): string {
    const seller = invoice.seller;
    const money = (minor: number) => invoiceMoney(minor, invoice.currency);
    const day = (iso: string) => formatDisplayDate(iso);
    const period =
      invoice.period_start && invoice.period_end
        ? ` (${day(invoice.period_start)} to ${day(invoice.period_end)})`
        : '';
    const tax =
      invoice.tax_kind === 'intra-state'
        ? [
            `  Taxable value: ${money(invoice.taxable_minor)}`,
            `  CGST ${GST_PERCENT / 2}%: ${money(invoice.cgst_minor)}`,
            `  SGST ${GST_PERCENT / 2}%: ${money(invoice.sgst_minor)}`,
          ]
        : ['  No GST: export of services (zero-rated)'];
    return [
      `Thank you for your payment to ${seller.brandName} e-paper.`,
      '',
      `Invoice number: ${invoice.number}`,
      `Date: ${day(calendarToday(invoice.issued_at, this.settings.timeZone))}`,
      `Plan: ${invoice.plan_title}${period}`,
      `Amount paid: ${money(invoice.amount_minor)}`,
      ...tax,
      `Payment id: ${invoice.payment_id}`,
      '',
      `Download your invoice (PDF) under Subscriptions in your profile: ${link}`,
      '',
      seller.legalName,
      ...seller.address.split('\n'),
      `GSTIN: ${seller.gstin}`,
      `Questions about this payment: ${seller.supportEmail}`,
    ].join('\n');
  }
}
