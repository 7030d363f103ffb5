// E-mail over SMTP (SMTP_URL, SMTP_FROM) with nodemailer. Sends are awaited by the
// requests that make them (a sign-in code, a receipt after payment), so a mail server
// that hangs is given up on in seconds, not nodemailer's minutes; a receipt given up
// on is swept later, a code the reader asks for again.
import nodemailer, { type Transporter } from 'nodemailer';

/** Waits, in ms, unless SMTP_URL's own query sets them (e.g. `?socketTimeout=60000`). */
export const SMTP_WAITS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/** SMTP_URL with the waits it does not set itself (nodemailer reads them from the query). */
export function withWaits(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_WAITS))
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  return parsed.toString();
}
import type { SmtpConfig } from '../../config.ts';
import type { MessageTransport, OutgoingMessage } from './transport.ts';

export class SmtpMailer implements MessageTransport {
  private readonly transporter: Transporter;

  constructor(private readonly config: SmtpConfig) {
    this.transporter = nodemailer.createTransport(withWaits(config.url));
  }

  async send(message: OutgoingMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.config.from,
      // An address object, never a string: nodemailer parses a string as a list of
      // display names and addresses, so "y<victim@x.io>" would reach victim@x.io.
      to: { name: '', address: message.to },
      ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
      subject: message.subject ?? undefined,
      text: message.text,
    });
  }
}
