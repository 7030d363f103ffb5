// Deep-zoom tiles: rendered from the page's PDF on the first request, stored, cut
// to the grid the browser computes, shared by readers asking at once, and never
// made or sent for a page the reader may not open.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepTileFile, deepZoomGrid, editionToday, type Entitlement } from '@folio/core';
import { renderPageTilesInWorker, type TileJob } from '@folio/ingest';
import { AccessGate } from '../src/modules/access/gate.ts';
import { MediaService } from '../src/modules/media/service.ts';
import { LocalFolderStorage } from '../src/modules/media/storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';
import { insertIssue, onePagePdf, type InsertedIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

describe.each(testBackends)('deep-zoom tiles on $name', (backend) => {
  let t: TestApp;
  let free: InsertedIssue;
  let paid: InsertedIssue;
  let subscriber: string;
  let reader: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const today = t.container.editions.latestDate();
    free = await insertIssue(t, { brand: 'dh', editionNumber: 2, date: today });
    paid = await insertIssue(t, { brand: 'dh', editionNumber: 3, date: today });
    reader = (await signIn(t, { email: 'zoom-free@example.com' })).cookie;
    subscriber = (await signInAsSubscriber(t, { archiveDays: 30 })).cookie;
  });
  afterAll(async () => t.close());

  const tileUrl = (issue: InsertedIssue, column: number, row: number) =>
    `/media/${issue.mediaPrefix}${deepTileFile(1, column, row)}`;

  it('cuts the page into the grid the browser computes, drawn from the PDF', async () => {
    const grid = deepZoomGrid(1200, 1900);
    expect(grid).toMatchObject({ width: 3600, height: 5700, columns: 6, rows: 10 });
    const first = await t.app.inject(tileUrl(free, 0, 0));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe(
      'public, max-age=31536000, s-maxage=300, immutable',
    );
    const image = sharp(first.rawPayload);
    expect(await image.metadata()).toMatchObject({ width: 600, height: 600, format: 'webp' });
    // The grey box starts 60 pt (360 px at 6 px/pt) in from the page's corner.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels] ?? -1;
    expect(at(20, 20)).toBeGreaterThan(240);
    expect(at(500, 500)).toBeGreaterThan(110);
    expect(at(500, 500)).toBeLessThan(145);
    // The last row is what is left of the page's height.
    const last = await t.app.inject(tileUrl(free, 5, 9));
    expect(await sharp(last.rawPayload).metadata()).toMatchObject({ width: 600, height: 300 });
  });

  it('answers a tile outside the grid with 404', async () => {
    await t.app.inject(tileUrl(free, 0, 0));
    for (const [column, row] of [
      [6, 0],
      [0, 10],
      [99, 99],
    ] as const)
      expect((await t.app.inject(tileUrl(free, column, row))).statusCode).toBe(404);
  });

  it('makes no tile of a locked page for a visitor or a free reader, and serves a subscriber privately', async () => {
    expect((await t.app.inject(tileUrl(paid, 0, 0))).statusCode).toBe(401);
    const refused = await t.app.inject({ url: tileUrl(paid, 2, 3), headers: { cookie: reader } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(await t.container.storage.get(`${paid.mediaPrefix}${deepTileFile(1, 0, 0)}`)).toBe(
      undefined,
    );
    expect(await t.container.storage.get(`${paid.mediaPrefix}${deepTileFile(1, 2, 3)}`)).toBe(
      undefined,
    );
    const allowed = await t.app.inject({
      url: tileUrl(paid, 2, 3),
      headers: { cookie: subscriber },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('deep-zoom tile making', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'folio-tiles-'));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  it('renders a page once for readers asking at once, and never again for a tile outside its grid', async () => {
    const storage = new LocalFolderStorage(folder);
    const today = editionToday(new Date());
    const prefix = `editions/dh/${today}/2/run-tiles/`;
    await storage.put(`${prefix}p01.pdf`, onePagePdf(), 'application/pdf');
    let renders = 0;
    const media = new MediaService(storage, new AccessGate(() => today), (job: TileJob) => {
      renders += 1;
      return renderPageTilesInWorker(job);
    });
    const visitor = async (): Promise<Entitlement> => ({ kind: 'visitor' });
    const asked = await Promise.all(
      [
        [0, 0],
        [3, 4],
        [5, 9],
      ].map(([column = 0, row = 0]) =>
        media.open(`${prefix}${deepTileFile(1, column, row)}`, visitor),
      ),
    );
    for (const served of asked) served.object.body.destroy();
    expect(renders).toBe(1);
    await expect(media.open(`${prefix}${deepTileFile(1, 0, 12)}`, visitor)).rejects.toThrow();
    await expect(media.open(`${prefix}${deepTileFile(2, 0, 0)}`, visitor)).rejects.toThrow();
    expect(renders).toBe(1);
  });
});
