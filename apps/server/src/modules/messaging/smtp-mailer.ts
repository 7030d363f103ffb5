// E-mail over SMTP (SMTP_URL, SMTP_FROM) with nodemailer.
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../config.ts';
import type { MessageTransport, OutgoingMessage } from './transport.ts';

export class SmtpMailer implements MessageTransport {
  private readonly transporter: Transporter;

  constructor(private readonly config: SmtpConfig) {
    this.transporter = nodemailer.createTransport(config.url);
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
