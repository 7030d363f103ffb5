// An invoice as an A4 PDF (issue 27 part 6, decision 0036), drawn with pdfkit from
// what the invoice row kept at issue and the refunds settled since. pdfkit's built-in
// fonts have no rupee sign, so amounts read "INR 499.00". The document carries no
// time of its own beyond the invoice's, so the same invoice draws the same words.
import { calendarToday, formatDisplayDate } from '@folio/core';
import type { InvoiceSeller } from '../../db/schema.ts';
import { GST_PERCENT } from './invoice-rules.ts';
import type { InvoiceRow } from './invoice-repo.ts';

export interface InvoiceRefund {
  amountMinor: number;
  at: Date;
}

const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;

/** An amount as the invoice writes it: the currency's code, then units to two places. */
export function invoiceMoney(minor: number, currency: string): string {
  const units = Math.floor(Math.abs(minor) / 100).toLocaleString('en-IN');
  const cents = String(Math.abs(minor) % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${currency} ${units}.${cents}`;
}

export async function renderInvoicePdf(
  invoice: InvoiceRow,
  refunds: InvoiceRefund[],
  timeZone: string,
): Promise<Buffer> {
  // Loaded on the first invoice, not at start: pdfkit and its fonts are some 150
  // modules, and a web server restarted at the morning peak should serve sooner.
  const { default: PDFDocument } = await import('pdfkit');
  const seller: InvoiceSeller = invoice.seller;
  const day = (at: Date) => formatDisplayDate(calendarToday(at, timeZone));
  const money = (minor: number) => invoiceMoney(minor, invoice.currency);
  const taxed = invoice.tax_kind === 'intra-state';
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: seller.legalName,
      Producer: 'Folio',
      CreationDate: invoice.issued_at,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(14).text(seller.legalName, LEFT, 50, { width: WIDTH });
  doc.font('Helvetica').fontSize(9).text(`Publisher of ${seller.brandName}`);
  for (const line of seller.address.split('\n')) doc.text(line);
  doc.text(`GSTIN: ${seller.gstin}   State: ${seller.state} (${seller.stateCode})`);
  doc.text(`Support: ${seller.supportEmail}`);

  doc.moveDown(1.5);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(taxed ? 'Tax invoice' : 'Invoice', { width: WIDTH });
  if (!taxed) doc.font('Helvetica').fontSize(9).text('Export of services without payment of tax');
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Invoice date', day(invoice.issued_at)],
    ['Payment id', invoice.payment_id],
    ...(taxed
      ? ([['Place of supply', `${seller.state} (${seller.stateCode})`]] as [string, string][])
      : []),
  ];
  for (const [label, value] of facts) pair(doc, label, value);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(10).text('Billed to');
  doc.font('Helvetica').fontSize(9);
  if (invoice.buyer_name) doc.text(invoice.buyer_name);
  if (invoice.buyer_email) doc.text(invoice.buyer_email);
  if (invoice.buyer_phone) doc.text(invoice.buyer_phone);

  doc.moveDown(1.5);
  const period =
    invoice.period_start && invoice.period_end
      ? `${formatDisplayDate(invoice.period_start)} to ${formatDisplayDate(invoice.period_end)}`
      : null;
  row(doc, ['Description', 'SAC', 'Taxable value'], true);
  rule(doc);
  row(doc, [
    `${seller.brandName} e-paper: ${invoice.plan_title}${period ? `, ${period}` : ''}`,
    invoice.sac,
    money(invoice.taxable_minor),
  ]);
  rule(doc);
  if (taxed) {
    const half = GST_PERCENT / 2;
    row(doc, [`CGST ${half}%`, '', money(invoice.cgst_minor)]);
    row(doc, [`SGST ${half}%`, '', money(invoice.sgst_minor)]);
  } else row(doc, ['GST (zero-rated export)', '', money(0)]);
  if (invoice.igst_minor > 0) row(doc, [`IGST ${GST_PERCENT}%`, '', money(invoice.igst_minor)]);
  rule(doc);
  row(doc, ['Total', '', money(invoice.amount_minor)], true);

  if (refunds.length > 0) {
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(10).text('Refunded', LEFT);
    for (const refund of refunds)
      row(doc, [`Refunded on ${day(refund.at)}`, '', money(refund.amountMinor)]);
  }

  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(
      taxed
        ? `Prices include GST at ${GST_PERCENT}%. This is a computer-generated invoice and needs no signature.`
        : 'Supply of services to a buyer outside India, paid in foreign currency. This is a computer-generated invoice and needs no signature.',
      LEFT,
      undefined,
      { width: WIDTH },
    );
  doc.end();
  return ended;
}

function pair(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font('Helvetica').fontSize(9).text(label, LEFT, y, { width: 120 });
  doc.font('Helvetica-Bold').text(value, LEFT + 120, y, { width: WIDTH - 120 });
}

/** Description, SAC and amount columns; the amount right-aligned. */
function row(doc: PDFKit.PDFDocument, cells: [string, string, string], bold = false): void {
  const y = doc.y + 4;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  doc.text(cells[0], LEFT, y, { width: 300 });
  const after = doc.y;
  doc.text(cells[1], LEFT + 310, y, { width: 60 });
  doc.text(cells[2], LEFT + 370, y, { width: WIDTH - 370, align: 'right' });
  doc.y = Math.max(after, doc.y);
}

function rule(doc: PDFKit.PDFDocument): void {
  const y = doc.y + 3;
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y = y;
}
