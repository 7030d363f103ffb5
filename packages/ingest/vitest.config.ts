import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ingest',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 120000,
  },
});
