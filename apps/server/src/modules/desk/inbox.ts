// The desk's inbox (issue 27 part 4): what readers sent through Get in touch, by
// brand and status, each with its thread of replies. A reply is kept before its
// e-mail is tried, so nothing staff wrote is lost: once the reader's mail server
// takes it (the reader's own words quoted below it) the message is `answered`; a
// mail server that refuses leaves the reply in the thread as not sent and the
// message as it was. Every change is in the audit log with its before and after.
import type { FastifyBaseLogger } from 'fastify';
import { BRANDS, MAIN_BRAND, isBrandCode, type BrandCode } from '@folio/core';
import {
  INBOX_MESSAGES,
  INBOX_PREVIEW_LENGTH,
  MAX_INBOX_PAGE,
  type InboxItem,
  type InboxPage,
  type InboxStatus,
  type InboxThread,
} from '@folio/core/desk';
import { NotFoundError, ServiceUnavailableError } from '../../errors.ts';
import type { MessageTransport, OutgoingMessage } from '../messaging/index.ts';
import type { AuditRepo } from './audit-repo.ts';
import type { InboxListRow, InboxMessageRow, InboxRepo, InboxReplyRow } from './inbox-repo.ts';
import type { DeskActor } from './service.ts';

/** The stored error text is for an operator; a mail server's answer can be long. */
const MAX_ERROR_LENGTH = 500;

export interface InboxSettings {
  /** The site's brand: the inbox's brand when a request names none. */
  brand: BrandCode;
  /** The publisher's time zone, for the date the reply's quote gives. */
  timeZone: string;
}

function brandOf(row: InboxMessageRow): BrandCode {
  return isBrandCode(row.brand) ? row.brand : MAIN_BRAND;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= INBOX_PREVIEW_LENGTH ? flat : `${flat.slice(0, INBOX_PREVIEW_LENGTH - 1)}…`;
}

function toItem(row: InboxListRow): InboxItem {
  return {
    id: row.id,
    brand: brandOf(row),
    name: row.name,
    email: row.email,
    subject: row.subject,
    preview: preview(row.message),
    receivedAt: row.created_at.toISOString(),
    status: row.status,
    replies: row.reply_count,
  };
}

function toReply(row: InboxReplyRow) {
  return {
    id: row.id,
    by: row.staff_email,
    body: row.body,
    sentAt: row.sent_at.toISOString(),
    mail: row.mail_status,
  };
}

/** The e-mail a reader gets: the reply, the team's sign-off, and what the reader wrote, quoted. */
export function replyMail(row: InboxMessageRow, body: string, timeZone: string): OutgoingMessage {
  const brand = BRANDS[brandOf(row)];
  const written = row.created_at.toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const quoted = [`Subject: ${row.subject}`, '', ...row.message.split(/\r?\n/)].map((line) =>
    line === '' ? '>' : `> ${line}`,
  );
  return {
    channel: 'email',
    to: row.email,
    replyTo: brand.editorial.email,
    subject: `Re: ${row.subject}`,
    text: [
      `Dear ${row.name},`,
      '',
      body,
      '',
      `${brand.name} editorial team`,
      brand.editorial.email,
      '',
      `On ${written}, you wrote:`,
      ...quoted,
    ].join('\n'),
  };
}

export class Inbox {
  constructor(
    private readonly repo: InboxRepo,
    private readonly auditLog: AuditRepo,
    private readonly email: MessageTransport,
    private readonly settings: InboxSettings,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async record(
    actor: DeskActor,
    id: number,
    action: string,
    before: unknown,
    after: unknown,
  ) {
    await this.auditLog.write(
      {
        actorId: actor.userId,
        actor: actor.email,
        role: actor.role,
        action,
        subject: `message:${id}`,
        before,
        after,
      },
      this.now(),
    );
  }

  /** One brand's messages, newest first, MAX_INBOX_PAGE at a time, with the counts of each status. */
  async list(
    brand: BrandCode | undefined,
    status: InboxStatus | undefined,
    before: number | undefined,
  ): Promise<InboxPage> {
    const code = brand ?? this.settings.brand;
    const [rows, counts] = await Promise.all([
      this.repo.page(code, status, before, MAX_INBOX_PAGE + 1),
      this.repo.counts(code),
    ]);
    const page = rows.slice(0, MAX_INBOX_PAGE);
    return {
      messages: page.map(toItem),
      next: rows.length > MAX_INBOX_PAGE ? (page.at(-1)?.id ?? null) : null,
      counts,
    };
  }

  /** A message with its replies, oldest first. */
  async thread(id: number): Promise<InboxThread> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(INBOX_MESSAGES.messageNotFound);
    const replies = await this.repo.replies(id);
    return {
      message: {
        id: row.id,
        brand: brandOf(row),
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        receivedAt: row.created_at.toISOString(),
        status: row.status,
      },
      replies: replies.map(toReply),
    };
  }

  /**
   * Keeps the reply, e-mails it to the reader and marks the message answered. A mail
   * server that refuses it: 503, the reply kept in the thread as not sent.
   */
  async reply(actor: DeskActor, id: number, body: string): Promise<InboxThread> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError(INBOX_MESSAGES.messageNotFound);
    const reply = await this.repo.addReply({
      messageId: id,
      staffId: actor.userId,
      staffEmail: actor.email,
      body,
      sentAt: this.now(),
    });
    try {
      await this.email.send(replyMail(row, body, this.settings.timeZone));
    } catch (error) {
      const text = (error instanceof Error ? error.message : String(error)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      await this.repo.replyFailed(reply.id, text);
      this.log.warn({ err: error, message: id }, 'a reply to a reader could not be e-mailed');
      await this.record(
        actor,
        id,
        'message.reply-failed',
        { status: row.status },
        { status: row.status, reply: reply.id, mail: 'failed' },
      );
      throw new ServiceUnavailableError(INBOX_MESSAGES.replyNotSent, { cause: error });
    }
    const before = await this.repo.replySent(reply.id, id, 'answered');
    await this.record(
      actor,
      id,
      'message.reply',
      { status: before },
      { status: 'answered', reply: reply.id, mail: 'sent' },
    );
    return this.thread(id);
  }

  /** Closes a message, or opens it again; a status it already has changes nothing. */
  async setStatus(actor: DeskActor, id: number, status: InboxStatus): Promise<InboxThread> {
    const before = await this.repo.setStatus(id, status);
    if (before === undefined) throw new NotFoundError(INBOX_MESSAGES.messageNotFound);
    if (before !== status)
      await this.record(actor, id, 'message.status', { status: before }, { status });
    return this.thread(id);
  }
}
