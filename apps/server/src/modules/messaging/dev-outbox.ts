// Development delivery: messages are logged and kept in memory for
// GET /api/dev/outbox, so a fresh checkout can sign in without an SMS gateway or
// a mail server. Config refuses to start production without real adapters.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessage } from '@folio/core';
import type { MessageTransport, OutgoingMessage } from './transport.ts';

/** Enough for a day of manual testing; the oldest messages fall off first. */
const OUTBOX_CAPACITY = 200;

export class DevOutbox implements MessageTransport {
  private readonly messages: OutboxMessage[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const entry: OutboxMessage = {
      id: randomUUID(),
      ...message,
      createdAt: this.now().toISOString(),
    };
    this.messages.unshift(entry);
    this.messages.length = Math.min(this.messages.length, OUTBOX_CAPACITY);
    this.log.info({ outbox: entry }, `dev outbox: ${message.channel} to ${message.to}`);
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages];
  }
}
