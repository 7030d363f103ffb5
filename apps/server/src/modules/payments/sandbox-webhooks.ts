// The sandbox's webhooks: signed as Razorpay signs its own (HMAC-SHA256 of the raw
// body), sent to Folio a moment after the event, and verified when they come in.
import { randomBytes } from 'node:crypto';
import { SignatureError, type PaymentOutcome, type WebhookEvent } from './provider.ts';
import { hmacHex, signedWith } from './signatures.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_EVENT_HEADER = 'x-sandbox-event-id';

/** Sends a webhook to Folio (by HTTP to its own URL; tests deliver in-process). */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<void>;

/** A new id of the sandbox's own (orders, payments, mandates, refunds, events). */
export const sandboxId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

export interface SandboxWebhookBody {
  event: 'payment.captured' | 'payment.failed';
  order_id: string;
  payment_id: string | null;
  mandate_id: string | null;
  amount: number;
  currency: string;
  error: string | null;
}

export class SandboxWebhooks {
  constructor(
    /** Keys the sandbox's signatures; derived from the server secret. */
    private readonly secret: string,
    private sender: WebhookSender,
  ) {}

  useSender(sender: WebhookSender): void {
    this.sender = sender;
  }

  /** Signs a webhook body the way the sandbox sends it. */
  sign(body: string): string {
    return hmacHex(this.secret, body);
  }

  queue(body: SandboxWebhookBody): void {
    const text = JSON.stringify(body);
    const headers = {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: this.sign(text),
      [SANDBOX_EVENT_HEADER]: sandboxId('sbx_evt'),
    };
    // Sent after the browser's return, as real providers do; a failed delivery is
    // covered by the return itself and by the reconciler.
    setTimeout(() => {
      this.sender(text, headers).catch(() => undefined);
    }, 500).unref();
  }

  /** PaymentProvider.verifyWebhook for the sandbox. */
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    const eventId = headers[SANDBOX_EVENT_HEADER];
    if (
      typeof signature !== 'string' ||
      typeof eventId !== 'string' ||
      eventId === '' ||
      !signedWith(this.secret, rawBody, signature)
    )
      throw new SignatureError();
    const body = JSON.parse(rawBody.toString('utf8')) as SandboxWebhookBody;
    const payment: PaymentOutcome =
      body.event === 'payment.captured' && body.payment_id
        ? {
            outcome: 'paid',
            providerOrderId: body.order_id,
            paymentId: body.payment_id,
            mandateId: body.mandate_id,
            amountMinor: typeof body.amount === 'number' ? body.amount : null,
            currency: typeof body.currency === 'string' ? body.currency : null,
          }
        : {
            outcome: 'failed',
            providerOrderId: body.order_id,
            paymentId: body.payment_id,
            message: body.error,
          };
    return { eventId, type: body.event, payment };
  }
}
