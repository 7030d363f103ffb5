// The Folio servers under the billing simulation: their environment (the fake
// Razorpay as the provider, the development clock), a catalogue with one plan above
// ₹15,000, and the child processes themselves, which the simulation may kill.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { openPreparedContainer } from '../src/startup.ts';
import type { FakeRazorpay } from '../test/helpers/fake-razorpay.ts';

/** A pv plan priced above ₹15,000: its renewals need the reader to pay each time. */
const EXPENSIVE_MINOR = 16_000_00;

/** The servers' environment: development mode, on the fake provider and one database. */
export function serverEnv(
  fake: FakeRazorpay,
  dataDir: string,
  databaseUrl: string | undefined,
): Record<string, string> {
  return {
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** The catalogue, with one plan above ₹15,000, before any server starts. */
export async function prepareCatalogue(env: Record<string, string>): Promise<void> {
  const prepared = await openPreparedContainer(loadConfig(env), pino({ level: 'silent' }));
  await prepared.db
    .updateTable('subscription_plans')
    .set({ price_cents: EXPENSIVE_MINOR })
    .where('brand', '=', 'pv')
    .where('price_currency', '=', 'INR')
    .where('catalogue_key', '=', 'two-year-inr')
    .execute();
  await prepared.db.destroy();
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
export class Servers {
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
