// The server as `npm start` runs it: main.ts in a process of its own, on a fresh
// data directory (or a fresh PostgreSQL database), seeding the demo editions while
// it serves. A preloaded probe reports what the process has loaded.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarToday, epaperDataSchema, siteConfigSchema } from '@folio/core';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';
import type { ProbeReport } from './helpers/module-probe.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const PROBE = fileURLToPath(new URL('./helpers/module-probe.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function until<T>(
  what: string,
  read: () => Promise<T | undefined>,
  seconds: number,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Readiness {
  status: 'ok';
  demoSeed: { state: string; seeded: number; total: number };
}

describe.each(testBackends)('the server process on $name', (backend) => {
  let child: ChildProcess;
  let dataDir: string;
  let database: TestDatabase | undefined;
  let base: string;

  const get = (url: string) => fetch(`${base}${url}`);
  const probe = async (): Promise<ProbeReport> => {
    const answer = once(child, 'message') as Promise<[ProbeReport]>;
    child.send('probe');
    return (await answer)[0];
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-process-test-'));
    if (backend.name === 'postgres') database = await createTestDatabase(backend);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...(database?.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
    };
    child = fork(MAIN, [], {
      cwd: REPO_ROOT,
      env,
      execArgv: ['--import', 'tsx', '--import', PROBE],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  });

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens before the seed is done and stays healthy while it seeds', async () => {
    await until('/healthz', async () => ((await get('/healthz')).ok ? true : undefined), 60);
    const ready = (await (await get('/readyz')).json()) as Readiness;
    expect(ready.status).toBe('ok');
    expect(ready.demoSeed.state).toBe('seeding');
    expect(ready.demoSeed.seeded).toBeLessThan(36);
  });

  it("serves today's front page once its edition is seeded, before the rest", async () => {
    const { today } = siteConfigSchema.parse(await (await get('/api/config')).json());
    const res = await until(
      "today's default edition",
      async () => {
        const answer = await get(`/api/epaper/data?date=${today}&edition=2&publisher=DH`);
        return answer.status === 200 ? answer : undefined;
      },
      240,
    );
    // 2 brands x 3 editions x 6 days (7 less the holiday), and from midnight to
    // 06:00 in Kolkata the next day's editions as well.
    const total = 2 * 3 * (calendarToday(new Date()) > today ? 7 : 6);
    const ready = (await (await get('/readyz')).json()) as Readiness;
    expect(ready.demoSeed).toMatchObject({ state: 'seeding', total });
    expect(ready.demoSeed.seeded).toBeLessThan(total);
    const front = epaperDataSchema.parse(await res.json()).sections[0]?.pages[0];
    const image = await get(front?.image ?? '/missing');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  it('has its built-in JSON.stringify and no pdf.js loaded, also after seeding', async () => {
    const report = await probe();
    // The probe sees the server's modules (so an absent pdf.js means something)...
    expect(
      report.modules.some((url) => url.includes('/packages/ingest/src/worker/render-pool.ts')),
    ).toBe(true);
    // ...and pdf.js, whose legacy build swaps JSON.stringify for a polyfill, is not among them.
    expect(report.modules.filter((url) => url.includes('/pdfjs-dist/'))).toEqual([]);
    expect(report.builtinStringify).toBe(true);
  });
});
