import { describe, expect, it } from 'vitest';
import type { Figures, FiguresDay } from '@folio/core/desk';
import { csvText, figuresCsv, majorUnits } from './figures-csv.ts';

const day = (over: Partial<FiguresDay> = {}): FiguresDay => ({
  newSubscribers: [],
  renewals: { due: 0, charged: 0, failed: 0, recovered: 0 },
  cancellations: [],
  refunds: [],
  netRevenue: [],
  activeSubscribers: 0,
  readers: { visitors: 0, signedIn: 0, subscribers: 0 },
  ...over,
});

describe('csvText', () => {
  it('opens a would-be formula with an apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvText(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('Monthly')).toBe('Monthly');
    expect(csvText('a-b')).toBe('a-b');
  });

  it('quotes a cell holding a comma, a quote or a line break', () => {
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });
});

describe('majorUnits', () => {
  it('writes minor units as major ones exactly', () => {
    expect(majorUnits(0)).toBe('0.00');
    expect(majorUnits(5)).toBe('0.05');
    expect(majorUnits(19900)).toBe('199.00');
    expect(majorUnits(9950)).toBe('99.50');
    expect(majorUnits(-1250)).toBe('-12.50');
    expect(majorUnits(-5)).toBe('-0.05');
  });
});

describe('figuresCsv', () => {
  it('writes a header and one row per day, money in major units per currency', () => {
    const first = day({
      newSubscribers: [{ plan: 'Monthly', currency: 'INR', count: 2 }],
      refunds: [{ currency: 'INR', count: 1, amountMinor: 9950 }],
      netRevenue: [{ currency: 'INR', count: 2, amountMinor: 29850 }],
      cancellations: [{ reason: 'Too dear', count: 1 }],
      activeSubscribers: 2,
      readers: { visitors: 3, signedIn: 1, subscribers: 2 },
    });
    const figures: Figures = {
      brand: 'dh',
      from: '2026-11-01',
      to: '2026-11-02',
      days: [
        { date: '2026-11-01', ...first },
        {
          date: '2026-11-02',
          ...day({ renewals: { due: 1, charged: 1, failed: 0, recovered: 1 } }),
        },
      ],
      totals: first,
    };
    expect(figuresCsv(figures).split('\r\n')).toEqual([
      'date,new subscribers,new subscribers: Monthly (INR),renewals due,renewals charged,renewals failed,renewals recovered in grace,cancellations,cancellations: Too dear,refunds (INR),refunded INR,net revenue INR,active subscribers,visitors,signed-in readers,subscriber readers',
      '2026-11-01,2,2,0,0,0,0,1,1,1,99.50,298.50,2,3,1,2',
      '2026-11-02,0,0,1,1,0,1,0,0,0,0.00,0.00,0,0,0,0',
      '',
    ]);
  });
});
