import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace: node projects for core/ingest/server, happy-dom for web, and
// Debian's Chromium for the web code that only a real browser can judge.
export default defineConfig({
  test: {
    // Vitest's default is one file less than the cores, which is one file at a time
    // on a 2-core machine; the integration suites spend most of their time waiting
    // on databases, sockets and render workers, so one file per core.
    maxWorkers: os.availableParallelism(),
    projects: [
      'packages/core',
      'packages/ingest',
      'apps/server',
      'apps/web',
      'apps/web/vitest.browser.config.ts',
    ],
  },
});
