// A year of billing, simulated with faults (issue 23 part 7). Readers of both
// papers buy, upgrade, downgrade, cancel and renew (by mandate or by paying again),
// in INR and USD, with one plan above ₹15,000, through Folio's own HTTP routes on
// real server processes, against the fake Razorpay at the network edge. The
// development clock moves a day at a time and runs the scheduler. Every provider
// call may fail before or after it takes effect, a server may be killed (SIGKILL)
// after the provider answered and before Folio wrote the answer down, webhooks
// arrive late, twice or never, and two scheduler runs overlap. After some quiet days
// the books are checked against the fake provider's own (checks.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarToday } from '@folio/core';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { openPreparedContainer } from '../src/startup.ts';
import {
  startFakeRazorpay,
  type FakeFault,
  type FakeRazorpay,
} from '../test/helpers/fake-razorpay.ts';
import { checkBooks, type Observation } from './checks.ts';
import { SimHttp, type Reader } from './sim-http.ts';

const DAY_MS = 86_400_000;
const TIME_ZONE = 'Asia/Kolkata';
/** Days after the last reader action with no faults, so every answer can arrive. */
const QUIET_DAYS = 12;
/** The chance a reader's access is looked at on a day. */
const OBSERVE_CHANCE = 0.04;
/** A pv plan priced above ₹15,000: its renewals need the reader to pay each time. */
const EXPENSIVE_MINOR = 16_000_00;

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

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The Folio servers under test: child processes on one database. */
class Servers {
  private children: ChildProcess[] = [];
  readonly urls: string[] = [];

  constructor(
    private readonly env: Record<string, string>,
    private readonly count: number,
  ) {}

  async start(): Promise<void> {
    this.urls.length = 0;
    const entry = fileURLToPath(new URL('./sim-server.ts', import.meta.url));
    // One at a time: the first migrates, the others find the schema ready.
    for (let i = 0; i < this.count; i += 1) {
      const port = await freePort();
      const child = fork(entry, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...this.env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      const exited = once(child, 'exit').then(([code]) => {
        throw new Error(`a sim server exited while starting (${String(code)})`);
      });
      await Promise.race([once(child, 'message'), exited]);
      exited.catch(() => undefined);
      this.children.push(child);
      this.urls.push(`http://127.0.0.1:${port}`);
    }
  }

  /** SIGKILL, as a crashed machine: no shutdown code runs. */
  killAll(): void {
    for (const child of this.children) child.kill('SIGKILL');
  }

  async waitDown(): Promise<void> {
    await Promise.all(
      this.children.map((child) =>
        child.exitCode !== null || child.signalCode !== null ? undefined : once(child, 'exit'),
      ),
    );
    this.children = [];
  }

  async stop(): Promise<void> {
    for (const child of this.children) child.kill('SIGTERM');
    await this.waitDown();
  }
}

export async function simulateBilling(options: SimOptions): Promise<SimReport> {
  const started = Date.now();
  const random = seededRandom(options.seed);
  const chance = (p: number) => random() < p;
  const faults: Record<string, number> = {};
  const count = (kind: string) => {
    faults[kind] = (faults[kind] ?? 0) + 1;
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-billing-sim-'));
  let offsetDays = 0;
  let faultsOn = true;
  let crashed = false;
  // The fake reads the same clock the servers' development clock runs.
  const fakeNow = () => new Date(Date.now() + offsetDays * DAY_MS);
  const servers: { current: Servers | null } = { current: null };
  const moneyCall = (method: string, urlPath: string) =>
    (method === 'POST' && /\/v1\/payments\/(create\/recurring|[^/]+\/refund)$/.test(urlPath)) ||
    method === 'DELETE';
  const fake: FakeRazorpay = await startFakeRazorpay({
    now: fakeNow,
    fault: ({ method, path: urlPath }): FakeFault => {
      if (!faultsOn) return 'none';
      const roll = random();
      if (moneyCall(method, urlPath) && roll < 0.01) return 'kill-after';
      if (roll < 0.05) return 'unavailable';
      if (roll < 0.08) return 'drop-before';
      if (roll < 0.11) return 'drop-after';
      return 'none';
    },
    onFault: (fault) => {
      count(`provider: ${fault}`);
      if (fault === 'kill-after' && servers.current) {
        crashed = true;
        servers.current.killAll();
      }
    },
  });
  const database = options.databaseUrl ? 'postgres' : 'pglite';
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: fake.config.keyId,
    RAZORPAY_KEY_SECRET: fake.config.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.config.webhookSecret,
    RAZORPAY_API_URL: fake.config.apiUrl,
    SEND_CODE_LIMIT: '10000',
    VERIFY_CODE_LIMIT: '10000',
    TRUST_PROXY: '127.0.0.1',
    AUTH_SECRET: 'billing-simulation-secret-0123456789abcdef',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  // The catalogue, with one plan above ₹15,000, before any server starts.
  const prepared = await openPreparedContainer(loadConfig(env), pino({ level: 'silent' }));
  await prepared.db
    .updateTable('subscription_plans')
    .set({ price_cents: EXPENSIVE_MINOR })
    .where('brand', '=', 'pv')
    .where('price_currency', '=', 'INR')
    .where('catalogue_key', '=', 'two-year-inr')
    .execute();
  await prepared.db.destroy();

  // Two servers on PostgreSQL (two schedulers against one database); PGlite is one
  // process's database, so there two scheduler runs overlap inside one server.
  const fleet = new Servers(env, database === 'postgres' ? 2 : 1);
  servers.current = fleet;
  await fleet.start();
  const http = new SimHttp(() => fleet.urls, random);
  const restartIfCrashed = async () => {
    if (!crashed) return;
    await fleet.waitDown();
    crashed = false;
    count('server killed after the provider answered');
    await fleet.start();
    await http.setClock(offsetDays, 1);
  };
  /** Runs a reader's step; a step cut short by a crash is lost, as a click would be. */
  const step = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!crashed && !(error instanceof TypeError)) throw error;
    }
    await restartIfCrashed();
  };

  const readers: Reader[] = [];
  for (let i = 0; i < options.readers; i += 1) {
    readers.push(await http.signUp(i, i % 2 === 0 ? 'DH' : 'PV'));
  }
  const plansOf = { DH: await http.plans('DH'), PV: await http.plans('PV') };

  const webhookQueue: { due: number; body: Buffer; headers: Record<string, string> }[] = [];
  const takeWebhooks = (day: number, quiet: boolean) => {
    for (const hook of fake.webhooks.splice(0)) {
      if (!quiet && chance(0.1)) {
        count('webhook never sent');
        continue;
      }
      const late = !quiet && chance(0.3);
      if (late) count('webhook late');
      const due = day + (late ? 1 + Math.floor(random() * 3) : 0);
      webhookQueue.push({ due, ...hook });
      if (!quiet && chance(0.2)) {
        count('webhook twice');
        webhookQueue.push({ due: due + Math.floor(random() * 2), ...hook });
      }
    }
  };
  const deliverWebhooks = async (day: number) => {
    const due = webhookQueue.filter((hook) => hook.due <= day);
    webhookQueue.splice(0, webhookQueue.length, ...webhookQueue.filter((h) => h.due > day));
    for (const hook of due) await step(() => http.webhook(hook.body, hook.headers));
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
    faultsOn = !quiet;
    offsetDays = day;
    fake.settleDue();
    const overlap = !quiet && (database === 'postgres' || chance(0.25));
    if (overlap) count('two scheduler runs at once');
    await timed('scheduler', () => step(() => http.setClock(day, overlap ? 2 : 1)));
    takeWebhooks(day, quiet);
    await timed('webhooks', () => deliverWebhooks(day));
    const today = calendarToday(fakeNow(), TIME_ZONE);
    await timed('readers', async () => {
      for (const reader of readers) {
        if (!quiet && chance(0.04)) await step(() => act(reader));
        // What a reader may read is looked at on a few days drawn at random for each.
        if (chance(OBSERVE_CHANCE)) await step(() => observe(reader, today));
      }
    });
    takeWebhooks(day, quiet);
    await timed('webhooks', () => deliverWebhooks(day));
    if (day % 50 === 0) {
      const ms = Object.entries(spent).map(([phase, n]) => `${phase} ${Math.round(n / 1000)} s`);
      options.progress?.(`day ${day}/${totalDays} (${ms.join(', ')}): ${JSON.stringify(faults)}`);
    }
  }

  async function observe(reader: Reader, today: string): Promise<void> {
    const state = await http.state(reader);
    observations.push({
      userId: reader.userId,
      brand: reader.brand.toLowerCase(),
      day: today,
      at: fakeNow().getTime(),
      kind: state.entitlement.kind,
    });
  }

  /** One reader's choice for the day, by what they hold. */
  async function act(reader: Reader): Promise<void> {
    const state = await http.state(reader);
    const plans = plansOf[reader.brand];
    const current = state.subscription;
    if (!current || !current.active) {
      const currency = chance(0.75) ? 'INR' : 'USD';
      const choices = plans.filter((p) => p.price_currency === currency);
      const plan = choices[Math.floor(random() * choices.length)];
      if (plan) await buy(reader, plan.id);
      return;
    }
    const roll = random();
    const same = plans.filter((p) => p.price_currency === current.plan_amount_currency);
    if (current.renew_by_payment && roll < 0.5) {
      await buy(reader, current.subscription_plan_id);
    } else if (roll < 0.35) {
      const up = same.filter((p) => p.price_cents > current.plan_amount_cents);
      const plan = up[Math.floor(random() * up.length)];
      if (plan) await buy(reader, plan.id);
    } else if (roll < 0.55) {
      const down = same.filter((p) => p.price_cents < current.plan_amount_cents);
      const plan = down[Math.floor(random() * down.length)];
      if (plan) await http.checkout(reader, plan.id);
    } else if (roll < 0.7 && current.cancellable) {
      await http.cancel(reader, current.id);
    }
  }

  /** Proceed To Pay, and the reader on Razorpay's page: pays, or walks away; the return may be lost. */
  async function buy(reader: Reader, planId: number): Promise<void> {
    const started = await http.checkout(reader, planId);
    if (started?.kind !== 'payment') return;
    if (chance(0.08)) return;
    const orderId = started.checkout.fields.order_id ?? '';
    let fields: Record<string, string>;
    try {
      fields = fake.pay(orderId);
    } catch {
      return;
    }
    if (chance(0.1)) {
      count('browser return lost');
      return;
    }
    await http.callback(started.checkout.fields.callback_url ?? '', fields, fake.config.apiUrl);
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
    faults,
    violations: books.violations,
    examples: books.examples,
  };
}
