// What leaves Folio as an SMS or an e-mail, and the one operation every delivery
// adapter offers. Adapters are picked by config (delivery.ts); callers never know
// which one runs.
export type MessageChannel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** +91 and ten digits for SMS, an address for e-mail. */
  to: string;
  /** E-mail subject; null for SMS. */
  subject: string | null;
  text: string;
  /** E-mail only: where a reply goes, e.g. the reader who wrote through /contact. */
  replyTo?: string;
}

export interface MessageTransport {
  /** Resolves once the message was handed over; rejects when it could not be. */
  send(message: OutgoingMessage): Promise<void>;
}
