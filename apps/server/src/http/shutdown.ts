// Closing the HTTP server on SIGTERM (main.ts, docs/decisions/0038-operations.md):
// it stops accepting connections at once, requests already being served finish
// and get their answers, idle keep-alive connections are closed, and a request
// arriving on a busy one is answered 503 (Fastify's return503OnClosing). A request
// still running after the grace period is cut off, so a stuck one cannot hold
// the process (and the deployment) up for good.
//
// Node closes the connections idle when the server closes, but not those that
// fall idle later, once their request in flight is answered: they would stay open
// until their keep-alive timeout (Fastify's is 72 s), holding the close up to the
// deadline. So idle connections are closed again every IDLE_SWEEP_MS meanwhile.
import type { FastifyInstance } from 'fastify';

/** How long requests in flight may take to finish once shutdown starts. */
export const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 50;

/** Closes the app; 'forced' when requests were still running at the deadline and were cut off. */
export async function closeWithin(
  app: FastifyInstance,
  graceMs: number = SHUTDOWN_GRACE_MS,
): Promise<'drained' | 'forced'> {
  const closed = app.close().then(() => 'drained' as const);
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  try {
    if ((await Promise.race([closed, late])) === 'drained') return 'drained';
  } finally {
    clearTimeout(timer);
    clearInterval(sweep);
  }
  app.server.closeAllConnections();
  await closed;
  return 'forced';
}
