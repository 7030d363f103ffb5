// The billing simulation (sim/billing-sim.ts) at a small size: readers of both
// papers over two months of the development clock, on real server processes, with
// every kind of fault the full run injects; the books must balance against the
// fake Razorpay's. `npm run simulate:billing` runs it at full size.
import { describe, expect, it } from 'vitest';
import { simulateBilling } from '../sim/billing-sim.ts';
import { createTestDatabase, testBackends } from './helpers/db.ts';

describe.each(testBackends)('the billing simulation on $name', (backend) => {
  it('balances the books under provider faults, crashes and lost webhooks', async () => {
    // On PostgreSQL the simulation's servers use a database of this test's own.
    const database = backend.name === 'postgres' ? await createTestDatabase(backend) : undefined;
    const report = await simulateBilling({
      seed: 20261127,
      readers: 16,
      days: 60,
      databaseUrl: database?.target.kind === 'postgres' ? database.target.url : undefined,
    }).finally(() => database?.drop());
    expect(report.violations).toEqual({});
    expect(report.examples).toEqual([]);
    expect(report.payments.checkouts).toBeGreaterThan(5);
    expect(report.payments.debits).toBeGreaterThan(0);
    expect(report.refunds.count).toBeGreaterThan(0);
    for (const kind of ['provider: unavailable', 'provider: drop-after', 'webhook late'])
      expect(report.faults[kind], kind).toBeGreaterThan(0);
  });
});
