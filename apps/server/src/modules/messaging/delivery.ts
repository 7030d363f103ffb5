// Chooses the delivery adapters from config: the real ones when configured, the
// development outbox otherwise (config does not let production get that far).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { DevOutbox } from './dev-outbox.ts';
import { SmsGateway } from './sms-gateway.ts';
import { SmtpMailer } from './smtp-mailer.ts';
import type { MessageChannel, MessageTransport } from './transport.ts';

export interface Delivery {
  transports: Record<MessageChannel, MessageTransport>;
  /** Present whenever a channel has no real adapter (never in production). */
  outbox: DevOutbox | undefined;
}

export function createDelivery(config: Config, log: FastifyBaseLogger, now: () => Date): Delivery {
  const sms = config.smsGateway ? new SmsGateway(config.smsGateway) : undefined;
  const email = config.smtp ? new SmtpMailer(config.smtp) : undefined;
  if (sms && email) return { transports: { sms, email }, outbox: undefined };
  const outbox = new DevOutbox(log, now);
  return { transports: { sms: sms ?? outbox, email: email ?? outbox }, outbox };
}
