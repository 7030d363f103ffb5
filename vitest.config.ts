import { defineConfig } from 'vitest/config';

// One runner for every workspace: node projects for core/ingest/server, happy-dom for web, and
// Debian's Chromium for the web code that only a real browser can judge.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/ingest',
      'apps/server',
      'apps/web',
      'apps/web/vitest.browser.config.ts',
    ],
  },
});
