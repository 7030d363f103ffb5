// autocannon's API in a process of its own (forked with an IPC channel by
// bench/lib/load.ts): a load of a list of requests, each connection going round
// them in order, which autocannon's command line cannot do. The generator's busy
// event loop then never delays the bench's own timers (a server killed at 20 s).
// It says 'started' as the load begins and sends the figures when it ends.
import { createRequire } from 'node:module';
import type { LoadFigures, LoadSpec } from './load.ts';

interface AutocannonResult {
  requests: { average: number; sent: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}

interface Instance {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
  on(event: 'reqError', listener: (error: Error) => void): void;
  on(event: 'tick', listener: () => void): void;
}

type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration: number;
    timeout: number;
    requests: LoadSpec['requests'];
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => Instance;

// autocannon has no type declarations of its own: the few fields read are named above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const send = (message: unknown) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));

// Answers and failures by the second their request was sent, so a failure can be
// placed: sent before a server was killed, while it was down, or after it came back.
// A timeout is seen `timeoutSeconds` after its request went out.
const perSecond: Array<{ answered: number; failed: number }> = [];
const started = performance.now();
const second = (agoMs = 0) => {
  const index = Math.max(0, Math.floor((performance.now() - agoMs - started) / 1000));
  for (let i = perSecond.length; i <= index; i += 1) perSecond.push({ answered: 0, failed: 0 });
  return perSecond[index] as { answered: number; failed: number };
};

// autocannon takes its figures at its last sample (a 'tick'), then cuts the requests
// still in flight; those are no failure, so the seconds are copied at each tick and
// the last copy is the one reported, counting what autocannon's figures count.
let counted: typeof perSecond = [];

await send({ type: 'started' });
const instance = autocannon(
  {
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: spec.timeoutSeconds,
    requests: spec.requests,
  },
  (error, result) => {
    if (error) throw error;
    const figures: LoadFigures = {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      sent: result.requests.sent,
      ok: result['2xx'],
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      serverErrors: result['5xx'],
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
      ),
      seconds: result.duration,
      perSecond: counted,
    };
    void send({ type: 'result', figures }).then(() => process.exit(0));
  },
);
instance.on('response', (_client, status, _bytes, ms) => {
  const bucket = second(ms);
  bucket.answered += 1;
  if (status >= 500) bucket.failed += 1;
});
instance.on('reqError', (error) => {
  // autocannon's own timeout error; a connection error is placed when it is seen.
  const timedOut = error.message === 'request timed out';
  second(timedOut ? spec.timeoutSeconds * 1000 : 0).failed += 1;
});
instance.on('tick', () => {
  counted = perSecond.map((second) => ({ ...second }));
});
