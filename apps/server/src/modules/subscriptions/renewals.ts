// The renewal scheduler (issue 7 part 5, issue 23 parts 2 and 4), under India's
// e-mandate rules: a notice with the amount, the date, the mandate's reference and
// a cancel link goes out at least 24 hours before each debit (a renewal, or the
// first charge of a scheduled downgrade); a mandate is debited only up to ₹15,000
// (above that the reader confirms by paying) and only in INR (other currencies
// renew by a fresh payment). Each debit is a ledger entry written and claimed
// before the call (ledger-calls.ts); a debit still pending, or whose answer was
// lost, is asked about, never made again, and a declined one is tried once a day
// through the grace days, during which the reader keeps reading; then the
// subscription expires. One runner at a time across servers: a lease taken in one
// conditional statement, renewed while the run works and freed only by its holder,
// and in this process one run at a time.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, calendarToday, formatDisplayDate, formatMoney, type Currency } from '@folio/core';
import { newLedgerEntry, type LedgerRepo } from './ledger-repo.ts';
import type { MessageTransport } from '../messaging/index.ts';
import { lapsed, nextDebit, noticeAged, renewalDebitDue } from './billing-rules.ts';
import type { LedgerCalls } from './ledger-calls.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import type { RenewalRepo } from './renewal-repo.ts';
import { coveredUntil, mandateRenews } from './standing.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

/** The notice goes out this many days before the debit, so the 24 hours are met with room. */
const NOTICE_DAYS_AHEAD = 2;
const LEASE_MS = 5 * 60_000;
/** Ledger entries sent or asked about in one run, oldest first. */
const LEDGER_BATCH = 50;
/** A sent call unanswered this long is asked about (the adapter gives up on a call after 20 s). */
const QUIET_MS = 10 * 60_000;

export interface RenewalSettings {
  graceDays: number;
  timeZone: string;
  publicUrl: string;
  brandName: string;
}

export interface RenewalReport {
  noticesSent: number;
  charged: number;
  pending: number;
  failed: number;
  awaitingReader: number;
  started: number;
  expired: number;
  /** Ledger entries sent or asked about. */
  settled: number;
}

type NoticeKind = 'pre-debit' | 'downgrade' | 'pay-again' | 'failed';

class LeaseLost extends Error {}

export class RenewalScheduler {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;
  private leaseLost = false;

  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly renewals: RenewalRepo,
    private readonly ledger: LedgerRepo,
    private readonly calls: LedgerCalls,
    private readonly completion: PaymentCompletion,
    private readonly transports: { sms: MessageTransport; email: MessageTransport },
    private readonly settings: RenewalSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs every `intervalMs` until stop(); a tick while the last run still works is skipped. */
  start(intervalMs = 60_000): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) => this.log.error({ err: error }, 'renewal run failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops the ticks and waits for a run in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; undefined when another runner holds the lease. */
  async runOnce(): Promise<RenewalReport | undefined> {
    const started = this.now();
    if (!(await this.renewals.takeLease(this.holder, started, this.leaseEnd()))) return undefined;
    this.leaseLost = false;
    const keeper = setInterval(() => {
      this.renewals
        .renewLease(this.holder, this.leaseEnd())
        .then((held) => {
          if (!held) this.leaseLost = true;
        })
        .catch(() => undefined);
    }, LEASE_MS / 3);
    keeper.unref();
    try {
      return await this.work();
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.log.warn('renewal run stopped: its lease was taken over');
        return undefined;
      }
      throw error;
    } finally {
      clearInterval(keeper);
      await this.renewals.releaseLease(this.holder);
    }
  }

  private leaseEnd(): Date {
    return new Date(this.now().getTime() + LEASE_MS);
  }

  /** Between two pieces of work: a runner whose lease was taken over stops at once. */
  private held(): void {
    if (this.leaseLost) throw new LeaseLost();
  }

  private async work(): Promise<RenewalReport> {
    const report: RenewalReport = {
      noticesSent: 0,
      charged: 0,
      pending: 0,
      failed: 0,
      awaitingReader: 0,
      started: 0,
      expired: 0,
      settled: 0,
    };
    const today = calendarToday(this.now(), this.settings.timeZone);
    await this.completion.reconcile();
    for (const entry of await this.ledger.due(this.now(), QUIET_MS, LEDGER_BATCH)) {
      this.held();
      const outcome =
        entry.state === 'created' ? await this.calls.send(entry) : await this.calls.ask(entry);
      if (outcome.kind === 'captured') {
        if (await this.completion.completeCharge(outcome.entry, outcome.payment))
          report.charged += 1;
      }
      if (outcome.kind !== 'waiting' && outcome.kind !== 'busy') report.settled += 1;
    }
    for (const row of await this.renewals.renewing(addDays(today, NOTICE_DAYS_AHEAD))) {
      this.held();
      await this.renew(row, today, report);
    }
    for (const row of await this.renewals.scheduledFrom(addDays(today, NOTICE_DAYS_AHEAD + 1))) {
      this.held();
      await this.startScheduled(row, today, report);
    }
    for (const row of await this.renewals.ended(today)) {
      this.held();
      await this.expireIfLapsed(row, today, report);
    }
    if (Object.values(report).some((n) => n > 0)) this.log.info(report, 'renewals run');
    return report;
  }

  private async renew(row: SubscriptionRow, today: string, report: RenewalReport): Promise<void> {
    if (row.renewal_notice_for !== row.end_date) {
      const kind = mandateRenews(row) ? 'pre-debit' : 'pay-again';
      // No debit without a notice that reached the reader: tried again next run.
      if (await this.noticeSent(row, kind, row.end_date)) report.noticesSent += 1;
      return;
    }
    if (today < row.end_date) return;
    if (!mandateRenews(row)) {
      report.awaitingReader += 1;
      return;
    }
    if (!renewalDebitDue(row, today, this.now(), this.settings.graceDays)) return;
    await this.debit(row, row, today, report);
  }

  /**
   * A downgrade's first charge, on the mandate of the plan it follows, on that
   * plan's last day, after its own notice; or, with no mandate to charge, a
   * request to pay on its first day.
   */
  private async startScheduled(scheduled: SubscriptionRow, today: string, report: RenewalReport) {
    const source =
      scheduled.replaces_subscription_id === null
        ? undefined
        : await this.repo.findSubscription(scheduled.replaces_subscription_id);
    // The plan it follows may have learnt its mandate after the downgrade was scheduled.
    const row = { ...scheduled, mandate_id: scheduled.mandate_id ?? source?.mandate_id ?? null };
    if (!source || !mandateRenews(row)) {
      if (today < row.start_date) return;
      await this.expireScheduled(row, 'downgrade not started: needs a payment');
      await this.notify(row, 'pay-again', row.start_date);
      report.awaitingReader += 1;
      return;
    }
    if (today > coveredUntil(source, this.settings.graceDays)) {
      await this.expireScheduled(row, 'downgrade not started: the debit failed');
      report.expired += 1;
      return;
    }
    if (row.renewal_notice_for !== row.start_date) {
      if (await this.noticeSent(row, 'downgrade', row.start_date)) report.noticesSent += 1;
      return;
    }
    if (today < source.end_date || !noticeAged(row.renewal_notice_at, this.now())) return;
    await this.debit(source, row, today, report);
  }

  private async noticeSent(row: SubscriptionRow, kind: NoticeKind, date: string) {
    if (!(await this.notify(row, kind, date))) return false;
    await this.repo.updateSubscription(row.id, {
      renewal_notice_for: date,
      renewal_notice_at: this.now(),
      updated_at: this.now(),
    });
    return true;
  }

  private async expireScheduled(row: SubscriptionRow, event: string): Promise<void> {
    await this.repo.updateSubscription(row.id, { status: 'withdrawn', updated_at: this.now() });
    await this.repo.log({ subscriptionId: row.id, event }, this.now());
  }

  /** Expires a term past its end and grace, unless a debit for the next term is still open. */
  private async expireIfLapsed(row: SubscriptionRow, today: string, report: RenewalReport) {
    if (today <= coveredUntil(row, this.settings.graceDays)) return;
    const debits = await this.ledger.chargesFor(row.id, row.end_date);
    if (!lapsed(row, today, this.settings.graceDays, debits)) return;
    await this.repo.updateSubscription(row.id, { status: 'expired', updated_at: this.now() });
    await this.repo.log({ subscriptionId: row.id, event: 'expired' }, this.now());
    report.expired += 1;
  }

  /**
   * Debits the mandate for the term after `source` (a renewal, or the scheduled
   * `target`): one entry in flight per term, one try a day, each written with the
   * order it pays and the day of the try before the call.
   */
  private async debit(
    source: SubscriptionRow,
    target: SubscriptionRow,
    today: string,
    report: RenewalReport,
  ): Promise<void> {
    const earlier = await this.ledger.chargesFor(source.id, source.end_date);
    const next = nextDebit(earlier, today, this.settings.timeZone);
    if (next.kind === 'wait') return;
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
    if (!entry) return;
    const outcome = await this.calls.send(entry);
    if (outcome.kind === 'captured') {
      await this.completion.completeCharge(outcome.entry, outcome.payment);
      report[downgrade ? 'started' : 'charged'] += 1;
    } else if (outcome.kind === 'failed') {
      report.failed += 1;
      await this.notify(source, 'failed', source.end_date);
    } else report.pending += 1;
  }

  /** Sends a notice by e-mail, else SMS; false when it could not be sent. */
  private async notify(row: SubscriptionRow, kind: NoticeKind, on: string): Promise<boolean> {
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
