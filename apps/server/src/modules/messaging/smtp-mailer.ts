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
      to: message.to,
      subject: message.subject ?? undefined,
      text: message.text,
    });
  }
}
