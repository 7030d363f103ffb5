// The renewal scheduler (issue 7 part 5), under India's e-mandate rules: a notice
// with the amount, the date and a cancel link goes out at least 24 hours before
// each charge; a mandate is charged only up to ₹15,000 (above that the reader
// confirms by paying) and only in INR (other currencies renew by a fresh payment);
// a failed charge is tried once a day through the grace days, during which the
// reader keeps reading; then the subscription expires. Scheduled downgrades start
// the same way. One runner at a time across servers (RenewalRepo.takeLease).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  RENEWAL_NOTICE_HOURS,
  addDays,
  calendarToday,
  formatDisplayDate,
  formatMoney,
  type Currency,
} from '@folio/core';
import type { MessageTransport } from '../messaging/transport.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import type { RenewalRepo } from './renewal-repo.ts';
import { mandateRenews } from './standing.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

/** The notice goes out this many days before the end date, so the 24 hours are met with room. */
const NOTICE_DAYS_AHEAD = 2;
const LEASE_MS = 5 * 60_000;

export interface RenewalSettings {
  graceDays: number;
  timeZone: string;
  publicUrl: string;
  brandName: string;
}

export interface RenewalReport {
  noticesSent: number;
  charged: number;
  failed: number;
  awaitingReader: number;
  started: number;
  expired: number;
}

export class RenewalScheduler {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly renewals: RenewalRepo,
    private readonly provider: PaymentProvider,
    private readonly completion: PaymentCompletion,
    private readonly transports: { sms: MessageTransport; email: MessageTransport },
    private readonly settings: RenewalSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs every `intervalMs` until stop(); each run skips when another server holds the lease. */
  start(intervalMs = 60_000): void {
    const tick = () => {
      this.runOnce().catch((error: unknown) =>
        this.log.error({ err: error }, 'renewal run failed'),
      );
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One pass; undefined when another runner holds the lease. */
  async runOnce(): Promise<RenewalReport | undefined> {
    const now = this.now();
    if (!(await this.renewals.takeLease(this.holder, now, new Date(now.getTime() + LEASE_MS))))
      return undefined;
    try {
      const report: RenewalReport = {
        noticesSent: 0,
        charged: 0,
        failed: 0,
        awaitingReader: 0,
        started: 0,
        expired: 0,
      };
      const today = calendarToday(now, this.settings.timeZone);
      await this.completion.reconcile();
      for (const row of await this.renewals.renewing(addDays(today, NOTICE_DAYS_AHEAD)))
        await this.renew(row, today, report);
      for (const row of await this.renewals.scheduledFrom(today))
        await this.startScheduled(row, today, report);
      for (const row of await this.renewals.lapsed(today, this.settings.graceDays)) {
        await this.repo.updateSubscription(row.id, { status: 'expired', updated_at: this.now() });
        await this.repo.log({ subscriptionId: row.id, event: 'expired' }, this.now());
        report.expired += 1;
      }
      if (Object.values(report).some((n) => n > 0)) this.log.info(report, 'renewals run');
      return report;
    } finally {
      await this.renewals.releaseLease(this.holder);
    }
  }

  private async renew(row: SubscriptionRow, today: string, report: RenewalReport): Promise<void> {
    if (row.renewal_notice_for !== row.end_date) {
      // No charge without a notice that reached the reader: tried again next run.
      if (!(await this.notify(row, mandateRenews(row) ? 'pre-debit' : 'pay-again'))) return;
      await this.repo.updateSubscription(row.id, {
        renewal_notice_for: row.end_date,
        renewal_notice_at: this.now(),
        updated_at: this.now(),
      });
      report.noticesSent += 1;
      return;
    }
    if (today < row.end_date || row.renewal_attempted_on === today) return;
    if (!mandateRenews(row)) {
      report.awaitingReader += 1;
      return;
    }
    const noticeAt = row.renewal_notice_at?.getTime() ?? Number.POSITIVE_INFINITY;
    if (this.now().getTime() - noticeAt < RENEWAL_NOTICE_HOURS * 3_600_000) return;
    await this.repo.updateSubscription(row.id, {
      renewal_attempted_on: today,
      updated_at: this.now(),
    });
    const outcome = await this.charge(row, row.plan_id, { renewalOf: row.id });
    if (outcome === 'paid') report.charged += 1;
    else if (outcome === 'failed') {
      report.failed += 1;
      await this.notify(row, 'failed');
    }
  }

  /** A downgrade's first day: charged on the mandate of the plan it follows, or it lapses. */
  private async startScheduled(row: SubscriptionRow, today: string, report: RenewalReport) {
    if (!mandateRenews(row)) {
      await this.repo.updateSubscription(row.id, { status: 'expired', updated_at: this.now() });
      await this.repo.log(
        { subscriptionId: row.id, event: 'downgrade not started: needs a payment' },
        this.now(),
      );
      await this.notify(row, 'pay-again');
      report.awaitingReader += 1;
      return;
    }
    if (row.renewal_attempted_on === today) return;
    await this.repo.updateSubscription(row.id, {
      renewal_attempted_on: today,
      updated_at: this.now(),
    });
    const outcome = await this.charge(row, row.plan_id, { scheduled: row.id });
    if (outcome === 'paid') report.started += 1;
    else if (outcome === 'failed') report.failed += 1;
  }

  /**
   * Charges a mandate once per order: the order is written before the charge, and
   * an earlier order whose outcome is unknown stops any new charge until the
   * provider's webhook (or the reconciler) settles it.
   */
  private async charge(
    row: SubscriptionRow,
    planId: number,
    purpose: { renewalOf: number } | { scheduled: number },
  ): Promise<'paid' | 'pending' | 'failed' | 'skipped'> {
    const at = this.now();
    const unsettled = await this.repo.db
      .selectFrom('payment_orders')
      .select('id')
      .where('renewal_of_subscription_id', '=', row.id)
      .where('status', '=', 'created')
      .executeTakeFirst();
    if (unsettled) return 'skipped';
    const { order, created } = await this.repo.insertOrder({
      id: randomUUID(),
      user_id: row.user_id,
      brand: row.brand,
      plan_id: planId,
      idempotency_key: `renewal:${row.id}:${calendarToday(at, this.settings.timeZone)}`,
      change: 'renewal',
      replaces_subscription_id: null,
      renewal_of_subscription_id: row.id,
      amount_minor: row.price_minor,
      currency: row.currency,
      provider: this.provider.id,
      status: 'created',
      created_at: at,
      updated_at: at,
    });
    if (!created) return 'skipped';
    const mandateId = row.mandate_id ?? '';
    const result = await this.provider
      .chargeMandate({
        mandateId,
        amountMinor: row.price_minor,
        currency: row.currency as Currency,
        receipt: order.id,
        description: `${this.settings.brandName} ${row.plan_title}`,
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error, subscriptionId: row.id }, 'renewal charge not made');
        return {
          outcome: 'failed' as const,
          message: 'The payment provider could not be reached.',
        };
      });
    if (result.outcome === 'failed') {
      await this.repo.markOrderFailed(order.id, result.message, this.now());
      await this.repo.log(
        {
          subscriptionId: row.id,
          orderId: order.id,
          event: 'renewal failed',
          detail: result.message,
        },
        this.now(),
      );
      return 'failed';
    }
    if (result.outcome === 'pending') {
      await this.repo.setPaymentId(order.id, result.paymentId, this.now());
      return 'pending';
    }
    if ('scheduled' in purpose) {
      await this.repo.markOrderPaid(
        order.id,
        { paymentId: result.paymentId, mandateId },
        this.now(),
        this.repo.db,
      );
      await this.repo.updateSubscription(row.id, {
        status: 'active',
        order_id: order.id,
        payment_id: result.paymentId,
        updated_at: this.now(),
      });
      await this.repo.log(
        { subscriptionId: row.id, orderId: order.id, event: 'downgrade started' },
        this.now(),
      );
    } else {
      await this.completion.complete(order, { paymentId: result.paymentId, mandateId });
    }
    return 'paid';
  }

  /** Sends a notice by e-mail, else SMS; false when it could not be sent. */
  private async notify(
    row: SubscriptionRow,
    kind: 'pre-debit' | 'pay-again' | 'failed',
  ): Promise<boolean> {
    const contact = await this.renewals.contactOf(row.user_id);
    const amount = formatMoney(row.price_minor, row.currency as Currency);
    const date = formatDisplayDate(row.end_date);
    const manage = `${this.settings.publicUrl}/profile`;
    const text =
      kind === 'pre-debit'
        ? `${this.settings.brandName} e-paper: your ${row.plan_title} plan renews on ${date} and ${amount} will be charged to your saved payment method. To cancel before then: ${manage}`
        : kind === 'pay-again'
          ? `${this.settings.brandName} e-paper: your ${row.plan_title} plan ends on ${date}. To keep reading, renew it for ${amount} with Renew Now at ${manage}`
          : `${this.settings.brandName} e-paper: we could not charge ${amount} for your ${row.plan_title} plan. You keep reading for ${this.settings.graceDays} more days while we try again; to pay another way or cancel: ${manage}`;
    const message = contact.email
      ? {
          channel: 'email' as const,
          to: contact.email,
          subject: `${this.settings.brandName} e-paper renewal`,
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
