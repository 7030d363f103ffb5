// Invoices of payments (issue 27 part 6, decision 0036). One is issued inside the
// transaction that marks an order paid and makes its term (terms.ts), so it exists
// exactly when the payment bought something, whichever report of the payment got
// there first. Its number is the next of the brand's financial year; what it shows
// (plan, period, amounts, tax, buyer, publisher) is written then and never again.
// A reader downloads their own as a PDF; support any reader's.
import {
  BRANDS,
  INVOICE_NOT_FOUND,
  MAIN_BRAND,
  calendarToday,
  isBrandCode,
  type BrandCode,
  type Currency,
  type ReaderInvoice,
} from '@folio/core';
import { CARE_MESSAGES } from '@folio/core/desk';
import { NotFoundError } from '../../errors.ts';
import type { InvoiceSeller } from '../../db/schema.ts';
import type { PublisherConfig } from '../../config.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceRepo, InvoiceRow } from './invoice-repo.ts';
import {
  SAC_ONLINE_NEWS,
  financialYearOf,
  invoiceFileName,
  invoiceNumber,
  numberOfFile,
  taxOf,
} from './invoice-rules.ts';
import type { Db, OrderRow } from './order-repo.ts';

/** The most invoices the Subscriptions tab lists. */
const READER_LIST_LIMIT = 50;

export interface IssuedFor {
  order: OrderRow;
  paymentId: string;
  planTitle: string;
  subscriptionId: number | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface InvoicePdf {
  fileName: string;
  body: Buffer;
}

export class Invoices {
  constructor(
    private readonly repo: InvoiceRepo,
    private readonly publisher: PublisherConfig,
    private readonly timeZone: string,
  ) {}

  /** Issues the order's invoice in `trx`, the transaction that marked it paid. */
  async issue(trx: Db, at: Date, of: IssuedFor): Promise<InvoiceRow> {
    const { order } = of;
    const year = financialYearOf(at, this.timeZone);
    const serial = await this.repo.nextSerial(order.brand, year, trx);
    const tax = taxOf(order.amount_minor, order.currency);
    const buyer = await this.repo.buyer(order.user_id, trx);
    return this.repo.insert(
      {
        number: invoiceNumber(order.brand, year, serial),
        brand: order.brand,
        financial_year: year,
        serial,
        order_id: order.id,
        user_id: order.user_id,
        subscription_id: of.subscriptionId,
        payment_id: of.paymentId,
        plan_title: of.planTitle,
        period_start: of.periodStart,
        period_end: of.periodEnd,
        amount_minor: order.amount_minor,
        currency: order.currency,
        tax_kind: tax.kind,
        sac: SAC_ONLINE_NEWS,
        taxable_minor: tax.taxableMinor,
        cgst_minor: tax.cgstMinor,
        sgst_minor: tax.sgstMinor,
        igst_minor: tax.igstMinor,
        buyer_name: buyer.name,
        buyer_email: buyer.email,
        buyer_phone: buyer.phone,
        seller: JSON.stringify(this.seller(order.brand)),
        issued_at: at,
      },
      trx,
    );
  }

  private seller(brand: string): InvoiceSeller {
    const p = this.publisher;
    return {
      legalName: p.legalName,
      address: p.address.join('\n'),
      gstin: p.gstin,
      state: p.state,
      stateCode: p.stateCode,
      supportEmail: p.supportEmail,
      brandName: BRANDS[isBrandCode(brand) ? brand : MAIN_BRAND].name,
    };
  }

  /** The reader's invoices for a brand, newest first, with where each downloads. */
  async ofReader(userId: string, brand: BrandCode): Promise<{ invoices: ReaderInvoice[] }> {
    const rows = await this.repo.ofReader(userId, brand, READER_LIST_LIMIT);
    return {
      invoices: rows.map((row) => ({
        number: row.number,
        issuedOn: calendarToday(row.issued_at, this.timeZone),
        plan: row.plan_title,
        periodStart: row.period_start,
        periodEnd: row.period_end,
        amountMinor: row.amount_minor,
        currency: row.currency as Currency,
        url: readerInvoiceUrl(row.number),
      })),
    };
  }

  /** The invoice a file name names, if `userId` owns it (any reader's when null). */
  private async find(file: string, userId: string | null): Promise<InvoiceRow> {
    const number = numberOfFile(file);
    const row = number === undefined ? undefined : await this.repo.byNumber(number);
    if (!row || (userId !== null && row.user_id !== userId))
      throw new NotFoundError(userId === null ? CARE_MESSAGES.invoiceNotFound : INVOICE_NOT_FOUND);
    return row;
  }

  /** The invoice as a PDF, with the refunds settled against its payment. */
  async pdf(file: string, userId: string | null): Promise<InvoicePdf> {
    const row = await this.find(file, userId);
    const refunds = await this.repo.refundsOf(row.payment_id);
    return {
      fileName: invoiceFileName(row.number),
      body: await renderInvoicePdf(
        row,
        refunds.map((r) => ({ amountMinor: r.amount_minor, at: r.settled_at })),
        this.timeZone,
      ),
    };
  }
}

export function readerInvoiceUrl(number: string): string {
  return `/api/subscriptions/invoices/${invoiceFileName(number)}`;
}
