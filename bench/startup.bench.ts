// Seconds from the server process's start to today's front page, on a fresh data
// folder, as a new user's first `npm start` has it.
//
// `npm start` first runs its build steps (fonts check, the web app's build, the
// migrated database template): once per checkout, cached after, and timed here
// apart. Then the server process starts, and the clock starts with it. It loads
// its code, opens the database (from the template), listens, and seeds the demo
// editions, the free edition's front page of today first. Measured from the
// process's start:
//   load        code loaded, up to opening the database (from the server's log)
//   database    opening (template loaded or migrations run) and first-start rows
//   front page  the reader's data call for today's free edition answers with its
//               first page, and that page's image answers 200 (plain HTTP, polled)
//   on screen   Debian's Chromium, opened then, shows the page image at /
//   whole seed  GET /readyz says the demo seed is done
// Target: the front page on screen within 10 s of the process's start.
//   npm run bench:startup          (BENCH_PORT picks the port; BENCH_SKIP_BUILD=1
//                                   keeps the web app already built, e.g. while
//                                   others use it, and makes only the template;
//                                   BENCH_FRONT_ONLY=1 stops at the front page)
/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3233);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const LIMIT_MS = 30 * 60_000;
const TARGET_MS = 10_000;

interface Readiness {
  demoSeed?: { state: string; seeded: number; total: number };
}
interface SiteConfig {
  publisher: string;
  today: string;
  brand: string;
}
interface EpaperData {
  data_url_suffix: string;
  sections: Array<{ pages: Array<{ imgFile: string }> }>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

async function ask<T>(route: string): Promise<T | undefined> {
  return fetch(`${URL_BASE}${route}`).then(
    async (r) => (r.ok ? ((await r.json()) as T) : undefined),
    () => undefined,
  );
}

async function main(): Promise<void> {
  const buildStarted = performance.now();
  if (process.env.BENCH_SKIP_BUILD === '1')
    await run('node', ['--import', 'tsx', 'apps/server/src/db/make-template.ts']);
  else await run('npm', ['run', 'prepare:server']);
  const build = performance.now() - buildStarted;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-startup-bench-'));
  const started = performance.now();
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: URL_BASE,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
  });
  // The server's own figures: when it had loaded its code and opened the database.
  const figures = { load: 0, database: 0, template: false };
  createInterface({ input: server.stdout }).on('line', (line) => {
    try {
      const record = JSON.parse(line) as {
        msg?: string;
        sinceStartMs?: number;
        databaseMs?: number;
        fromTemplate?: boolean;
      };
      if (record.msg === 'database ready') {
        figures.database = record.databaseMs ?? 0;
        figures.load = (record.sinceStartMs ?? 0) - figures.database;
        figures.template = record.fromTemplate === true;
      }
    } catch {
      // Not a log line.
    }
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const deadline = started + LIMIT_MS;
    const alive = () => {
      if (performance.now() > deadline || server.exitCode !== null) throw new Error('no server');
    };
    let config: SiteConfig | undefined;
    while (!(config = await ask<SiteConfig>('/api/config'))) {
      alive();
      await pause(50);
    }
    const listening = performance.now() - started;
    console.log(
      `First start on a fresh data folder, ${os.availableParallelism()} cores (load average ${os.loadavg()[0]?.toFixed(1)} at the start)`,
    );
    console.log(`  build steps before the server (once per checkout)  ${seconds(build)}`);
    console.log(`  from the server process's start:`);
    console.log(`    code loaded                    ${seconds(figures.load)}`);
    console.log(
      `    database ready                 ${seconds(figures.load + figures.database)} (${seconds(figures.database)}, ${figures.template ? 'from the migrated template' : 'migrated from scratch'})`,
    );
    console.log(`    listening                      ${seconds(listening)}`);

    // The reader's data call for today's free edition (the landing issue), then its
    // first page's image: over plain HTTP, so no browser takes CPU from the seed.
    const dataRoute = `/api/epaper/data?date=${config.today.replaceAll('-', '')}&edition=${config.brand === 'pv' ? 4 : 2}&publisher=${config.publisher}`;
    let frontPage = 0;
    while (!frontPage) {
      alive();
      const data = await ask<EpaperData>(dataRoute);
      const first = data?.sections[0]?.pages[0];
      if (data && first) {
        const image = await fetch(`${URL_BASE}${data.data_url_suffix}${first.imgFile}`).catch(
          () => undefined,
        );
        if (image?.ok) frontPage = performance.now() - started;
      }
      if (!frontPage) await pause(100);
    }

    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    await page.goto(URL_BASE);
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('main figure img');
        return img?.complete === true && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 60_000 },
    );
    const onScreen = performance.now() - started;
    await page.close();
    console.log(`    front page (data + image 200)  ${seconds(frontPage)}`);
    console.log(`    front page on screen           ${seconds(onScreen)}`);
    console.log(
      `  target: front page on screen within ${seconds(TARGET_MS)} of the start: ${onScreen <= TARGET_MS ? 'met' : 'MISSED'}`,
    );

    if (process.env.BENCH_FRONT_ONLY === '1') return;
    let seedDone = 0;
    let total = 0;
    while (!seedDone) {
      alive();
      const ready = await ask<Readiness>('/readyz');
      total = ready?.demoSeed?.total ?? 0;
      if (ready?.demoSeed?.state === 'done') seedDone = performance.now() - started;
      else if (ready?.demoSeed?.state === 'failed') throw new Error('the demo seed failed');
      else await pause(500);
    }

    console.log(`    whole seed (${total} editions)     ${seconds(seedDone)}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await pause(1500);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
