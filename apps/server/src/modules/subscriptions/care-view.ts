// What a support agent sees of a reader (issue 27 part 3), from the rows care-repo.ts
// reads: terms, payments with what was refunded of each, refunds, notices and
// mandates. A mandate's id holds the provider's token, so it never leaves: the
// console names a mandate by a hash of it and shows its last four characters.
import { createHash } from 'node:crypto';
import { isBrandCode, MAIN_BRAND } from '@folio/core';
import type {
  CareMandate,
  CarePayment,
  CareReader,
  CareRefundRow,
  CareSubscription,
} from '@folio/core/desk';
import type { Reader } from '../auth/index.ts';
import type { LedgerRow } from './care-repo.ts';
import { invoiceFileName } from './invoice-rules.ts';
import type { OrderRow } from './order-repo.ts';
import type { SubscriptionRow } from './subscription-repo.ts';

/** The console's handle of a mandate: not the token, and the same for every term it pays. */
export function mandateHandle(mandateId: string): string {
  return createHash('sha256').update(mandateId).digest('hex').slice(0, 16);
}

/** The reference's last four characters: what a reader may quote to their bank. */
function lastFour(mandateId: string): string {
  return (mandateId.split('/').at(-1) ?? '').slice(-4);
}

const brandOf = (brand: string) => (isBrandCode(brand) ? brand : MAIN_BRAND);

function toSubscription(row: SubscriptionRow): CareSubscription {
  return {
    id: row.id,
    brand: brandOf(row.brand),
    plan: row.plan_title,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    renewsOn: row.next_payment_due_date,
    autoRenew: row.auto_renew,
    priceMinor: row.price_minor,
    currency: row.currency,
    mandate: row.mandate_id ? mandateHandle(row.mandate_id) : null,
    cancelReason: row.cancel_reason,
  };
}

export interface InvoiceOfOrder {
  order_id: string;
  number: string;
  receipt_sent_at: Date | null;
}

function toPayment(
  order: OrderRow,
  refunds: LedgerRow[],
  invoice: InvoiceOfOrder | undefined,
): CarePayment {
  const mine = refunds.filter((r) => r.payment_id === order.payment_id);
  const sum = (rows: LedgerRow[]) => rows.reduce((total, r) => total + (r.amount_minor ?? 0), 0);
  const refunded = sum(mine.filter((r) => r.state === 'settled'));
  const pending = sum(mine.filter((r) => r.state !== 'settled' && r.state !== 'failed'));
  return {
    paymentId: order.payment_id ?? '',
    orderId: order.id,
    brand: brandOf(order.brand),
    kind: order.change,
    paidAt: order.updated_at.toISOString(),
    amountMinor: order.amount_minor,
    currency: order.currency,
    refundedMinor: refunded,
    pendingRefundMinor: pending,
    refundableMinor: Math.max(0, order.amount_minor - refunded - pending),
    invoice: invoice
      ? {
          number: invoice.number,
          file: invoiceFileName(invoice.number),
          receiptSent: invoice.receipt_sent_at !== null,
        }
      : null,
  };
}

export function toRefund(entry: LedgerRow): CareRefundRow {
  return {
    id: entry.id,
    paymentId: entry.payment_id ?? '',
    amountMinor: entry.amount_minor ?? 0,
    currency: entry.currency ?? '',
    state: entry.state,
    reason: entry.reason,
    failure: entry.failure,
    createdAt: entry.created_at.toISOString(),
    settledAt: entry.settled_at?.toISOString() ?? null,
  };
}

function toMandates(terms: SubscriptionRow[], cancels: LedgerRow[]): CareMandate[] {
  const byId = new Map<string, SubscriptionRow[]>();
  for (const row of terms)
    if (row.mandate_id) byId.set(row.mandate_id, [...(byId.get(row.mandate_id) ?? []), row]);
  return [...byId].map(([mandateId, rows]) => {
    const cancel = cancels.find((e) => e.mandate_id === mandateId);
    const status: CareMandate['status'] = !cancel
      ? 'active'
      : cancel.state === 'settled'
        ? 'cancelled'
        : cancel.state === 'failed'
          ? 'failed'
          : 'cancelling';
    const provider = rows[0]?.provider ?? '';
    return {
      id: mandateHandle(mandateId),
      provider,
      method: provider === 'razorpay' ? 'e-mandate (card or UPI AutoPay)' : 'sandbox mandate',
      last4: lastFour(mandateId),
      status,
      subscriptionIds: rows.map((r) => r.id),
    };
  });
}

export function careReader(parts: {
  reader: Reader;
  sessions: number;
  terms: SubscriptionRow[];
  payments: OrderRow[];
  ledger: LedgerRow[];
  notices: { subscription_id: number | null; event: string; created_at: Date }[];
  invoices: InvoiceOfOrder[];
}): CareReader {
  const invoices = new Map(parts.invoices.map((i) => [i.order_id, i]));
  const refunds = parts.ledger.filter((e) => e.kind === 'refund');
  const cancels = parts.ledger.filter((e) => e.kind === 'mandate_cancel');
  return {
    account: {
      id: parts.reader.id,
      name: parts.reader.name,
      email: parts.reader.email,
      phone: parts.reader.phoneNumber,
      sessions: parts.sessions,
    },
    subscriptions: parts.terms.map(toSubscription),
    payments: parts.payments.map((order) => toPayment(order, refunds, invoices.get(order.id))),
    refunds: refunds.map(toRefund),
    notices: parts.notices.map((n) => ({
      subscriptionId: n.subscription_id,
      event: n.event,
      at: n.created_at.toISOString(),
    })),
    mandates: toMandates(parts.terms, cancels),
  };
}
