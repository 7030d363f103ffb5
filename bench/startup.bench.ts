// Seconds from `npm start` to today's front page on screen, on a fresh data folder
// (packages installed, as a new user has them). `npm start` builds the web app,
// migrates, listens and seeds the demo editions in the background, today's first.
// The document at / is asked for until it carries today's first page, then
// Debian's Chromium opens / until the page image has loaded.
// Baseline, in the same run: the moment the whole demo seed is in, which is when
// the site used to start serving (it listened only after seeding everything).
// Target: front page within 20 s of the server starting.
//   npm run bench:startup          (BENCH_PORT picks the port)
/// <reference lib="dom" />
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3233);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const LIMIT_MS = 15 * 60_000;

interface Readiness {
  demoSeed?: { state: string; seeded: number; total: number };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-startup-bench-'));
  const started = performance.now();
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: URL_BASE,
      LOG_LEVEL: 'warn',
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  try {
    const deadline = started + LIMIT_MS;
    const ask = async <T>(route: string): Promise<T | undefined> =>
      fetch(`${URL_BASE}${route}`).then(
        async (r) => (r.ok ? ((await r.json()) as T) : undefined),
        () => undefined,
      );
    while ((await ask('/healthz')) === undefined) {
      if (performance.now() > deadline || npm.exitCode !== null) throw new Error('no server');
      await pause(100);
    }
    const listening = performance.now() - started;

    // Until today's issue is published the reader says "No Edition Available". A
    // browser reloading / on the same two cores would take CPU from the seed it is
    // waiting for (a reader's phone is not the server), so the document at / is
    // asked for over plain HTTP: it carries the first frame once the issue is in.
    // Then Chromium opens / once, as a reader would, until the page image shows.
    let published = 0;
    while (performance.now() < deadline) {
      const html = await fetch(URL_BASE, { headers: { accept: 'text/html' } }).then(
        (r) => (r.ok ? r.text() : ''),
        () => '',
      );
      if (html.includes('id="first-frame"')) {
        published = performance.now() - started;
        break;
      }
      await pause(250);
    }
    if (!published) throw new Error("today's issue was never published");
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
    const frontPage = performance.now() - started;

    let seedDone = 0;
    let total = 0;
    while (performance.now() < deadline) {
      const ready = await ask<Readiness>('/readyz');
      total = ready?.demoSeed?.total ?? 0;
      if (ready?.demoSeed?.state === 'done') {
        seedDone = performance.now() - started;
        break;
      }
      if (ready?.demoSeed?.state === 'failed') throw new Error('the demo seed failed');
      await pause(250);
    }
    if (!seedDone) throw new Error('the demo seed never finished');

    console.log(`npm start on a fresh data folder, ${os.availableParallelism()} cores`);
    console.log(`  server listening (build included)   ${seconds(listening)}`);
    console.log(`  today's front page on screen         ${seconds(frontPage)}`);
    console.log(`    of which after the server listened ${seconds(frontPage - listening)}`);
    console.log(`    (today's issue published at         ${seconds(published)})`);
    console.log(`  baseline: whole seed in (${total} editions) ${seconds(seedDone)}`);
    console.log(
      `  ratio front page / whole seed        ${((100 * frontPage) / seedDone).toFixed(0)}% (target: front page <= 20 s after listening)`,
    );
  } finally {
    await browser.close();
    if (npm.pid !== undefined) process.kill(-npm.pid, 'SIGTERM');
    await pause(1000);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
