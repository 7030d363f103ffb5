// The server listens before its demo seed has finished (today's editions come
// first, earlier dates follow in the background). The browser tests read earlier
// dates too, so they start once /readyz says the whole seed is in, on every server.
import type { FullConfig } from '@playwright/test';

const SEED_TIMEOUT_MS = 420_000;

interface Readiness {
  status?: string;
  demoSeed?: { state: string; seeded: number; total: number };
}

export default async function waitForDemoSeeds(config: FullConfig): Promise<void> {
  const servers = new Set(config.projects.map((project) => project.use.baseURL));
  if (servers.has(undefined)) throw new Error('e2e: a project has no baseURL');
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  for (const baseURL of servers) await waitForDemoSeed(baseURL as string, deadline);
}

async function waitForDemoSeed(baseURL: string, deadline: number): Promise<void> {
  let last: Readiness | undefined;
  while (Date.now() < deadline) {
    last = await fetch(new URL('/readyz', baseURL)).then(
      async (r) => (await r.json()) as Readiness,
      () => undefined,
    );
    const state = last?.demoSeed?.state;
    if (state === 'done') return;
    if (state === 'failed')
      throw new Error(`e2e: the demo seed of ${baseURL} failed: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `e2e: the demo seed of ${baseURL} did not finish in time: ${JSON.stringify(last)}`,
  );
}
