// The figures' charts (issue 27 part 5), drawn with Recharts (docs/decisions/0035)
// and loaded only when the Figures tab opens. Each chart is an image named for what
// it shows; the table beside it carries the same numbers as text.
import type { Figures } from '@folio/core/desk';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COLOURS = ['#1d4ed8', '#15803d', '#b45309', '#b91c1c', '#7c3aed', '#0f766e'];
const CHART_HEIGHT = 220;

function Chart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div role="img" aria-label={`${title}: chart; the table below has its numbers`}>
        {children}
      </div>
    </figure>
  );
}

const shortDate = (date: string) => date.slice(5);

export default function FiguresCharts({ figures }: { figures: Figures }) {
  const currencies = [...new Set(figures.totals.netRevenue.map((m) => m.currency))].sort();
  const rows = figures.days.map((day) => ({
    date: shortDate(day.date),
    newSubscribers: day.newSubscribers.reduce((n, r) => n + r.count, 0),
    cancellations: day.cancellations.reduce((n, r) => n + r.count, 0),
    active: day.activeSubscribers,
    due: day.renewals.due,
    charged: day.renewals.charged,
    failed: day.renewals.failed,
    recovered: day.renewals.recovered,
    visitors: day.readers.visitors,
    signedIn: day.readers.signedIn,
    subscribers: day.readers.subscribers,
    ...Object.fromEntries(
      currencies.map((currency) => [
        currency,
        (day.netRevenue.find((m) => m.currency === currency)?.amountMinor ?? 0) / 100,
      ]),
    ),
  }));
  const common = { data: rows, height: CHART_HEIGHT, responsive: true, style: { width: '100%' } };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="date" />
      <YAxis allowDecimals={false} />
      <Tooltip />
      <Legend />
    </>
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Chart title="Subscribers per day">
        <ComposedChart {...common}>
          {axes}
          <Bar dataKey="newSubscribers" name="New" fill={COLOURS[1]} />
          <Bar dataKey="cancellations" name="Cancelled" fill={COLOURS[3]} />
          <Line dataKey="active" name="Active" stroke={COLOURS[0]} />
        </ComposedChart>
      </Chart>
      <Chart title="Renewals per day">
        <BarChart {...common}>
          {axes}
          <Bar dataKey="due" name="Due" fill={COLOURS[0]} />
          <Bar dataKey="charged" name="Charged" fill={COLOURS[1]} />
          <Bar dataKey="failed" name="Failed" fill={COLOURS[3]} />
          <Bar dataKey="recovered" name="Recovered in grace" fill={COLOURS[2]} />
        </BarChart>
      </Chart>
      <Chart title="Revenue net of refunds per day">
        <LineChart {...common}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" />
          <YAxis />
          <Tooltip />
          <Legend />
          {currencies.map((currency, i) => (
            <Line
              key={currency}
              dataKey={currency}
              name={currency}
              stroke={COLOURS[i % COLOURS.length]}
            />
          ))}
        </LineChart>
      </Chart>
      <Chart title="Readers per day">
        <BarChart {...common}>
          {axes}
          <Bar dataKey="visitors" name="Visitors" stackId="r" fill={COLOURS[4]} />
          <Bar dataKey="signedIn" name="Signed in" stackId="r" fill={COLOURS[5]} />
          <Bar dataKey="subscribers" name="Subscribers" stackId="r" fill={COLOURS[0]} />
        </BarChart>
      </Chart>
    </div>
  );
}
