// Invoices of payments and the counters that number them (migration 0023).
import type { ColumnType, Generated } from 'kysely';
import type { IsoDate, Json } from './columns.ts';

export interface InvoiceCounterTable {
  brand: string;
  /** e.g. "26-27": April 2026 to March 2027. */
  financial_year: string;
  last_serial: number;
}

/** The publisher as an invoice names it, kept as it was on the day of issue. */
export interface InvoiceSeller {
  legalName: string;
  address: string;
  gstin: string;
  state: string;
  stateCode: string;
  supportEmail: string;
  brandName: string;
}

/** One per payment that bought a term; what it shows never changes after issue. */
export interface InvoiceTable {
  id: Generated<number>;
  /** e.g. DH/26-27/000042. */
  number: string;
  brand: string;
  financial_year: string;
  serial: number;
  order_id: string;
  user_id: string;
  subscription_id: number | null;
  payment_id: string;
  plan_title: string;
  period_start: IsoDate | null;
  period_end: IsoDate | null;
  amount_minor: number;
  currency: string;
  tax_kind: 'intra-state' | 'export';
  sac: string;
  taxable_minor: number;
  cgst_minor: number;
  sgst_minor: number;
  igst_minor: number;
  buyer_name: string;
  buyer_email: string | null;
  buyer_phone: string | null;
  seller: Json<InvoiceSeller>;
  issued_at: Date;
  receipt_sent_at: Date | null;
  receipt_attempts: ColumnType<number, number | undefined, number>;
  receipt_tried_at: Date | null;
  receipt_error: string | null;
}
