// What an invoice says about tax and how it is numbered (issue 27 part 6, decision
// 0036), without I/O. Indian prices are inclusive of 18% GST; the reader's state is
// not known, so the place of supply is the publisher's and the tax is split half
// CGST, half SGST. A payment in another currency is an export of services, zero-rated.
// Numbers run consecutively per brand per Indian financial year (April to March).
import { calendarToday } from '@folio/core';

/** Services Accounting Code: on-line newspapers and periodicals. */
export const SAC_ONLINE_NEWS = '998431';
/** GST on e-papers, in percent, inclusive in every INR price. */
export const GST_PERCENT = 18;

export type TaxKind = 'intra-state' | 'export';

export interface TaxSplit {
  kind: TaxKind;
  /** The price before tax, in minor units. */
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
}

/** The tax inside a price of `amountMinor` in `currency` (paise for INR). */
export function taxOf(amountMinor: number, currency: string): TaxSplit {
  if (currency !== 'INR')
    return { kind: 'export', taxableMinor: amountMinor, cgstMinor: 0, sgstMinor: 0, igstMinor: 0 };
  const taxableMinor = Math.round((amountMinor * 100) / (100 + GST_PERCENT));
  const tax = amountMinor - taxableMinor;
  const cgstMinor = Math.floor(tax / 2);
  return { kind: 'intra-state', taxableMinor, cgstMinor, sgstMinor: tax - cgstMinor, igstMinor: 0 };
}

/** The financial year a moment falls in, in the publisher's calendar, e.g. "26-27". */
export function financialYearOf(at: Date, timeZone: string): string {
  const [year, month] = calendarToday(at, timeZone).split('-').map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(first)}-${two(first + 1)}`;
}

/**
 * An invoice's number, e.g. DH/26-27/000042: at most 16 characters, as GST's rule
 * 46(b) asks of a serial number, with room for 999,999 invoices a brand a year.
 */
export function invoiceNumber(brand: string, financialYear: string, serial: number): string {
  return `${brand.toUpperCase()}/${financialYear}/${String(serial).padStart(6, '0')}`;
}

/** The number as a file name and URL segment: slashes become dashes (DH-26-27-000042.pdf). */
export function invoiceFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}

/** The number a file name names, or undefined when it names none. */
export function numberOfFile(file: string): string | undefined {
  const match = /^([A-Z]{2})-(\d{2}-\d{2})-(\d{6})\.pdf$/.exec(file);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : undefined;
}
