// The figures as CSV (RFC 4180): a header row, then one row per day. Money is in
// major units with its currency in the column's name; plans, reasons and currencies
// become columns of their own, from every one the range has. A text cell a
// spreadsheet would run as a formula (starting = + - @, a tab or a carriage return)
// gets a leading apostrophe: plan titles are staff-edited.
import type { Figures, FiguresDay } from '@folio/core/desk';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell, safe to open in a spreadsheet, quoted when it must be. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Minor units to major ones, exactly (no float rounding): -1250 -> "-12.50". */
export function majorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

interface Column {
  title: string;
  cell: (day: FiguresDay) => string;
}

export function figuresCsv(figures: Figures): string {
  const { totals } = figures;
  const count = (n: number) => String(n);
  const currencies = [
    ...new Set([...totals.refunds, ...totals.netRevenue].map((m) => m.currency)),
  ].sort();
  const columns: Column[] = [
    {
      title: 'new subscribers',
      cell: (d) => count(d.newSubscribers.reduce((n, r) => n + r.count, 0)),
    },
    ...totals.newSubscribers.map((plan): Column => ({
      title: `new subscribers: ${plan.plan} (${plan.currency})`,
      cell: (d) =>
        count(
          d.newSubscribers.find((r) => r.plan === plan.plan && r.currency === plan.currency)
            ?.count ?? 0,
        ),
    })),
    { title: 'renewals due', cell: (d) => count(d.renewals.due) },
    { title: 'renewals charged', cell: (d) => count(d.renewals.charged) },
    { title: 'renewals failed', cell: (d) => count(d.renewals.failed) },
    { title: 'renewals recovered in grace', cell: (d) => count(d.renewals.recovered) },
    {
      title: 'cancellations',
      cell: (d) => count(d.cancellations.reduce((n, r) => n + r.count, 0)),
    },
    ...totals.cancellations.map((reason): Column => ({
      title: `cancellations: ${reason.reason}`,
      cell: (d) => count(d.cancellations.find((r) => r.reason === reason.reason)?.count ?? 0),
    })),
    ...currencies.flatMap((currency): Column[] => [
      {
        title: `refunds (${currency})`,
        cell: (d) => count(d.refunds.find((r) => r.currency === currency)?.count ?? 0),
      },
      {
        title: `refunded ${currency}`,
        cell: (d) => majorUnits(d.refunds.find((r) => r.currency === currency)?.amountMinor ?? 0),
      },
      {
        title: `net revenue ${currency}`,
        cell: (d) =>
          majorUnits(d.netRevenue.find((r) => r.currency === currency)?.amountMinor ?? 0),
      },
    ]),
    { title: 'active subscribers', cell: (d) => count(d.activeSubscribers) },
    { title: 'visitors', cell: (d) => count(d.readers.visitors) },
    { title: 'signed-in readers', cell: (d) => count(d.readers.signedIn) },
    { title: 'subscriber readers', cell: (d) => count(d.readers.subscribers) },
  ];
  const header = ['date', ...columns.map((c) => c.title)].map(csvText).join(',');
  // Day cells are dates and numbers Folio wrote (a net revenue may be negative): never formulas.
  const rows = figures.days.map((day) => [day.date, ...columns.map((c) => c.cell(day))].join(','));
  return `${[header, ...rows].join('\r\n')}\r\n`;
}
