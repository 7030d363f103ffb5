// One load for bench:cluster, made by wrk (Debian's package, a C load generator)
// in a process the cluster's process manager owns, so it is stopped with the rest
// on any failure or Ctrl+C. Each request is the next of a list, round and round
// (a Lua `request` hook), and wrk's `done` hook prints its figures as one JSON line.
// wrk, not autocannon: autocannon parses every body in JavaScript, and a page
// image of 150 KB cost it about 2 ms of CPU, 35 times what wrk spends; on a
// machine whose cores the servers share with the load generator, the cluster's
// throughput measured autocannon (docs/decisions/0041-cluster.md, "The load
// generator").
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Processes } from '../../scripts/cluster/processes.ts';

export const WRK = '/usr/bin/wrk';

export interface LoadRequest {
  method: 'GET';
  path: string;
  headers?: Record<string, string>;
}

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  /** A request not answered within this counts as a timeout. */
  timeoutSeconds: number;
  /** Sent in turn, round and round. */
  requests: LoadRequest[];
}

export interface LoadFigures {
  /** Answers per second (any status) over the run. */
  rps: number;
  /** Latency of the answers, ms. */
  p50: number;
  p99: number;
  /** Answers received (any status). */
  answered: number;
  /** Connections refused or reset, reads and writes that failed. */
  socketErrors: number;
  timeouts: number;
  /** Answers whose status was not 2xx or 3xx. */
  badStatus: number;
  /** What a reader would have seen fail: socket errors, timeouts and bad statuses. */
  failed: number;
  seconds: number;
  megabytes: number;
}

/** A Lua string literal: every byte that is not plain printable ASCII escaped. */
function lua(text: string): string {
  return `"${[...Buffer.from(text, 'utf8')]
    .map((b) =>
      b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c
        ? String.fromCharCode(b)
        : `\\${String(b).padStart(3, '0')}`,
    )
    .join('')}"`;
}

function script(requests: LoadRequest[]): string {
  const list = requests
    .map((r) => {
      const headers = Object.entries(r.headers ?? {})
        .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
        .join(', ');
      return `  wrk.format(${lua(r.method)}, ${lua(r.path)}, { ${headers} }),`;
    })
    .join('\n');
  return `-- written by bench/lib/wrk.ts
local requests
local i = 0
init = function(args)
  requests = {
${list}
  }
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
done = function(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '\\nFIGURES {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(99)))
end
`;
}

interface Printed {
  requests: number;
  duration_us: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50_us: number;
  p99_us: number;
}

/** Runs the load; `onStart` is called as wrk starts (its connections open at once). */
export async function runLoad(
  processes: Processes,
  name: string,
  spec: LoadSpec,
  workDir: string,
  onStart: () => void = () => undefined,
): Promise<LoadFigures> {
  const file = path.join(workDir, `${name}.lua`);
  writeFileSync(file, script(spec.requests));
  const managed = processes.start(
    name,
    WRK,
    [
      '-t1',
      `-c${spec.connections}`,
      `-d${spec.seconds}s`,
      `--timeout`,
      `${spec.timeoutSeconds}s`,
      '-s',
      file,
      spec.url,
    ],
    { tier: 'front' },
  );
  // Its exit is the end of the load, not a failure the cluster should report.
  managed.stopping = true;
  onStart();
  const [code] = (await once(managed.child, 'exit')) as [number | null];
  const log = readFileSync(managed.logFile, 'utf8');
  const line = log
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('FIGURES '));
  if (code !== 0 || !line)
    throw new Error(`${name}: wrk ended (${String(code)}) without figures:\n${log.slice(-2000)}`);
  const p = JSON.parse(line.slice('FIGURES '.length)) as Printed;
  const seconds = p.duration_us / 1e6;
  const socketErrors = p.connect + p.read + p.write;
  return {
    rps: p.requests / seconds,
    p50: Math.round(p.p50_us / 1000),
    p99: Math.round(p.p99_us / 1000),
    answered: p.requests,
    socketErrors,
    timeouts: p.timeout,
    badStatus: p.status,
    failed: socketErrors + p.timeout + p.status,
    seconds,
    megabytes: p.bytes / 1e6,
  };
}
