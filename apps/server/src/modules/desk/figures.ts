// The business desk's figures (issue 27 part 5, decision 0035): per brand and
// calendar day of the publisher's time zone, and summed over the range.
//
// - new subscribers: paid orders of a first purchase (change `new`) that day, by the
//   plan's title and the currency paid;
// - renewals due: terms ending that day that renew automatically (or did when they
//   ended: a renewal order was made for them);
// - renewals charged / failed: mandate debits the provider settled / refused that day;
// - recovered in grace: of those charged, the ones whose term had a refused debit before;
// - cancellations: renewals stopped that day, by the reason kept with them;
// - refunds: refunds the provider made that day, count and amount per currency;
// - revenue net of refunds: paid orders that day minus refunds made that day, per currency;
// - active subscribers: distinct readers with a paid term covering the day (for the
//   range, its last day);
// - readers: distinct visitors that day by the most they were (visitor, signed in,
//   subscriber), from the salted daily rows (audience module); summed over the range.
//
// The CSV carries the same numbers, one row per day, money in major units.
import { addDays, daysBetween } from '@folio/core';
import type { Figures, FiguresDay, FiguresQuery } from '@folio/core/desk';
import type { FiguresRepo, MoneyRow } from './figures-repo.ts';

const emptyDay = (): FiguresDay => ({
  newSubscribers: [],
  renewals: { due: 0, charged: 0, failed: 0, recovered: 0 },
  cancellations: [],
  refunds: [],
  netRevenue: [],
  activeSubscribers: 0,
  readers: { visitors: 0, signedIn: 0, subscribers: 0 },
});

const READER_KINDS = { 1: 'visitors', 2: 'signedIn', 3: 'subscribers' } as const;

export class DeskFigures {
  constructor(
    private readonly repo: FiguresRepo,
    private readonly timeZone: string,
  ) {}

  async figures(query: FiguresQuery): Promise<Figures> {
    const range = { ...query, timeZone: this.timeZone };
    const [fresh, due, debits, cancelled, refunds, payments, active, readers] = await Promise.all([
      this.repo.newSubscribers(range),
      this.repo.renewalsDue(range),
      this.repo.renewalDebits(range),
      this.repo.cancellations(range),
      this.repo.refunds(range),
      this.repo.payments(range),
      this.repo.activeSubscribers(range),
      this.repo.readers(range),
    ]);
    const dates = Array.from({ length: daysBetween(query.from, query.to) + 1 }, (_, i) =>
      addDays(query.from, i),
    );
    const days = new Map(dates.map((date) => [date, emptyDay()]));
    const on = (date: string) => days.get(date);
    for (const row of fresh)
      on(row.day)?.newSubscribers.push({
        plan: row.plan,
        currency: row.currency,
        count: row.count,
      });
    for (const row of due) {
      const day = on(row.day);
      if (day) day.renewals.due = row.count;
    }
    for (const row of debits) {
      const day = on(row.day);
      if (day)
        day.renewals = {
          ...day.renewals,
          charged: row.charged,
          failed: row.failed,
          recovered: row.recovered,
        };
    }
    for (const row of cancelled)
      on(row.day)?.cancellations.push({ reason: row.reason, count: row.count });
    for (const row of refunds) on(row.day)?.refunds.push(money(row));
    for (const row of active) {
      const day = on(row.day);
      if (day) day.activeSubscribers = row.count;
    }
    for (const row of readers) {
      const day = on(row.day);
      const kind = READER_KINDS[row.kind as keyof typeof READER_KINDS];
      if (day && kind) day.readers[kind] = row.count;
    }
    for (const [date, day] of days)
      day.netRevenue = net(
        payments.filter((p) => p.day === date),
        refunds.filter((r) => r.day === date),
      );
    const list = dates.map((date) => ({ date, ...(days.get(date) ?? emptyDay()) }));
    return { brand: query.brand, from: query.from, to: query.to, days: list, totals: totals(list) };
  }
}

function money(row: MoneyRow) {
  return { currency: row.currency, count: row.count, amountMinor: row.amountMinor };
}

/** Payments minus refunds per currency; the count is the payments'. */
function net(payments: MoneyRow[], refunds: MoneyRow[]) {
  const byCurrency = new Map<string, { currency: string; count: number; amountMinor: number }>();
  const of = (currency: string) => {
    const known = byCurrency.get(currency);
    if (known) return known;
    const made = { currency, count: 0, amountMinor: 0 };
    byCurrency.set(currency, made);
    return made;
  };
  for (const p of payments) {
    const sum = of(p.currency);
    sum.count += p.count;
    sum.amountMinor += p.amountMinor;
  }
  for (const r of refunds) of(r.currency).amountMinor -= r.amountMinor;
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Adds up counts keyed by some of their fields, keeping the first-seen order. */
function sumBy<T extends { count: number }>(
  rows: T[],
  key: (row: T) => string,
  add: (into: T, row: T) => void = (into, row) => {
    into.count += row.count;
  },
): T[] {
  const sums = new Map<string, T>();
  for (const row of rows) {
    const known = sums.get(key(row));
    if (known) add(known, row);
    else sums.set(key(row), { ...row });
  }
  return [...sums.values()];
}

function totals(days: FiguresDay[]): FiguresDay {
  const all = <T>(pick: (day: FiguresDay) => T[]) => days.flatMap(pick);
  const addMoney = (into: { count: number; amountMinor: number }, row: typeof into) => {
    into.count += row.count;
    into.amountMinor += row.amountMinor;
  };
  const sum = (pick: (day: FiguresDay) => number) => days.reduce((n, day) => n + pick(day), 0);
  return {
    newSubscribers: sumBy(
      all((d) => d.newSubscribers),
      (r) => `${r.plan}\n${r.currency}`,
    ),
    renewals: {
      due: sum((d) => d.renewals.due),
      charged: sum((d) => d.renewals.charged),
      failed: sum((d) => d.renewals.failed),
      recovered: sum((d) => d.renewals.recovered),
    },
    cancellations: sumBy(
      all((d) => d.cancellations),
      (r) => r.reason,
    ),
    refunds: sumBy(
      all((d) => d.refunds),
      (r) => r.currency,
      addMoney,
    ),
    netRevenue: sumBy(
      all((d) => d.netRevenue),
      (r) => r.currency,
      addMoney,
    ),
    activeSubscribers: days.at(-1)?.activeSubscribers ?? 0,
    readers: {
      visitors: sum((d) => d.readers.visitors),
      signedIn: sum((d) => d.readers.signedIn),
      subscribers: sum((d) => d.readers.subscribers),
    },
  };
}
