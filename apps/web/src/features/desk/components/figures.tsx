// Figures (issue 27 part 5, admins only): a paper's numbers per day over a range of
// days (the last 30 by default): new subscribers by plan and currency, renewals due,
// charged, failed and recovered in grace, cancellations by reason, refunds, revenue
// net of refunds, active subscribers and readers. Charts (loaded only here) show the
// trend; the table under them has every number as text, with the range's totals;
// the same numbers download as CSV. No reader is named anywhere.
import { lazy, Suspense, useId, useState } from 'react';
import { addDays, calendarToday, DEFAULT_PUBLISHER_TZ, type BrandCode } from '@folio/core';
import {
  DEFAULT_FIGURES_DAYS,
  FIGURES_MESSAGES,
  formatExactMoney,
  type FigureMoney,
  type Figures as FiguresAnswer,
  type FiguresDay,
} from '@folio/core/desk';
import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions } from '../../../shared/api/app-config.ts';
import { buttonClasses } from '../../../shared/ui/button.tsx';
import { figuresCsvHref, useFigures } from '../figures-api.ts';

const FiguresCharts = lazy(() => import('./figures-charts.tsx'));

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

const sumCounts = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
const moneyText = (rows: FigureMoney[]) =>
  rows.length === 0 ? '—' : rows.map((m) => formatExactMoney(m.amountMinor, m.currency)).join(', ');

/** Nothing was paid, refunded, cancelled, due or read on any day of the range. */
export function isEmpty(figures: FiguresAnswer): boolean {
  const { totals } = figures;
  return (
    totals.newSubscribers.length === 0 &&
    totals.cancellations.length === 0 &&
    totals.refunds.length === 0 &&
    totals.netRevenue.length === 0 &&
    Object.values(totals.renewals).every((n) => n === 0) &&
    Object.values(totals.readers).every((n) => n === 0) &&
    figures.days.every((day) => day.activeSubscribers === 0)
  );
}

function Cells({ day }: { day: FiguresDay }) {
  return (
    <>
      <td>{sumCounts(day.newSubscribers)}</td>
      <td>{day.renewals.due}</td>
      <td>{day.renewals.charged}</td>
      <td>{day.renewals.failed}</td>
      <td>{day.renewals.recovered}</td>
      <td>{sumCounts(day.cancellations)}</td>
      <td>{moneyText(day.refunds)}</td>
      <td>{moneyText(day.netRevenue)}</td>
      <td>{day.activeSubscribers}</td>
      <td>{day.readers.visitors}</td>
      <td>{day.readers.signedIn}</td>
      <td>{day.readers.subscribers}</td>
    </>
  );
}

function Totals({ figures }: { figures: FiguresAnswer }) {
  const { totals } = figures;
  return (
    <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <div>
        <h3 className="font-semibold">New subscribers</h3>
        {totals.newSubscribers.length === 0 ? (
          <p className="text-sm">None</p>
        ) : (
          <ul className="text-sm">
            {totals.newSubscribers.map((r) => (
              <li key={`${r.plan}-${r.currency}`}>
                {r.plan} ({r.currency}): {r.count}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-semibold">Cancellations</h3>
        {totals.cancellations.length === 0 ? (
          <p className="text-sm">None</p>
        ) : (
          <ul className="text-sm">
            {totals.cancellations.map((r) => (
              <li key={r.reason}>
                {r.reason}: {r.count}
              </li>
            ))}
          </ul>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="font-semibold">Refunds</dt>
        <dd>
          {sumCounts(totals.refunds)} · {moneyText(totals.refunds)}
        </dd>
        <dt className="font-semibold">Revenue net of refunds</dt>
        <dd>{moneyText(totals.netRevenue)}</dd>
        <dt className="font-semibold">Active subscribers on {figures.to}</dt>
        <dd>{totals.activeSubscribers}</dd>
      </dl>
    </section>
  );
}

export function Figures({ brand }: { brand: BrandCode }) {
  const timeZone = useQuery(appConfigQueryOptions()).data?.timeZone ?? DEFAULT_PUBLISHER_TZ;
  const [range, setRange] = useState(() => {
    const today = calendarToday(new Date(), timeZone);
    return { from: addDays(today, 1 - DEFAULT_FIGURES_DAYS), to: today };
  });
  const figures = useFigures({ brand, ...range });
  const captionId = useId();
  const data = figures.data;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          From
          <input
            type="date"
            value={range.from}
            required
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            className={inputClasses}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          To
          <input
            type="date"
            value={range.to}
            required
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            className={inputClasses}
          />
        </label>
        <a href={figuresCsvHref({ brand, ...range })} download className={buttonClasses()}>
          Download CSV
        </a>
      </div>
      {figures.error && (
        <p role="alert" className="text-sm text-red-700">
          {figures.error.message}
        </p>
      )}
      {figures.isPending && <p>Counting…</p>}
      {data && !figures.error && isEmpty(data) && <p>{FIGURES_MESSAGES.empty}</p>}
      {data && !figures.error && !isEmpty(data) && (
        <>
          <Totals figures={data} />
          <Suspense fallback={<p>Drawing the charts…</p>}>
            <FiguresCharts figures={data} />
          </Suspense>
          {/* Wider than a tablet: the keyboard scrolls it once it has focus. */}
          <div
            className="overflow-x-auto rounded outline-none focus-visible:ring-2 focus-visible:ring-brand"
            tabIndex={0}
            role="region"
            aria-label="Figures per day, scrolls sideways"
          >
            <table
              aria-labelledby={captionId}
              className="w-full text-right text-sm [&_td]:px-2 [&_th]:px-2"
            >
              <caption id={captionId} className="text-left font-semibold">
                Figures per day, {data.from} to {data.to}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="text-left">
                    Date
                  </th>
                  <th scope="col">New subscribers</th>
                  <th scope="col">Renewals due</th>
                  <th scope="col">Charged</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Recovered in grace</th>
                  <th scope="col">Cancellations</th>
                  <th scope="col">Refunds</th>
                  <th scope="col">Net revenue</th>
                  <th scope="col">Active subscribers</th>
                  <th scope="col">Visitors</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Subscribers reading</th>
                </tr>
              </thead>
              <tbody>
                {data.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className="text-left font-normal">
                      {day.date}
                    </th>
                    <Cells day={day} />
                  </tr>
                ))}
              </tbody>
              <tfoot className="font-semibold">
                <tr>
                  <th scope="row" className="text-left">
                    Total
                  </th>
                  <Cells day={data.totals} />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
