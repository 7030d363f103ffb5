// The invoice's tax and numbering rules (decision 0036): INR prices hold 18% GST,
// split half CGST and half SGST with the odd paisa on SGST; other currencies are
// zero-rated exports; numbers restart each 1 April in the publisher's calendar.
import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  invoiceFileName,
  invoiceNumber,
  numberOfFile,
  taxOf,
} from './invoice-rules.ts';

const KOLKATA = 'Asia/Kolkata';

describe('taxOf', () => {
  it('takes 18% GST out of an INR price and splits it evenly', () => {
    // ₹118.00 is ₹100.00 plus ₹9.00 CGST and ₹9.00 SGST.
    expect(taxOf(11_800, 'INR')).toEqual({
      kind: 'intra-state',
      taxableMinor: 10_000,
      cgstMinor: 900,
      sgstMinor: 900,
      igstMinor: 0,
    });
  });

  it('rounds the taxable value to the paisa and puts an odd paisa of tax on SGST', () => {
    // 499.00 × 100 / 118 = 422.881…: taxable ₹422.88, tax ₹76.12 = 38.06 + 38.06.
    expect(taxOf(49_900, 'INR')).toMatchObject({
      taxableMinor: 42_288,
      cgstMinor: 3806,
      sgstMinor: 3806,
    });
    // 199.00 × 100 / 118 = 168.644…: taxable ₹168.64, tax ₹30.36.
    expect(taxOf(19_900, 'INR')).toMatchObject({
      taxableMinor: 16_864,
      cgstMinor: 1518,
      sgstMinor: 1518,
    });
    // 1.00 × 100 / 118 = 0.847…: taxable 85 paise, tax 15 = 7 + 8.
    expect(taxOf(100, 'INR')).toMatchObject({ taxableMinor: 85, cgstMinor: 7, sgstMinor: 8 });
    // 59 × 100 / 118 is exactly 50: taxable ₹0.50, tax 9 paise = 4 + 5.
    expect(taxOf(59, 'INR')).toMatchObject({ taxableMinor: 50, cgstMinor: 4, sgstMinor: 5 });
  });

  it('always adds back up to the amount paid', () => {
    for (const amount of [1, 2, 17, 99, 118, 9_999, 49_900, 123_457, 1_500_000]) {
      const tax = taxOf(amount, 'INR');
      expect(tax.taxableMinor + tax.cgstMinor + tax.sgstMinor + tax.igstMinor).toBe(amount);
      expect(tax.sgstMinor - tax.cgstMinor).toBeGreaterThanOrEqual(0);
      expect(tax.sgstMinor - tax.cgstMinor).toBeLessThanOrEqual(1);
    }
  });

  it('charges no GST on a payment in another currency: an export of services', () => {
    expect(taxOf(999, 'USD')).toEqual({
      kind: 'export',
      taxableMinor: 999,
      cgstMinor: 0,
      sgstMinor: 0,
      igstMinor: 0,
    });
  });
});

describe('financialYearOf', () => {
  it('runs from 1 April to 31 March in the publisher’s calendar', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'), KOLKATA)).toBe('26-27');
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'), KOLKATA)).toBe('26-27');
    expect(financialYearOf(new Date('2027-01-15T12:00:00+05:30'), KOLKATA)).toBe('26-27');
    expect(financialYearOf(new Date('2026-03-31T12:00:00+05:30'), KOLKATA)).toBe('25-26');
    // 31 March 20:00 UTC is already 1 April in Kolkata.
    expect(financialYearOf(new Date('2027-03-31T20:00:00Z'), KOLKATA)).toBe('27-28');
    expect(financialYearOf(new Date('2099-06-01T12:00:00Z'), KOLKATA)).toBe('99-00');
  });
});

describe('invoice numbers', () => {
  it('are brand, year and a six-digit serial, at most 16 characters', () => {
    const number = invoiceNumber('dh', '26-27', 42);
    expect(number).toBe('DH/26-27/000042');
    expect(invoiceNumber('pv', '26-27', 999_999).length).toBeLessThanOrEqual(16);
  });

  it('travel as file names and come back from them, nothing else accepted', () => {
    expect(invoiceFileName('DH/26-27/000042')).toBe('DH-26-27-000042.pdf');
    expect(numberOfFile('DH-26-27-000042.pdf')).toBe('DH/26-27/000042');
    for (const bad of ['DH-26-27-000042', 'dh-26-27-000042.pdf', '../DH-26-27-000042.pdf', 'x.pdf'])
      expect(numberOfFile(bad)).toBeUndefined();
  });
});
