// The content API at the morning peak, against nginx serving the same bytes, in the
// same run on the same machine: today's Deccan Herald edition (published through the
// ingest command) from `GET /api/epaper/data`, and the very answer as a static file
// from Debian's nginx with one worker (with every header ours sends, so a client reads
// as many bytes from each), and from node:http with no framework (the runtime's floor,
// bench/lib/node-floor.ts: the same headers and bytes). The µs columns are the CPU
// time each server process spent per answer (user and system, from /proc). autocannon
// (its CLI, a process of its own) loads each at 100 and 1,000 connections, on PGlite
// and on PostgreSQL (a fresh database on 127.0.0.1:5432; skipped with a line when
// none answers). The server runs as `npm start` runs it, in its own process.
// /api/config is measured too.
// Targets (issue 28 part 7): 0 errors and 0 timeouts at 1,000 connections on both
// databases; ours/nginx >= 100% at 100 and 1,000 connections.
//   npm run bench:content-api            (BENCH_SECONDS=10 by default)
import { spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { editionToday } from '@folio/core';
import { generateDemoEdition } from '@folio/ingest';
import { freePort } from '../scripts/cluster/wait.ts';
import { startChild, stopChild, withChildren } from './lib/children.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = [100, 1000];
const NGINX = '/usr/sbin/nginx';
const AUTOCANNON = path.join(ROOT, 'node_modules', '.bin', 'autocannon');
const ADMIN_URLS = [
  'postgres://postgres@127.0.0.1:5432/test',
  'postgres://root@127.0.0.1:5432/test',
];

interface Load {
  rps: number;
  /** CPU time (user and system) the server process spent per answered request, in µs. */
  cpuUs: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

/** CPU time (user and system) a process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;

/** nginx's one worker: the master's child. */
function nginxWorker(master: number): number {
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim();
  return Number(children.split(' ')[0]);
}

async function load(url: string, connections: number, pid: number): Promise<Load> {
  const cpuBefore = cpuMs(pid);
  const run = startChild(
    AUTOCANNON,
    ['-c', String(connections), '-d', String(SECONDS), '-j', url],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let out = '';
  run.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await once(run, 'exit');
  const cpu = cpuMs(pid) - cpuBefore;
  const r = JSON.parse(out) as {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    rps: r.requests.average,
    cpuUs: Math.round((cpu * 1000) / Math.max(1, r.requests.total)),
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

async function answeringAdminUrl(): Promise<string | undefined> {
  for (const url of ADMIN_URLS) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      return url;
    } catch {
      // try the next user
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

/** Headers nginx writes itself, or sets from its own directives: never added. */
const NGINX_OWN = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'etag',
  'x-request-id',
]);

/** An nginx config string: double-quoted, with its quotes and backslashes escaped. */
const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

async function startNginx(
  dir: string,
  headers: Headers,
  body: string,
): Promise<{ url: string; child: ChildProcess }> {
  // The same bytes as ours: the body, and every header ours sends (nginx makes its
  // own Date, Connection and a request id of its own; it adds Server, Last-Modified
  // and Accept-Ranges, which ours does not send).
  const added = [`add_header x-request-id $request_id;`];
  headers.forEach((value, name) => {
    if (!NGINX_OWN.has(name)) added.push(`add_header ${name} ${quoted(value)};`);
  });
  const etag = headers.get('etag');
  if (etag) added.push(`add_header etag ${quoted(etag)};`);
  const port = await freePort();
  // nginx's worker drops to an unprivileged user, which must be able to read the file.
  await chmod(dir, 0o755);
  await writeFile(path.join(dir, 'data.json'), body, { mode: 0o644 });
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = /data.json {
      default_type ${quoted(headers.get('content-type') ?? 'application/json')};
      etag off;
      ${added.join('\n      ')}
    }
  }
}
`,
  );
  const child = startChild(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/data.json`;
  await waitFor(url);
  return { url, child };
}

/** Headers node:http writes itself (or ours makes per request): not recorded. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

/** node:http answering every request with our answer's headers and bytes. */
async function startFloor(
  dir: string,
  headers: Headers,
  body: string,
): Promise<{ url: string; child: ChildProcess }> {
  const recorded: string[] = [];
  headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) recorded.push(name, value);
  });
  const file = path.join(dir, 'floor-answer.json');
  await writeFile(
    file,
    JSON.stringify({ headers: recorded, body: Buffer.from(body).toString('base64') }),
  );
  const port = await freePort();
  const child = startChild(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'lib', 'node-floor.ts'), String(port), file],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return { url, child };
}

const results: Array<{ database: string; connections: number; ours: Load; nginx: Load }> = [];

function verdicts(): void {
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  for (const r of results) {
    const ratio = r.ours.rps / r.nginx.rps;
    console.log(
      `target: ${r.database} at ${r.connections}: ours/nginx >= 100%: ${Math.round(ratio * 100)}% -> ${verdict(ratio >= 1)}`,
    );
    if (r.connections === 1000)
      console.log(
        `target: ${r.database} at 1000: 0 errors, 0 timeouts: ${r.ours.errors + r.ours.non2xx} errors, ${r.ours.timeouts} timeouts -> ${verdict(r.ours.errors + r.ours.non2xx + r.ours.timeouts === 0)}`,
      );
  }
}

const row = (cells: Array<string | number>) =>
  console.log(cells.map((c) => String(c).padStart(9)).join(' '));
const fmtLoad = (l: Load) => [Math.round(l.rps), l.p99, l.errors + l.non2xx, l.timeouts];

async function benchBackend(
  name: 'pglite' | 'postgres',
  pages: string[],
  today: string,
  adminUrl?: string,
) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `folio-content-bench-${name}-`));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: path.join(dir, 'data'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  let dropDatabase = async () => undefined as void;
  if (name === 'postgres' && adminUrl) {
    const database = `folio_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${database} with (force)`);
      await again.end();
    };
  }
  let server: ChildProcess | undefined;
  let nginx: { url: string; child: ChildProcess } | undefined;
  let floor: { url: string; child: ChildProcess } | undefined;
  try {
    const ingest = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/ingest.ts',
        '--brand',
        'dh',
        '--date',
        today,
        '--edition',
        '2',
        ...pages,
      ],
      { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (ingest.status !== 0) throw new Error('ingest failed');

    const port = await freePort();
    server = startChild(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const ours = `${base}/api/epaper/data?date=${today}&edition=2&publisher=DH`;
    await waitFor(ours);
    // As autocannon asks: no Accept-Encoding, so the answer is the plain bytes.
    const sample = await fetch(ours, { headers: { 'accept-encoding': 'identity' } });
    const body = await sample.text();
    nginx = await startNginx(dir, sample.headers, body);
    floor = await startFloor(dir, sample.headers, body);
    for (const connections of CONNECTIONS) {
      const serverPid = server.pid ?? 0;
      const a = await load(ours, connections, serverPid);
      const b = await load(nginx.url, connections, nginxWorker(nginx.child.pid ?? 0));
      const f = await load(floor.url, connections, floor.child.pid ?? 0);
      const c = await load(`${base}/api/config`, connections, serverPid);
      const pct = (x: Load, y: Load) => `${Math.round((x.rps / y.rps) * 100)}%`;
      results.push({ database: name, connections, ours: a, nginx: b });
      row([
        name,
        connections,
        ...fmtLoad(a),
        ...fmtLoad(b),
        pct(a, b),
        Math.round(f.rps),
        pct(a, f),
        pct(f, b),
        Math.round(c.rps),
        c.p99,
        a.cpuUs,
        b.cpuUs,
        f.cpuUs,
      ]);
    }
  } finally {
    // Every process this step started (nginx, autocannon) goes with the bench's cleanup;
    // the server first, so its database can be dropped.
    if (nginx) await stopChild(nginx.child);
    if (floor) await stopChild(floor.child);
    if (server) await stopChild(server);
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  }
}

// nginx is the baseline: Debian's nginx-light, installed when missing (never downloaded).
const ensured = spawnSync('bash', ['scripts/ensure-debian-package.sh', 'nginx-light', NGINX], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (ensured.status !== 0) {
  console.error('nginx is needed as the baseline and could not be installed');
  process.exit(1);
}

await withChildren(async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), 'folio-content-bench-'));
  const today = editionToday(new Date());
  const truth = await generateDemoEdition({
    brand: 'dh',
    date: today,
    editionNumber: 2,
    editionName: 'Bengaluru City',
    pageCount: 4,
    outDir: work,
  });
  console.log(
    `content API vs nginx (1 worker), ${SECONDS} s per run, ulimit -n ${spawnSync('sh', ['-c', 'ulimit -n']).stdout.toString().trim()}, ${os.availableParallelism()} cores, answer of today's DH edition 2 (4 pages)`,
  );
  row([
    'database',
    'conns',
    'ours r/s',
    'p99 ms',
    'errors',
    'timeouts',
    'nginx r/s',
    'p99 ms',
    'errors',
    'timeouts',
    'ours/ngx',
    'node r/s',
    'ours/node',
    'node/ngx',
    'cfg r/s',
    'cfg p99',
    'ours µs',
    'ngx µs',
    'node µs',
  ]);
  await benchBackend('pglite', truth.files, today);
  const adminUrl = await answeringAdminUrl();
  if (adminUrl) await benchBackend('postgres', truth.files, today, adminUrl);
  else console.log('postgres: skipped, no server answers on 127.0.0.1:5432');
  verdicts();
  await rm(work, { recursive: true, force: true });
});
