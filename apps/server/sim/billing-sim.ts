// A year of billing, simulated with faults (issue 23 part 7). Readers of both
// papers buy, upgrade, downgrade, cancel and renew (by mandate or by paying again),
// in INR and USD, with one plan above ₹15,000, through Folio's own HTTP routes on
// real server processes, against the fake Razorpay at the network edge. The
// development clock moves a day at a time and runs the scheduler. Every provider
// call may fail before or after it takes effect, a server may be killed (SIGKILL)
// after the provider answered and before Folio wrote the answer down, webhooks
// arrive late, twice or never, and two scheduler runs overlap. After some quiet days
// the books are checked against the fake provider's own (checks.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { calendarToday } from '@folio/core';
import { loadConfig } from '../src/config.ts';
import { checkBooks, type Observation } from './checks.ts';
import { Dice, startFaultyRazorpay, WebhookQueue } from './sim-faults.ts';
import { SimHttp, type Reader } from './sim-http.ts';
import { SimReaders } from './sim-readers.ts';
import { prepareCatalogue, serverEnv, Servers } from './sim-servers.ts';

const DAY_MS = 86_400_000;
const TIME_ZONE = 'Asia/Kolkata';
/** Days after the last reader action with no faults, so every answer can arrive. */
const QUIET_DAYS = 12;
/** The chance a reader's access is looked at on a day. */
const OBSERVE_CHANCE = 0.04;

export interface SimOptions {
  seed: number;
  readers: number;
  days: number;
  /** PostgreSQL URL, or PGlite in a temporary folder when absent. */
  databaseUrl?: string;
  /** Progress lines (a day's number and the faults so far). */
  progress?: (line: string) => void;
}

export interface SimReport {
  seed: number;
  database: 'pglite' | 'postgres';
  readers: number;
  days: number;
  seconds: number;
  payments: {
    captured: number;
    checkouts: number;
    debits: number;
    byCurrency: Record<string, number>;
  };
  refunds: { count: number; byCurrency: Record<string, number> };
  faults: Record<string, number>;
  violations: Record<string, number>;
  /** The first few violations, spelt out. */
  examples: string[];
}

export async function simulateBilling(options: SimOptions): Promise<SimReport> {
  const started = Date.now();
  const dice = new Dice(options.seed);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-billing-sim-'));
  const run = { offsetDays: 0, faultsOn: true, crashed: false };
  // The fake reads the same clock the servers' development clock runs.
  const fakeNow = () => new Date(Date.now() + run.offsetDays * DAY_MS);
  const servers: { current: Servers | null } = { current: null };
  const fake = await startFaultyRazorpay(dice, run, fakeNow, () => {
    if (!servers.current) return;
    run.crashed = true;
    servers.current.killAll();
  });
  const database = options.databaseUrl ? 'postgres' : 'pglite';
  const env = serverEnv(fake, dataDir, options.databaseUrl);
  await prepareCatalogue(env);

  // Two servers on PostgreSQL (two schedulers against one database); PGlite is one
  // process's database, so there two scheduler runs overlap inside one server.
  const fleet = new Servers(env, database === 'postgres' ? 2 : 1);
  servers.current = fleet;
  await fleet.start();
  const http = new SimHttp(() => fleet.urls, dice.random);
  const restartIfCrashed = async () => {
    if (!run.crashed) return;
    await fleet.waitDown();
    run.crashed = false;
    dice.count('server killed after the provider answered');
    await fleet.start();
    await http.setClock(run.offsetDays, 1);
  };
  /** Runs a reader's step; a step cut short by a crash is lost, as a click would be. */
  const step = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!run.crashed && !(error instanceof TypeError)) throw error;
    }
    await restartIfCrashed();
  };

  const readers: Reader[] = [];
  for (let i = 0; i < options.readers; i += 1) {
    readers.push(await http.signUp(i, i % 2 === 0 ? 'DH' : 'PV'));
  }
  const plansOf = { DH: await http.plans('DH'), PV: await http.plans('PV') };
  const sim = new SimReaders(http, fake, dice, plansOf, fakeNow);

  const webhooks = new WebhookQueue(fake, dice);
  const deliverWebhooks = async (day: number) => {
    for (const hook of webhooks.due(day)) await step(() => http.webhook(hook.body, hook.headers));
  };

  const observations: Observation[] = [];
  const totalDays = options.days + QUIET_DAYS;
  const spent = { scheduler: 0, webhooks: 0, readers: 0 };
  const timed = async (phase: keyof typeof spent, work: () => Promise<void>) => {
    const from = performance.now();
    await work();
    spent[phase] += performance.now() - from;
  };
  for (let day = 0; day < totalDays; day += 1) {
    const quiet = day >= options.days;
    run.faultsOn = !quiet;
    run.offsetDays = day;
    fake.settleDue();
    const overlap = !quiet && (database === 'postgres' || dice.chance(0.25));
    if (overlap) dice.count('two scheduler runs at once');
    await timed('scheduler', () => step(() => http.setClock(day, overlap ? 2 : 1)));
    webhooks.take(day, quiet);
    await timed('webhooks', () => deliverWebhooks(day));
    const today = calendarToday(fakeNow(), TIME_ZONE);
    await timed('readers', async () => {
      for (const reader of readers) {
        if (!quiet && dice.chance(0.04)) await step(() => sim.act(reader));
        // What a reader may read is looked at on a few days drawn at random for each.
        if (dice.chance(OBSERVE_CHANCE))
          await step(async () => {
            observations.push(await sim.observe(reader, today));
          });
      }
    });
    webhooks.take(day, quiet);
    await timed('webhooks', () => deliverWebhooks(day));
    if (day % 50 === 0) {
      const ms = Object.entries(spent).map(([phase, n]) => `${phase} ${Math.round(n / 1000)} s`);
      options.progress?.(
        `day ${day}/${totalDays} (${ms.join(', ')}): ${JSON.stringify(dice.faults)}`,
      );
    }
  }

  await fleet.stop();
  const checkEnv = loadConfig(env);
  const books = await checkBooks({
    config: checkEnv,
    fake,
    observations,
    serverErrors: http.serverErrors,
  });
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
  return {
    seed: options.seed,
    database,
    readers: options.readers,
    days: options.days,
    seconds: (Date.now() - started) / 1000,
    payments: books.payments,
    refunds: books.refunds,
    faults: dice.faults,
    violations: books.violations,
    examples: books.examples,
  };
}
