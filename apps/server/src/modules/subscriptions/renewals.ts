// The renewal scheduler (issue 7 part 5, issue 23 parts 2 and 4), under India's
// e-mandate rules: a notice with the amount, the date, the mandate's reference and
// a cancel link goes out at least 24 hours before each debit (a renewal, or the
// first charge of a scheduled downgrade); a mandate is debited only up to ₹15,000
// (above that the reader confirms by paying) and only in INR (other currencies
// renew by a fresh payment). Each debit is a ledger entry written and claimed
// before the call (renewal-charges.ts, ledger-calls.ts); a debit still pending, or
// whose answer was lost, is asked about, never made again (ledger-reconciler.ts),
// and a declined one is tried once a day through the grace days, during which the
// reader keeps reading; then the subscription expires. Notices: renewal-notices.ts.
// One runner at a time across servers: a lease taken in one conditional statement,
// renewed while the run works and freed only by its holder. The run is the
// `renewals.tick` job, sent every minute (decision 0040); the job queue runs one
// at a time in a process, the lease one at a time across processes.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, calendarToday } from '@folio/core';
import type { LedgerRepo } from './ledger-repo.ts';
import type { MessageTransport } from '../messaging/index.ts';
import { lapsed, noticeAged, renewalDebitDue } from './billing-rules.ts';
import type { LedgerCalls } from './ledger-calls.ts';
import { LedgerReconciler } from './ledger-reconciler.ts';
import type { PaymentCompletion } from './payment-completion.ts';
import { RenewalCharges } from './renewal-charges.ts';
import { RenewalNotices } from './renewal-notices.ts';
import type { RenewalRepo } from './renewal-repo.ts';
import { coveredUntil, mandateRenews } from './standing.ts';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.ts';

/** The notice goes out this many days before the debit, so the 24 hours are met with room. */
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
  pending: number;
  failed: number;
  awaitingReader: number;
  started: number;
  expired: number;
  /** Ledger entries sent or asked about. */
  settled: number;
  /** Receipts sent that were left unsent before. */
  receipts: number;
}

class LeaseLost extends Error {}

export class RenewalScheduler {
  private readonly holder = randomUUID();
  private leaseLost = false;
  private readonly notices: RenewalNotices;
  private readonly charges: RenewalCharges;
  private readonly reconciler: LedgerReconciler;

  constructor(
    private readonly repo: SubscriptionRepo,
    private readonly renewals: RenewalRepo,
    private readonly ledger: LedgerRepo,
    calls: LedgerCalls,
    private readonly completion: PaymentCompletion,
    transports: { sms: MessageTransport; email: MessageTransport },
    private readonly settings: RenewalSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {
    this.notices = new RenewalNotices(repo, renewals, transports, settings, now, log);
    this.charges = new RenewalCharges(repo, ledger, calls, completion, settings, now);
    this.reconciler = new LedgerReconciler(ledger, calls, completion, now);
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
      receipts: 0,
    };
    const today = calendarToday(this.now(), this.settings.timeZone);
    await this.completion.reconcile();
    report.receipts += await this.completion.sweepReceipts();
    const reconciled = await this.reconciler.run(() => this.held());
    report.charged += reconciled.charged;
    report.settled += reconciled.settled;
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
      if (await this.notices.announce(row, kind, row.end_date)) report.noticesSent += 1;
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
      await this.notices.notify(row, 'pay-again', row.start_date);
      report.awaitingReader += 1;
      return;
    }
    if (today > coveredUntil(source, this.settings.graceDays)) {
      await this.expireScheduled(row, 'downgrade not started: the debit failed');
      report.expired += 1;
      return;
    }
    if (row.renewal_notice_for !== row.start_date) {
      if (await this.notices.announce(row, 'downgrade', row.start_date)) report.noticesSent += 1;
      return;
    }
    if (today < source.end_date || !noticeAged(row.renewal_notice_at, this.now())) return;
    await this.debit(source, row, today, report);
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

  /** A debit for the term after `source`, counted; a declined one is told to the reader. */
  private async debit(
    source: SubscriptionRow,
    target: SubscriptionRow,
    today: string,
    report: RenewalReport,
  ): Promise<void> {
    const result = await this.charges.debit(source, target, today);
    if (result === 'captured') report[target.id !== source.id ? 'started' : 'charged'] += 1;
    else if (result === 'failed') {
      report.failed += 1;
      await this.notices.notify(source, 'failed', source.end_date);
    } else if (result === 'pending') report.pending += 1;
  }
}
