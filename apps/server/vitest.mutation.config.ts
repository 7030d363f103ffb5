import { defineConfig } from 'vitest/config';

// The billing rules', the access gate's, the release gate's, the HTTP intake's and the wire's own unit tests, the only tests StrykerJS runs against their
// mutants (stryker.config.json, `npm run mutation -w @folio/server`). No global
// setup: nothing here needs a database, and none starts for a mutant.
export default defineConfig({
  test: {
    name: 'server-billing-rules',
    environment: 'node',
    include: [
      'src/modules/subscriptions/standing.test.ts',
      'src/modules/subscriptions/billing-rules.test.ts',
      'src/modules/subscriptions/ledger-states.test.ts',
      'src/modules/access/gate.test.ts',
      'src/modules/desk/release-gate.test.ts',
      'src/http/intake.test.ts',
      'src/http/wire.test.ts',
    ],
  },
});
