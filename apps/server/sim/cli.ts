// npm run simulate:billing [-- --seed N --readers N --days N --seeds N --postgres URL]
// Runs the billing simulation (billing-sim.ts) for one seed or several in a row,
// prints each run's table, and exits 1 when any run found a violation, naming the
// seed to run again.
import { parseArgs } from 'node:util';
import { simulateBilling, type SimReport } from './billing-sim.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    seeds: { type: 'string', default: '1' },
    readers: { type: 'string', default: '300' },
    days: { type: 'string', default: '400' },
    postgres: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const whole = (name: string, text: string | undefined, min: number, max: number): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
};

/** "INR 1234.00 + USD 56.78": sums are kept apart by currency. */
const money = (byCurrency: Record<string, number>) =>
  Object.entries(byCurrency)
    .sort()
    .map(([currency, minor]) => `${currency} ${(minor / 100).toFixed(2)}`)
    .join(' + ') || 'nothing';

function print(report: SimReport): void {
  const lines = [
    `seed ${report.seed} on ${report.database}: ${report.readers} readers, ${report.days} days (+ quiet days), ${report.seconds.toFixed(1)} s`,
    `  payments captured  ${report.payments.captured} (${report.payments.checkouts} at checkout, ${report.payments.debits} mandate debits), ${money(report.payments.byCurrency)}`,
    `  refunds            ${report.refunds.count}, ${money(report.refunds.byCurrency)}`,
    `  faults injected`,
    ...Object.entries(report.faults)
      .sort()
      .map(([kind, n]) => `    ${kind.padEnd(44)} ${n}`),
    `  violations         ${Object.values(report.violations).reduce((a, b) => a + b, 0)}`,
    ...Object.entries(report.violations).map(([kind, n]) => `    ${kind.padEnd(44)} ${n}`),
    ...report.examples.map((example) => `    - ${example}`),
  ];
  console.log(lines.join('\n'));
}

const first = whole('seed', values.seed, 0, 2 ** 31);
const seeds = whole('seeds', values.seeds, 1, 100);
const readers = whole('readers', values.readers, 2, 5000);
const days = whole('days', values.days, 1, 2000);
let failed: number[] = [];
for (let seed = first; seed < first + seeds; seed += 1) {
  const report = await simulateBilling({
    seed,
    readers,
    days,
    databaseUrl: values.postgres,
    progress: values.quiet ? undefined : (line) => console.error(`  ${line}`),
  });
  print(report);
  if (Object.keys(report.violations).length > 0) failed = [...failed, seed];
}
if (failed.length > 0) {
  console.log(`violations with seed(s) ${failed.join(', ')}: run again with --seed N --seeds 1`);
  process.exit(1);
}
