// Starts the real server (apps/server/src/main.ts) on demo data for the browser
// benches: a fresh data folder seeded on first start, or BENCH_DATA_DIR to reuse
// one already seeded. Resolves once today's front page can be read or, with
// `waitForSeed`, once GET /readyz says the whole demo seed is in: a seed renders
// pages in worker processes, and a bench measured meanwhile measures the seed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BRANDS, isoToCompact, siteConfigSchema } from '@folio/core';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** A fresh seed runs every demo edition through the real ingest: minutes on a busy machine. */
const SEED_TIMEOUT_MS = 30 * 60_000;

export interface DemoServer {
  url: string;
  /** Today's date and default edition, as the reader opens them at /. */
  today: { date: string; edition: number; publisher: string };
  stop(): Promise<void>;
}

interface Readiness {
  demoSeed?: { state: string; seeded: number; total: number };
}

async function waitFor(
  check: () => Promise<boolean>,
  child: ChildProcess,
  what: string,
): Promise<void> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) before ${what}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function startDemoServer(
  port: number,
  options: { waitForSeed?: boolean } = {},
): Promise<DemoServer> {
  const reuse = process.env.BENCH_DATA_DIR;
  const dataDir = reuse ?? (await mkdtemp(path.join(os.tmpdir(), 'folio-bench-')));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (!reuse) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const started = performance.now();
    await waitFor(async () => (await fetch(`${url}/healthz`)).ok, child, 'the server listened');
    const config = siteConfigSchema.parse(await (await fetch(`${url}/api/config`)).json());
    const today = {
      date: config.today,
      edition: BRANDS[config.brand].defaultEdition,
      publisher: config.publisher,
    };
    const data = `${url}/api/epaper/data?date=${isoToCompact(today.date)}&edition=${today.edition}&publisher=${today.publisher}`;
    await waitFor(async () => (await fetch(data)).ok, child, "today's front page was published");
    if (options.waitForSeed) {
      let failed: string | undefined;
      await waitFor(
        async () => {
          const { demoSeed } = (await (await fetch(`${url}/readyz`)).json()) as Readiness;
          if (demoSeed?.state === 'failed') failed = JSON.stringify(demoSeed);
          return demoSeed?.state === 'done' || failed !== undefined;
        },
        child,
        'the demo seed was done (GET /readyz)',
      );
      // Nothing measured beside a failed seed would be honest.
      if (failed) throw new Error(`the demo seed failed: ${failed}`);
    }
    console.log(
      `server on demo data (${reuse ? `reused ${reuse}` : 'fresh, seeded'}): ready in ${((performance.now() - started) / 1000).toFixed(1)} s${options.waitForSeed ? ', demo seed done' : ''}`,
    );
    return { url, today, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
