import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  BUSINESS_ADMIN,
  DESK_ADMIN,
  NIGHT_EDITOR,
  SUPPORT_AGENT,
  dropFolderOf,
} from './desk-staff.ts';

// One Folio server for the whole run, on its own port and a fresh data folder,
// so the browser tests exercise first-start seeding through the real ingest.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `folio-e2e-${process.pid}`);
// A second server serves the Kannada paper (BRAND=pv) for the kannada-*.spec.ts
// journeys, from its own data folder with one day of demo editions: the English
// server's seed covers the archive journeys, this one only today's paper.
const kannadaPort = port + 1;
const kannadaDataDir = `${dataDir}-pv`;
// The drop folder, for the specs: workers load this file again with another pid,
// so the first load's folder is passed on in the environment they inherit.
process.env.E2E_DROP_DIR ??= dropFolderOf(dataDir);
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'dh', testMatch: '**/*.spec.ts', testIgnore: '**/kannada-*.spec.ts' },
    {
      name: 'pv',
      testMatch: '**/kannada-*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${kannadaPort}` },
    },
  ],
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // One retry, reported as "flaky" in the list, with a trace of the retry kept in
  // test-results/: a rare timing failure (two in the last dozen runs, each in a
  // different test) should leave evidence to fix, not block every change behind it.
  retries: 1,
  forbidOnly: true,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'on-first-retry',
  },
  webServer: [
    {
      // The env below sets NODE_ENV=test for the server; the build must still be the
      // production one (React's development build is 2.5 times the bytes).
      // The desk's first admin is made the way a publisher makes theirs (desk.spec.ts).
      command: `NODE_ENV=production npm run build && node --import tsx apps/server/src/cli/staff.ts add ${DESK_ADMIN} admin && node --import tsx apps/server/src/cli/staff.ts add ${NIGHT_EDITOR} editor && node --import tsx apps/server/src/cli/staff.ts add ${SUPPORT_AGENT} support && node --import tsx apps/server/src/cli/staff.ts add ${BUSINESS_ADMIN} admin && node --import tsx apps/server/src/main.ts`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // Every browser test signs in from 127.0.0.1: the run shares one client
        // address, as readers behind one NAT do.
        VERIFY_CODE_LIMIT: '1000',
        SEND_CODE_LIMIT: '1000',
        CONTACT_LIMIT: '1000',
        // The night desk's watched folder (night-desk.spec.ts).
        DROP_DIR: process.env.E2E_DROP_DIR,
      },
    },
    {
      // Started once the first server is up, so the build it serves is already made.
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${kannadaPort}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(kannadaPort),
        HOST: '127.0.0.1',
        DATA_DIR: kannadaDataDir,
        PUBLIC_URL: `http://127.0.0.1:${kannadaPort}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        BRAND: 'pv',
        DEMO_DAYS: '1',
        VERIFY_CODE_LIMIT: '1000',
        SEND_CODE_LIMIT: '1000',
        CONTACT_LIMIT: '1000',
      },
    },
  ],
});
