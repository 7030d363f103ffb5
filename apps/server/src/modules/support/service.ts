// The rules of the contact form (spec 2 §2 "Contact page", §4, §8): a message is
// stored before it is e-mailed to the editorial team, so it is never lost. The
// reader is told it was sent once it is stored; the first e-mail is tried at once,
// and a mail server that is down is tried again by `deliverDue`, on a widening
// schedule, until it takes the message or the attempts run out (then it stays
// stored as `failed` and is logged for an operator). A client address may send
// `limit` messages every CONTACT_WINDOW_MINUTES; a filled honeypot gets the same
// answer as a real message and nothing is kept or sent.
import type { FastifyBaseLogger } from 'fastify';
import {
  CONTACT_MESSAGES,
  CONTACT_WINDOW_MINUTES,
  type BrandCode,
  type ContactSubmission,
} from '@folio/core';
import { ServiceUnavailableError, TooManyRequestsError } from '../../errors.ts';
import type { MessageTransport } from '../messaging/index.ts';
import { editorialMail } from './editorial-mail.ts';
import type { ContactMessageRow, ContactRepo } from './repo.ts';

const MINUTE_MS = 60_000;
/** How long an attempt keeps a message to itself; another server may try it after. */
const CLAIM_MS = 5 * MINUTE_MS;
/** Attempts before a message is left as `failed` (about six hours of retries). */
export const MAX_MAIL_ATTEMPTS = 12;
/** The wait after a failed attempt doubles from a minute, up to an hour. */
const MAX_RETRY_WAIT_MS = 60 * MINUTE_MS;
/** Messages one retry run takes. */
const RETRY_BATCH = 20;
/** The stored error text is for an operator; a mail server's answer can be long. */
const MAX_ERROR_LENGTH = 500;

export function retryWaitMs(failedAttempts: number): number {
  return Math.min(MINUTE_MS * 2 ** (failedAttempts - 1), MAX_RETRY_WAIT_MS);
}

export interface ContactSettings {
  brand: BrandCode;
  /** Messages a client address may send in one window (config CONTACT_LIMIT). */
  limit: number;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

export class ContactService {
  constructor(
    private readonly repo: ContactRepo,
    private readonly email: MessageTransport,
    private readonly settings: ContactSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores the message and tries its e-mail once; refuses a client address over its limit. */
  async submit(submission: ContactSubmission, clientIp: string): Promise<void> {
    if ((submission.website ?? '').trim() !== '') {
      this.log.info({ clientIp }, 'contact form honeypot filled; message dropped');
      return;
    }
    const now = this.now();
    const windowStart = new Date(now.getTime() - CONTACT_WINDOW_MINUTES * MINUTE_MS);
    let outcome;
    try {
      outcome = await this.repo.storeWithinLimit(
        {
          brand: this.settings.brand,
          name: submission.name,
          email: submission.email,
          subject: submission.subject,
          message: submission.message,
          clientIp,
        },
        { max: this.settings.limit, windowStart },
        now,
        new Date(now.getTime() + CLAIM_MS),
      );
    } catch (error) {
      this.log.error({ err: error }, 'contact message could not be stored');
      throw new ServiceUnavailableError(CONTACT_MESSAGES.sendFailed, { cause: error });
    }
    if (!outcome.stored) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((outcome.freedAt.getTime() - now.getTime()) / 1000),
      );
      throw new TooManyRequestsError(CONTACT_MESSAGES.tooMany(Math.ceil(retryAfterSeconds / 60)), {
        details: { reason: 'CONTACT_LIMIT', retryAfterSeconds },
      });
    }
    await this.attempt(outcome.row);
  }

  /** One retry run (the `contact.retry` job, every minute): every message whose next attempt is due, one at a time. */
  async deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const now = this.now();
      const due = await this.repo.claimDue(now, new Date(now.getTime() + CLAIM_MS), RETRY_BATCH);
      for (const row of due) report[await this.attempt(row)] += 1;
      if (due.length < RETRY_BATCH) return report;
    }
  }

  /** Sends the message's e-mail; a failure is recorded on the row, never thrown. */
  private async attempt(row: ContactMessageRow): Promise<keyof DeliveryReport> {
    try {
      await this.email.send(editorialMail(row));
    } catch (error) {
      return this.recordFailure(row, error);
    }
    try {
      await this.repo.markSent(row.id, this.now());
    } catch (error) {
      // Sent, but not marked: the claim runs out and the editor may get it twice,
      // which beats a message that is never sent.
      this.log.error({ err: error, contactMessage: row.id }, 'contact mail sent but not marked');
    }
    return 'sent';
  }

  private async recordFailure(
    row: ContactMessageRow,
    error: unknown,
  ): Promise<'retrying' | 'failed'> {
    const attempts = row.mail_attempts + 1;
    const retryAt =
      attempts < MAX_MAIL_ATTEMPTS ? new Date(this.now().getTime() + retryWaitMs(attempts)) : null;
    const reason = (error instanceof Error ? error.message : String(error)).slice(
      0,
      MAX_ERROR_LENGTH,
    );
    const context = { err: error, contactMessage: row.id, attempts };
    if (retryAt) this.log.warn(context, 'contact mail failed; it will be tried again');
    else this.log.error(context, 'contact mail failed for good; the message stays stored');
    try {
      await this.repo.markAttemptFailed(row.id, reason, retryAt);
    } catch (markError) {
      // Unmarked, the row keeps its claim's time and is tried again when it runs out.
      this.log.error(
        { err: markError, contactMessage: row.id },
        'contact mail failure not recorded',
      );
    }
    return retryAt ? 'retrying' : 'failed';
  }
}
