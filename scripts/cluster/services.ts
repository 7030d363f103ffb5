// What the cluster's servers share, all on this machine: a database on the local
// PostgreSQL, the local Redis (started here only when none answers) and s3rver as the
// object store.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { Managed, Processes } from './processes.ts';
import { answers200, freePort, waitUntil } from './wait.ts';

const POSTGRES = { host: '127.0.0.1', port: 5432 };
const ADMIN_USERS = ['postgres', 'root'];
export const REDIS = { host: '127.0.0.1', port: 6379 };
export const BUCKET = 'folio-media';
/** Longer than any S3 client's idle socket (the server's is 30 s): the client closes first. */
const S3RVER_KEEP_ALIVE_MS = 65_000;
/** s3rver's built-in credentials: any client signing with them is let in. */
export const S3RVER_KEY = 'S3RVER';

async function connects(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_500 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the database unless it exists (dropped first when `fresh`) and answers the
 * URL the servers use. The local server trusts 127.0.0.1, as the tests expect.
 */
export async function prepareDatabase(name: string, fresh: boolean): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name: ${name}`);
  let admin: string | undefined;
  for (const user of ADMIN_USERS) {
    const url = `postgres://${user}@${POSTGRES.host}:${POSTGRES.port}/postgres`;
    if (await connects(url)) {
      admin = url;
      break;
    }
  }
  if (!admin)
    throw new Error(
      `PostgreSQL: nothing lets ${ADMIN_USERS.join(' or ')} in on ${POSTGRES.host}:${POSTGRES.port} (start it, e.g. pg_ctlcluster <version> main start, with trust for 127.0.0.1)`,
    );
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${name} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database the cluster made (the bench's, once it is done). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * How far the demo seed is, as the database records it (whichever process seeds):
 * app_state's demo_seed ('started', then 'done') and the issues published so far.
 */
export async function demoSeedState(
  databaseUrl: string,
): Promise<{ state: string | undefined; issues: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const state = await client.query<{ value: string }>(
      "select value from app_state where key = 'demo_seed'",
    );
    const issues = await client.query<{ n: string }>('select count(*) as n from issues');
    return { state: state.rows[0]?.value, issues: Number(issues.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
}

/** True when a Redis server answers PING on host:port. */
function redisAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

function onPath(command: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The local Redis: the one answering on 127.0.0.1:6379, or redis-server started here
 * (no persistence, its files in `dir`) when none answers. `started` is the process
 * when this cluster owns it.
 */
export async function ensureRedis(
  processes: Processes,
  dir: string,
): Promise<{ url: string; started: Managed | undefined }> {
  const url = `redis://${REDIS.host}:${REDIS.port}`;
  if (await redisAnswers(REDIS.host, REDIS.port)) return { url, started: undefined };
  const binary = onPath('redis-server');
  if (!binary)
    throw new Error(
      `Redis: nothing answers on ${REDIS.host}:${REDIS.port} and redis-server is not installed (apt-get install redis-server, or start yours)`,
    );
  await mkdir(dir, { recursive: true });
  const started = processes.start(
    'redis',
    binary,
    [
      '--bind',
      REDIS.host,
      '--port',
      String(REDIS.port),
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { tier: 'infrastructure' },
  );
  await waitUntil('redis-server to answer PING', () => redisAnswers(REDIS.host, REDIS.port), {
    timeoutMs: 15_000,
    alive: () => processes.assertRunning(started),
  });
  return { url, started };
}

/**
 * s3rver (the devDependency) as a process of its own on a free port, its objects in
 * `dir`, the bucket made at start. Answers its endpoint and the process.
 */
export async function startS3rver(
  processes: Processes,
  root: string,
  dir: string,
): Promise<{ endpoint: string; managed: Managed }> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  // s3rver as its command line would start it, plus one setting the command line
  // lacks: its keep-alive timeout. Node's default (5 s) is shorter than the S3
  // client's idle socket timeout, so a server could reuse a socket just as s3rver closed
  // it ("socket hang up", a stalled request until the client's timeout). The server
  // must be the one to wait longer.
  const boot = `
    const [module, directory, port, bucket] = process.argv.slice(1);
    const S3rver = require(module);
    const s3rver = new S3rver({ directory, address: '127.0.0.1', port: Number(port), silent: true,
      vhostBuckets: false, configureBuckets: [{ name: bucket, configs: [] }] });
    s3rver.run().then(() => {
      s3rver.httpServer.keepAliveTimeout = ${S3RVER_KEEP_ALIVE_MS};
      s3rver.httpServer.headersTimeout = ${S3RVER_KEEP_ALIVE_MS + 1_000};
    }, (error) => { console.error(error); process.exit(1); });`;
  const managed = processes.start(
    's3rver',
    process.execPath,
    [
      // s3rver makes a listing's continuation token with DES, which OpenSSL 3 keeps
      // only in its legacy provider: without it a listing longer than a page fails.
      '--openssl-legacy-provider',
      '-e',
      boot,
      path.join(root, 'node_modules', 's3rver'),
      dir,
      String(port),
      BUCKET,
    ],
    { tier: 'infrastructure', cwd: root },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver lists a bucket it made to anyone (it checks no signature on a plain GET).
  await waitUntil(`s3rver at ${endpoint}`, () => answers200(`${endpoint}/${BUCKET}`), {
    timeoutMs: 30_000,
    alive: () => processes.assertRunning(managed),
  });
  return { endpoint, managed };
}
