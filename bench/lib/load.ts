// One autocannon load, run by bench/lib/load-runner.ts in a process the cluster's
// process manager owns (stopped with the rest on any failure or Ctrl+C).
import { once } from 'node:events';
import path from 'node:path';
import type { Processes } from '../../scripts/cluster/processes.ts';

export interface LoadRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  /** A request not answered within this counts as a timeout (and an error). */
  timeoutSeconds: number;
  /** Each connection sends these in turn, round and round. */
  requests: LoadRequest[];
}

export interface LoadFigures {
  /** Requests answered per second (any status), averaged over the run's seconds. */
  rps: number;
  /** Latency of the 2xx answers, ms. */
  p50: number;
  p99: number;
  sent: number;
  ok: number;
  /** Connection errors and timeouts (timeouts are counted in errors too). */
  errors: number;
  timeouts: number;
  non2xx: number;
  serverErrors: number;
  statusCodes: Record<string, number>;
  seconds: number;
  /** By the second their request was sent: answers (any status) and failures (errors, timeouts, 5xx). */
  perSecond: Array<{ answered: number; failed: number }>;
}

type RunnerMessage = { type: 'started' } | { type: 'result'; figures: LoadFigures };

const RUNNER = path.join(import.meta.dirname, 'load-runner.ts');

/** Runs the load; `onStart` is called as the first requests go out. */
export async function runLoad(
  processes: Processes,
  name: string,
  spec: LoadSpec,
  onStart: () => void = () => undefined,
): Promise<LoadFigures> {
  const managed = processes.start(
    name,
    process.execPath,
    ['--import', 'tsx', RUNNER, JSON.stringify(spec)],
    { tier: 'front', ipc: true },
  );
  // Its exit is the end of the load, not a failure the cluster should report.
  managed.stopping = true;
  let figures: LoadFigures | undefined;
  managed.child.on('message', (message: RunnerMessage) => {
    if (message.type === 'started') onStart();
    else figures = message.figures;
  });
  const [code] = (await once(managed.child, 'exit')) as [number | null];
  if (!figures)
    throw new Error(`${name} ended (${String(code)}) without figures: see ${managed.logFile}`);
  return figures;
}
