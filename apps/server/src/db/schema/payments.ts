// Money: payment orders, the provider's webhook events, the ledger of calls that move
// money, and the sandbox provider's own books.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './columns.ts';

export type OrderStatus = 'created' | 'paid' | 'failed' | 'superseded';

export interface PaymentOrderTable {
  id: string;
  user_id: string;
  brand: string;
  plan_id: number;
  idempotency_key: string;
  change: 'new' | 'upgrade' | 'downgrade' | 'renewal';
  replaces_subscription_id: number | null;
  amount_minor: number;
  currency: string;
  refund_minor: Generated<number>;
  provider: string;
  provider_order_id: string | null;
  checkout: Json<unknown> | null;
  status: OrderStatus;
  payment_id: string | null;
  mandate_id: string | null;
  failure: string | null;
  renewal_of_subscription_id: number | null;
  /** The scheduled downgrade this mandate debit starts once captured (migration 0013). */
  starts_subscription_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: Date;
}

export interface ProviderEventTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: Date;
}

export type LedgerKind = 'charge' | 'refund' | 'mandate_cancel';

/** created -> sent -> settled | failed, or unknown until the provider has been asked. */
export type LedgerState = 'created' | 'sent' | 'settled' | 'failed' | 'unknown';

/** One money movement at the provider, written before the call (migration 0013). */
export interface LedgerEntryTable {
  id: string;
  kind: LedgerKind;
  idempotency_key: string;
  state: LedgerState;
  user_id: string;
  brand: string;
  provider: string;
  subscription_id: number | null;
  order_id: string | null;
  amount_minor: number | null;
  currency: string | null;
  mandate_id: string | null;
  payment_id: string | null;
  provider_order_id: string | null;
  provider_refund_id: string | null;
  reason: ColumnType<string, string | undefined, string>;
  failure: string | null;
  created_at: Date;
  sent_at: Date | null;
  settled_at: Date | null;
  updated_at: Date;
}

export interface SandboxOrderTable {
  id: string;
  receipt: string;
  amount_minor: number;
  currency: string;
  description: string;
  return_url: string;
  mandate: boolean;
  status: 'created' | 'paid' | 'failed';
  payment_id: string | null;
  mandate_id: string | null;
  refunded_minor: Generated<number>;
  created_at: CreatedAt;
}

export interface SandboxMandateTable {
  id: string;
  currency: string;
  /** Set by a tester to make renewals on this mandate fail. */
  charges_fail: Generated<boolean>;
  charges: Generated<number>;
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** A sandbox refund, found again by its receipt (migration 0013). */
export interface SandboxRefundTable {
  id: string;
  payment_id: string;
  amount_minor: number;
  receipt: string;
  created_at: Date;
}

/** A sandbox mandate debit: pending until `settles_at`, as a card's is (migration 0013). */
export interface SandboxChargeTable {
  id: string;
  order_id: string;
  mandate_id: string;
  status: 'pending' | 'captured' | 'failed';
  settles_at: Date;
  created_at: Date;
}
