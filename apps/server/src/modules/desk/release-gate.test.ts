import { describe, expect, it } from 'vitest';
import { folioDate, gateRefusals, type GatePage } from './release-gate.ts';

const page = (pageNo: number, extra: Partial<GatePage> = {}): GatePage => ({
  pageNo,
  text: `Page ${pageNo} · 2026-11-28\nStory ${pageNo}`,
  blank: false,
  sha256: `hash-${pageNo}`,
  ...extra,
});

describe('the release gate', () => {
  it('lets a whole, dated, distinct edition through', () => {
    expect(
      gateRefusals({
        date: '2026-11-28',
        expected: 3,
        tolerance: 0,
        pages: [page(3), page(1), page(2)],
      }),
    ).toEqual([]);
  });

  it('names missing pages beyond the tolerance, counting to the expected count', () => {
    const pages = [page(1), page(2), page(4)];
    expect(gateRefusals({ date: '2026-11-28', expected: 6, tolerance: 0, pages })).toEqual([
      'Pages 3, 5, 6 missing.',
    ]);
    expect(gateRefusals({ date: '2026-11-28', expected: 5, tolerance: 1, pages })).toEqual([
      'Pages 3, 5 missing.',
    ]);
    expect(gateRefusals({ date: '2026-11-28', expected: 4, tolerance: 1, pages })).toEqual([]);
    expect(gateRefusals({ date: '2026-11-28', expected: null, tolerance: 0, pages })).toEqual([
      'Page 3 missing.',
    ]);
  });

  it('refuses blank pages, the same page twice (by file or by text) and a wrong folio date', () => {
    const pages = [
      page(1),
      page(2, { blank: true, text: '' }),
      page(3, { sha256: 'hash-1' }),
      page(4, { text: page(1).text }),
      page(5, { text: 'Page 5 · 2026-11-27\nStory' }),
      page(6, { text: '', sha256: 'hash-6' }),
    ];
    expect(gateRefusals({ date: '2026-11-28', expected: 6, tolerance: 0, pages })).toEqual([
      'Page 2 is blank.',
      'Pages 1 and 3 are the same page.',
      'Pages 1 and 4 are the same page.',
      'Page 5 is dated 2026-11-27, not 2026-11-28.',
    ]);
  });

  it('reads the folio date in the forms papers print it, from the top lines only', () => {
    expect(folioDate('Bengaluru · Saturday, 28 November 2026 · City')).toBe('2026-11-28');
    expect(folioDate('NOVEMBER 8, 2026 | Page 3')).toBe('2026-11-08');
    expect(folioDate('Page 4 · 2026-11-28')).toBe('2026-11-28');
    expect(folioDate('Page 4 · 2026-02-30')).toBeUndefined();
    expect(folioDate('31 June 2026')).toBeUndefined();
    expect(folioDate('a\nb\nc\nd\n2026-11-28')).toBeUndefined();
    expect(folioDate('a\nb\nc\n2026-11-28')).toBe('2026-11-28');
    expect(folioDate('No date here, 12 items')).toBeUndefined();
  });

  it('knows every month by name, and a day the month lacks is no date', () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    months.forEach((month, i) => {
      const iso = `2026-${String(i + 1).padStart(2, '0')}-01`;
      expect([month, folioDate(`1 ${month} 2026`), folioDate(`${month} 1, 2026`)]).toEqual([
        month,
        iso,
        iso,
      ]);
    });
    expect(folioDate('2026-13-05')).toBeUndefined();
    expect(folioDate('2026-11-00')).toBeUndefined();
    expect(folioDate('2026-11-31')).toBeUndefined();
  });

  it('says each refusal in page order, whatever order the pages came in', () => {
    const pages = [
      page(3, { blank: true, text: '' }),
      page(2),
      page(1, { blank: true, text: ' ' }),
    ];
    expect(gateRefusals({ date: '2026-11-28', expected: 3, tolerance: 0, pages })).toEqual([
      'Page 1 is blank.',
      'Page 3 is blank.',
    ]);
  });

  it('does not call two pages without text the same page', () => {
    const pages = [
      page(1, { text: ' \n ' }),
      page(2, { text: ' \n ' }),
      page(3, { text: '' }),
      page(4, { text: '' }),
    ];
    expect(gateRefusals({ date: '2026-11-28', expected: 4, tolerance: 0, pages })).toEqual([]);
  });
});
