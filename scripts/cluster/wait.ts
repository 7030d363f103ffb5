// Small waits the cluster's start-up is made of: a free port, and polling a check
// until it holds while the processes it waits on are still alive.
import { once } from 'node:events';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` every `everyMs` until it answers true. `alive` runs before each try
 * and throws when a process the wait depends on has died, so a crashed server fails
 * the start-up at once instead of at the deadline.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; everyMs?: number; alive?: () => void },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    options.alive?.();
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${options.timeoutMs / 1000} s waiting for ${what}`);
    await sleep(options.everyMs ?? 250);
  }
}

/** True when the URL answers 200 within two seconds. */
export async function answers200(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.status === 200;
}
