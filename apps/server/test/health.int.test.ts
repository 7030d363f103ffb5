// What a load balancer asks (docs/decisions/0038-operations.md): /healthz says the
// process answers and asks nothing else; /readyz asks the database, the media
// storage and the job queue (at once, each within a short time) and says 503,
// naming what failed, when one fails or the server is shutting down. On SIGTERM
// requests in flight still get their answers, and one that never ends is cut off.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWithin } from '../src/http/shutdown.ts';
import type { DemoSeedProgress } from '../src/modules/editions/index.ts';
import { HealthRepo, HealthService } from '../src/modules/health/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { testBackends } from './helpers/db.ts';

const SEED: DemoSeedProgress = {
  state: 'idle',
  seeded: 0,
  total: 0,
  pending: [],
  frontPage: false,
};

describe.each(testBackends)('health on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('is ready when the database, the media storage and the job queue answer', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      demoSeed: SEED,
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
    });
  });

  it('asks every dependency at once, each within its time, and names the ones that failed', async () => {
    const never = () => new Promise<void>(() => undefined);
    const health = new HealthService(
      new HealthRepo(t.db),
      () => SEED,
      { storage: { check: never }, jobs: { check: never } },
      500,
    );
    const started = performance.now();
    const readiness = await health.readiness();
    // Two checks of 500 ms each, run together: well under their sum.
    expect(performance.now() - started).toBeLessThan(900);
    expect(readiness).toEqual({
      message: 'Media storage, Job queue unavailable',
      checks: { database: 'ok', storage: 'failed', queue: 'failed' },
      demoSeed: SEED,
    });
    const queueUp = new HealthService(new HealthRepo(t.db), () => SEED, {
      jobs: { check: async () => undefined },
    });
    expect(await queueUp.readiness()).toMatchObject({
      message: undefined,
      checks: { database: 'ok', storage: 'none', queue: 'ok' },
    });
  });

  it('says 503 naming the media storage when it cannot be written', async () => {
    const blocker = path.join(t.dataDir, 'not-a-folder');
    await writeFile(blocker, 'a file where the media folder should be');
    const broken = await createTestApp(backend, {
      env: { MEDIA_DIR: path.join(blocker, 'media') },
    });
    try {
      const res = await broken.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'ERROR',
        message: 'Media storage unavailable',
        checks: { database: 'ok', storage: 'failed', queue: 'ok' },
      });
    } finally {
      await broken.close();
    }
  });

  it('stays alive with the database gone, and is not ready', async () => {
    const gone = await createTestApp(backend);
    try {
      await gone.db.destroy();
      const alive = await gone.app.inject('/healthz');
      expect([alive.statusCode, alive.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await gone.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'ERROR',
        message: 'Database unavailable',
        demoSeed: SEED,
        checks: { database: 'failed', storage: 'ok', queue: 'ok' },
      });
    } finally {
      await gone.close().catch(() => undefined);
    }
  });
  // Last: draining lasts until the process exits.
  it('says 503 while shutting down, and stays alive', async () => {
    t.container.health.startDraining();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'Shutting down',
      demoSeed: SEED,
      checks: { database: 'ok', storage: 'ok', queue: 'ok' },
    });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('closing the server on SIGTERM', () => {
  const [backend] = testBackends;

  /** The app listening on a free port, with a route that answers when told to. */
  async function listening() {
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const t = await createTestApp(backend ?? { name: 'pglite' }, {
      extraRoutes: (app) => {
        app.get('/test/slow', async () => {
          entered();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return { finished: true };
        });
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    return { t, port, inside, release: () => release() };
  }

  function get(port: number, url: string, agent: http.Agent | false = false) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }

  it('answers the requests in flight, and takes no new connection', async () => {
    const { t, port, inside, release } = await listening();
    // A client that keeps its connections open, as a proxy's upstream pool does.
    const agent = new http.Agent({ keepAlive: true });
    try {
      const slow = get(port, '/test/slow', agent);
      await inside;
      t.container.health.startDraining();
      const closing = closeWithin(t.app, 5000);
      // Closed to new connections at once...
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
      // ...while the request already running gets its answer.
      release();
      const answered = performance.now();
      expect(await slow).toEqual({ status: 200, body: '{"finished":true}' });
      // Its connection, idle once answered, is closed too: the close does not wait for it.
      expect(await closing).toBe('drained');
      expect(performance.now() - answered).toBeLessThan(2000);
    } finally {
      agent.destroy();
      await t.close().catch(() => undefined);
    }
  });

  it('cuts off a request still running at the deadline', async () => {
    const { t, port, inside } = await listening();
    try {
      const stuck = get(port, '/test/slow');
      const settled = stuck.then(
        () => 'answered',
        () => 'cut off',
      );
      await inside;
      const started = performance.now();
      expect(await closeWithin(t.app, 300)).toBe('forced');
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(await settled).toBe('cut off');
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('the server process on SIGTERM', () => {
  const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
  const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function freePort(): Promise<number> {
    const server = net.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    await once(server, 'close');
    return port;
  }

  it('answers the request in flight, refuses new connections, and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-shutdown-test-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = fork(MAIN, [], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    try {
      for (let tries = 0; ; tries += 1) {
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (tries > 240 || child.exitCode !== null) throw new Error('the server did not start');
        await sleep(250);
      }
      // A request whose body is still on its way when the signal comes: in flight.
      const body = JSON.stringify({ email: 'not an address' });
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      const closed = once(socket, 'close');
      socket.write(
        [
          'POST /api/auth/code HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Origin: ${base}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          '',
          body.slice(0, 4),
        ].join('\r\n'),
      );
      await sleep(300);
      const signalled = performance.now();
      child.kill('SIGTERM');
      await sleep(500);
      // The listener is closed...
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      // ...and the request in flight still gets its answer (a refusal of the address).
      socket.write(body.slice(4));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain('"status":"ERROR"');
      expect(await exited).toEqual([0, null]);
      // Within the grace period: nothing was left to cut off.
      expect(performance.now() - signalled).toBeLessThan(8000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
