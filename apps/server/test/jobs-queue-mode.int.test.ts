// JOB_RUNNER=queue (docs/decisions/0040-jobs-and-worker.md): a web server renders
// no PDF. A reader's first zoom into a page sends its `page.tiles` job and waits
// for a worker; the answer comes from storage once the worker has written the
// tiles, and a wait that runs out is a 503 the reader may retry, never a 500.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, deepTileFile, editionToday, type Entitlement } from '@folio/core';
import { DESK_MESSAGES } from '@folio/core/desk';
import { renderPageTilesInWorker } from '@folio/ingest';
import { createContainer, type Container } from '../src/container.ts';
import { ServiceUnavailableError, NotFoundError } from '../src/errors.ts';
import { registerJobs } from '../src/job-handlers.ts';
import { AccessGate } from '../src/modules/access/gate.ts';
import { MediaService, TILES_PENDING, type TileWorkers } from '../src/modules/media/service.ts';
import { LocalFolderStorage } from '../src/modules/media/storage.ts';
import { createTestApp, startTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue, onePagePdf } from './helpers/content.ts';
import {
  createTestDatabase,
  noDatabaseBackend,
  testBackends,
  type TestDatabase,
} from './helpers/db.ts';

const postgres = testBackends.find((backend) => backend.name === 'postgres');
const visitor = async (): Promise<Entitlement> => ({ kind: 'visitor' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a web server whose tiles are made by workers', () => {
  let folder: string;
  let storage: LocalFolderStorage;
  let today: string;
  /** The worker's side: renders into the same storage. */
  let worker: MediaService;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'folio-queue-tiles-'));
    storage = new LocalFolderStorage(folder);
    today = editionToday(new Date());
    worker = new MediaService(storage, new AccessGate(() => today), renderPageTilesInWorker);
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  const page = async (run: string) => {
    const prefix = `editions/dh/${today}/2/${run}/`;
    await storage.put(`${prefix}p01.pdf`, onePagePdf(), 'application/pdf');
    return prefix;
  };
  /** The web's MediaService: rendering here fails the test. */
  const web = (workers: TileWorkers) =>
    new MediaService(
      storage,
      new AccessGate(() => today),
      () => Promise.reject(new Error('the web server rendered a PDF')),
      workers,
    );

  it("asks a worker for a page's tiles and serves them from storage once it is done", async () => {
    const prefix = await page('run-done');
    const asked: unknown[] = [];
    const media = web({
      request: async (job) => {
        asked.push(job);
        await worker.makePageTiles(job.folder, job.pageNo);
        return 'completed';
      },
    });
    const served = await Promise.all(
      [deepTileFile(1, 0, 0), deepTileFile(1, 3, 4)].map((file) =>
        media.open(`${prefix}${file}`, visitor),
      ),
    );
    for (const { object } of served) object.body.destroy();
    expect(served.map((s) => s.object.contentType)).toEqual(['image/webp', 'image/webp']);
    // Readers zooming at once share one job.
    expect(asked).toEqual([{ folder: prefix, pageNo: 1 }]);
    // A job run again (its worker died after writing) leaves the tiles as they are.
    await worker.makePageTiles(prefix, 1);
    const first = await media.open(`${prefix}${deepTileFile(1, 0, 0)}`, visitor);
    expect(await sharp(await streamBytes(first.object.body)).metadata()).toMatchObject({
      width: 600,
      height: 600,
    });
  });

  it("waits for another request's job when one is already waiting", async () => {
    const prefix = await page('run-queued');
    setTimeout(() => void worker.makePageTiles(prefix, 1), 200);
    const media = web({ request: async () => 'queued', waitMs: 20_000 });
    const { object } = await media.open(`${prefix}${deepTileFile(1, 2, 2)}`, visitor);
    object.body.destroy();
    expect(object.contentType).toBe('image/webp');
  });

  it('answers 503 with Retry-After when no worker makes them in time', async () => {
    const prefix = await page('run-late');
    const media = web({ request: async () => 'timeout', waitMs: 300 });
    const started = Date.now();
    const refused = await media
      .open(`${prefix}${deepTileFile(1, 0, 0)}`, visitor)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect((refused as ServiceUnavailableError).message).toBe(TILES_PENDING);
    expect((refused as ServiceUnavailableError).details).toEqual({ retryAfterSeconds: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('answers 404 for a page without a PDF, sending no job', async () => {
    let asked = 0;
    const media = web({
      request: async () => {
        asked += 1;
        return 'completed';
      },
    });
    await expect(
      media.open(`editions/dh/${today}/2/run-none/${deepTileFile(1, 0, 0)}`, visitor),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(asked).toBe(0);
  });
});

describe('the reader whose zoom outwaits the workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(noDatabaseBackend);
  });
  afterAll(async () => t.close());

  it('gets a 503 with Retry-After and the reason, never a 500', async () => {
    const issue = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: t.container.editions.latestDate(),
    });
    // The app's own MediaService, as queue mode wires it, with a worker that never comes.
    const never: TileWorkers = { request: async () => 'timeout', waitMs: 200 };
    Reflect.set(t.container.media, 'tileWorkers', never);
    const refused = await t.app.inject(`/media/${issue.mediaPrefix}${deepTileFile(1, 0, 0)}`);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ message: TILES_PENDING });
  });
});

async function streamBytes(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.skipIf(!postgres)('the app with JOB_RUNNER=queue on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  let t: TestApp;
  let workerSide: Container | undefined;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase({ name: 'postgres' });
    if (database.target.kind !== 'postgres') throw new Error('needs PostgreSQL');
    url = database.target.url;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-queue-app-'));
    t = await startTestApp(database, dataDir, {
      env: { JOB_RUNNER: 'queue', DATABASE_URL: url },
    });
  });
  afterAll(async () => {
    await workerSide?.jobs.stop({ graceful: false });
    await t?.container.jobs.stop({ graceful: false });
    await t?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const jobRows = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string; singleton_key: string }>(
        `select state, singleton_key from pgboss.job where name = 'page.tiles'`,
      );
      return rows;
    } catch {
      // pg-boss's schema is made when the first job is sent.
      return [];
    } finally {
      await client.end();
    }
  };

  it('sends an edition to be assembled rather than assembling it in the web server', async () => {
    const key = { brand: 'dh', date: t.container.editions.latestDate(), editionNumber: 3 };
    await t.container.assembly.schedule(key, { now: true });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ data: unknown; singleton_key: string }>(
        `select data, singleton_key from pgboss.job where name = 'edition.assemble'`,
      );
      expect(rows).toEqual([
        {
          data: { ...key, now: true },
          singleton_key: `dh/${key.date}/3/now`,
        },
      ]);
    } finally {
      await client.end();
    }
    // Nothing is assembling here (no worker runs yet).
    await t.container.assembly.idle();
  });

  it('sends a page.tiles job instead of rendering, and answers from storage once a worker made the tiles', async () => {
    expect(t.container.jobs.kind).toBe('queue');
    const issue = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: t.container.editions.latestDate(),
    });
    const tile = `/media/${issue.mediaPrefix}${deepTileFile(1, 1, 1)}`;
    const answer = t.app.inject(tile);
    // The web has sent the job and waits: no worker runs yet.
    let rows = await jobRows();
    for (let tries = 0; rows.length === 0 && tries < 100; tries += 1) {
      await sleep(100);
      rows = await jobRows();
    }
    expect(rows).toEqual([{ state: 'created', singleton_key: `${issue.mediaPrefix}1` }]);

    // A worker of its own (another container on the same database and storage).
    workerSide = createContainer(t.config, database.db, { log: t.container.log });
    await registerJobs(workerSide);
    await workerSide.jobs.start();
    const served = await answer;
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await jobRows()).toEqual([
      { state: 'completed', singleton_key: `${issue.mediaPrefix}1` },
    ]);
    // The next zoom into the page is served from storage: no second job.
    expect(
      (await t.app.inject(`/media/${issue.mediaPrefix}${deepTileFile(1, 0, 0)}`)).statusCode,
    ).toBe(200);
    expect(await jobRows()).toHaveLength(1);
  });

  it("sends the zoning editor's save to a worker and answers with its result or refusal", async () => {
    // Yesterday's issue of the edition whose today the tiles test zoomed into.
    const date = addDays(t.container.editions.latestDate(), -1);
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date });
    const key = { brand: 'dh', date, editionNumber: 2 };
    const opened = await t.container.zoning.read(key, 1);
    const box = { top: 10, left: 10, width: 50, height: 40 };
    const saved = await t.container.zoning.save(key, 1, {
      revision: opened.revision,
      articles: [{ title: 'Moved by a worker', box }],
      ads: [],
    });
    expect(saved.before).toEqual({ articles: 1, ads: 1 });
    expect(saved.after).toEqual({ articles: 1, ads: 0 });
    expect(saved.zoning.articles).toEqual([
      { id: expect.any(String), title: 'Moved by a worker', box },
    ]);
    expect(saved.zoning.revision).not.toBe(opened.revision);
    // Saved on the revision it replaced: the worker's refusal is the editor's 409.
    await expect(
      t.container.zoning.save(key, 1, { revision: opened.revision, articles: [], ads: [] }),
    ).rejects.toMatchObject({ statusCode: 409, message: DESK_MESSAGES.zoningChanged });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string }>(
        `select state from pgboss.job where name = 'page.rezone' order by created_on`,
      );
      expect(rows).toEqual([{ state: 'completed' }, { state: 'completed' }]);
    } finally {
      await client.end();
    }
  });

  it('reports the demo seed a worker runs from the database on /readyz', async () => {
    const seed = async () =>
      ((await t.app.inject('/readyz')).json() as { demoSeed: unknown }).demoSeed;
    const empty = { pending: [], total: 0 };
    expect(await seed()).toEqual({ ...empty, state: 'idle', seeded: 0, frontPage: false });
    const mark = (value: string) =>
      database.db
        .insertInto('app_state')
        .values({ key: 'demo_seed', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    await mark('started');
    // The tests above put two issues in, one of them the landing issue (DH 2, today).
    expect(await seed()).toEqual({ ...empty, state: 'seeding', seeded: 2, frontPage: true });
    await mark('done');
    expect(await seed()).toEqual({
      pending: [],
      state: 'done',
      seeded: 2,
      total: 2,
      frontPage: true,
    });
  });
});
