// The server listens before its demo seed has finished (today's editions come
// first, earlier dates follow in the background). The browser tests read earlier
// dates too, so they start once /readyz says the whole seed is in.
import type { FullConfig } from '@playwright/test';

const SEED_TIMEOUT_MS = 420_000;

interface Readiness {
  status?: string;
  demoSeed?: { state: string; seeded: number; total: number };
}

export default async function waitForDemoSeed(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('e2e: no baseURL configured');
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  let last: Readiness | undefined;
  while (Date.now() < deadline) {
    last = await fetch(new URL('/readyz', baseURL)).then(
      async (r) => (await r.json()) as Readiness,
      () => undefined,
    );
    const state = last?.demoSeed?.state;
    if (state === 'done') return;
    if (state === 'failed') throw new Error(`e2e: the demo seed failed: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`e2e: the demo seed did not finish in time: ${JSON.stringify(last)}`);
}
