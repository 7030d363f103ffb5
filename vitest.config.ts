import { defineConfig } from 'vitest/config';

// One runner for every workspace: node projects for core/ingest/server, happy-dom for web.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/ingest',
      'apps/server',
      'apps/web',
    ],
  },
});
