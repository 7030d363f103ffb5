// The sandbox payment provider, the default: the whole purchase flow runs on a fresh
// machine with no account anywhere. It behaves as a card provider does: it keeps
// its own books (sandbox-books.ts: orders and refunds; sandbox-mandates.ts: mandates
// and their debits), hosts a checkout page (sandbox-checkout.ts, sandbox-routes.ts:
// Pay, Fail, Close), sends the browser back with a signed result, and sends signed
// webhooks to Folio's endpoint (sandbox-webhooks.ts). Its signatures follow
// Razorpay's scheme, so both adapters are verified the same way. It never takes
// money: config refuses it in production.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ChargeInput,
  ChargeResult,
  CreateOrderInput,
  CreatedOrder,
  OrderStatus,
  PaymentOutcome,
  PaymentProvider,
  WebhookEvent,
} from './provider.ts';
import { SandboxBooks } from './sandbox-books.ts';
import { SandboxCheckout } from './sandbox-checkout.ts';
import { SandboxMandates, type SandboxOptions } from './sandbox-mandates.ts';
import { SandboxWebhooks, type WebhookSender } from './sandbox-webhooks.ts';

export { SANDBOX_CHECKOUT_PATH } from './sandbox-checkout.ts';
export { SANDBOX_EVENT_HEADER, SANDBOX_SIGNATURE_HEADER } from './sandbox-webhooks.ts';

export class SandboxProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;
  /** Its mandates belong to Folio's reader; nothing more is asked of them. */
  readonly mandateNeedsContact = false;
  private readonly webhooks: SandboxWebhooks;
  private readonly books: SandboxBooks;
  private readonly mandates: SandboxMandates;
  private readonly checkout: SandboxCheckout;

  constructor(
    db: Kysely<Database>,
    /** Keys the sandbox's signatures; derived from the server secret. */
    secret: string,
    private readonly publicUrl: string,
    now: () => Date,
    sendWebhook: WebhookSender,
    options: SandboxOptions = { pendingMs: 0 },
  ) {
    this.webhooks = new SandboxWebhooks(secret, sendWebhook);
    this.books = new SandboxBooks(db, now, this.webhooks);
    this.mandates = new SandboxMandates(db, now, this.books, options);
    this.checkout = new SandboxCheckout(db, secret, publicUrl, {
      books: this.books,
      mandates: this.mandates,
      webhooks: this.webhooks,
    });
  }

  /** Tests deliver webhooks through app.inject instead of the network. */
  useWebhookSender(sender: WebhookSender): void {
    this.webhooks.useSender(sender);
  }

  createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    return this.checkout.open(input);
  }

  /** The order as the hosted page shows it. */
  hostedOrder(id: string) {
    return this.books.order(id);
  }

  /** The hosted page's Pay, Fail or Close; gives the URL the browser is sent back to. */
  settle(id: string, action: 'pay' | 'fail' | 'close'): Promise<string | undefined> {
    return this.checkout.settle(id, action);
  }

  verifyReturn(fields: Record<string, string>, storedProviderOrderId: string): PaymentOutcome {
    return this.checkout.verifyReturn(fields, storedProviderOrderId);
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent {
    return this.webhooks.verify(rawBody, headers);
  }

  /** Signs a webhook body the way the sandbox sends it (tests forge and replay with it). */
  signWebhook(body: string): string {
    return this.webhooks.sign(body);
  }

  async orderStatus(providerOrderId: string): Promise<OrderStatus> {
    await this.mandates.settleDue(providerOrderId);
    return this.books.status(providerOrderId);
  }

  findOrder(receipt: string): Promise<string | null> {
    return this.books.findOrder(receipt);
  }

  createChargeOrder(input: Omit<ChargeInput, 'mandateId' | 'providerOrderId'>): Promise<string> {
    return this.books.insertOrder(input, this.publicUrl, false);
  }

  chargeMandate(input: ChargeInput): Promise<ChargeResult> {
    return this.mandates.charge(input);
  }

  refund(paymentId: string, amountMinor: number, receipt: string): Promise<{ refundId: string }> {
    return this.books.refund(paymentId, amountMinor, receipt);
  }

  findRefund(paymentId: string, receipt: string): Promise<{ refundId: string } | null> {
    return this.books.findRefund(paymentId, receipt);
  }

  cancelMandate(mandateId: string): Promise<void> {
    return this.mandates.cancel(mandateId);
  }

  mandateActive(mandateId: string): Promise<boolean> {
    return this.mandates.active(mandateId);
  }
}
