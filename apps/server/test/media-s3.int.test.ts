// The app with its media in an S3 bucket (s3rver, a real S3 endpoint on the
// loopback address): editions are published into the bucket and nowhere else,
// free pages are served for anyone (and any cache) to keep, paid pages only
// through the access check and only for the reader's browser, a bucket that is
// down or refuses writes never costs readers the issue they have, and the sweep
// removes what a killed publish left behind.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperDataSchema } from '@folio/core';
import { generateDemoEdition, ingestEdition } from '@folio/ingest';
import { StorageUnavailableError } from '../src/errors.ts';
import type { PublishResult } from '../src/modules/editions/publish-service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { testBackends } from './helpers/db.ts';
import { startTestBucket, type TestBucket } from './helpers/s3.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

/** Free by the desk's choices today: browsers keep it, a CDN asks the gate again in 5 minutes. */
const FREE_FOR_NOW = 'public, max-age=31536000, s-maxage=300, immutable';
/** dh's free edition (open to visitors today) and a paid one. */
const FREE_EDITION = 2;
const PAID_EDITION = 3;

describe.each(testBackends)('media in an S3 bucket on $name', (backend) => {
  let bucket: TestBucket;
  let t: TestApp;
  let work: string;
  let today: string;
  let cookie = '';
  const files: Record<number, string[]> = {};
  const published: Record<number, PublishResult> = {};

  const publish = (editionNumber: number) =>
    t.container.publisher.publishEdition({
      brand: 'dh',
      date: today,
      editionNumber,
      files: files[editionNumber] ?? [],
    });
  const pageImage = (editionNumber: number) =>
    `/media/${published[editionNumber]?.mediaPrefix}p01.webp`;
  const bucketKeys = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of t.container.storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  };
  const servedData = async (editionNumber: number) => {
    const res = await t.app.inject({
      url: `/api/epaper/data?date=${today}&edition=${editionNumber}&publisher=DH`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return epaperDataSchema.parse(res.json());
  };

  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp(backend, { env: bucket.env });
    today = t.container.editions.latestDate();
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-media-s3-test-'));
    for (const editionNumber of [FREE_EDITION, PAID_EDITION]) {
      const truth = await generateDemoEdition({
        brand: 'dh',
        date: today,
        editionNumber,
        editionName: `Edition ${editionNumber}`,
        pageCount: 1,
        outDir: path.join(work, String(editionNumber)),
      });
      files[editionNumber] = truth.files;
      published[editionNumber] = await publish(editionNumber);
    }
    ({ cookie } = await signInAsSubscriber(t));
  });
  afterAll(async () => {
    try {
      await t.close();
    } finally {
      // Stopped even when the app never started, so no s3rver outlives the run.
      await bucket.stop();
      await rm(work, { recursive: true, force: true });
    }
  });

  it('publishes into the bucket and keeps no media on the local disk', async () => {
    const prefix = published[PAID_EDITION]?.mediaPrefix ?? '';
    expect(await bucketKeys(prefix)).toEqual(expect.arrayContaining([`${prefix}p01.webp`]));
    const localMedia = t.config.mediaDir;
    expect(existsSync(localMedia) ? await readdir(localMedia) : []).toEqual([]);
  });

  it('serves a free page image for anyone, kept by browsers and briefly by shared caches', async () => {
    const res = await t.app.inject(pageImage(FREE_EDITION));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(FREE_FOR_NOW);
    const stored = await t.container.storage.get(`${published[FREE_EDITION]?.mediaPrefix}p01.webp`);
    expect(Number(res.headers['content-length'])).toBe(stored?.size);
    stored?.body.destroy();
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const again = await t.app.inject({
      url: pageImage(FREE_EDITION),
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a paid page image to a visitor and serves it privately to a subscriber', async () => {
    const visitor = await t.app.inject(pageImage(PAID_EDITION));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['cache-control'] ?? '').not.toContain('public');
    const subscriber = await t.app.inject({ url: pageImage(PAID_EDITION), headers: { cookie } });
    expect(subscriber.statusCode).toBe(200);
    expect(subscriber.headers['cache-control']).toBe('private, max-age=300');
    expect(subscriber.headers.vary).toContain('Cookie');
    expect(subscriber.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('never makes an object public in the bucket', () => {
    // s3rver serves any object to anyone (it checks no ACL), so what is checked is
    // what the server asks for: no canned ACL, no ACL grant, no ACL call, ever.
    // On a real bucket, objects stay private under Block Public Access (0037).
    expect(bucket.requests.length).toBeGreaterThan(0);
    for (const request of bucket.requests) {
      const aclHeaders = Object.keys(request.headers).filter(
        (name) => name === 'x-amz-acl' || name.startsWith('x-amz-grant-'),
      );
      expect(aclHeaders).toEqual([]);
      expect(request.url).not.toMatch(/[?&]acl(=|&|$)/);
    }
  });

  it('answers 503 with a clear message, and nothing to cache, while the bucket is down', async () => {
    bucket.goDown(true);
    try {
      for (const headers of [{}, { cookie }]) {
        // A file this server has not kept in memory (images are: see below).
        const res = await t.app.inject({
          url: pageImage(PAID_EDITION).replace(/\.webp$/, '.pdf'),
          headers,
        });
        // The visitor is refused before the bucket is asked; the subscriber is not.
        if (!('cookie' in headers)) {
          expect(res.statusCode).toBe(401);
          continue;
        }
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          status: 'ERROR',
          message: 'Media storage is unavailable; try again shortly.',
        });
        expect(res.headers['retry-after']).toBe('10');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      // A free file this server has not kept: refused the same way.
      const pdf = await t.app.inject(pageImage(FREE_EDITION).replace(/\.webp$/, '.pdf'));
      expect(pdf.statusCode).toBe(503);
      expect(pdf.headers['cache-control']).toBe('no-store');
      // The free page image readers already asked for is still served from this
      // server's memory (image-cache.ts): its key never changes content.
      const kept = await t.app.inject(pageImage(FREE_EDITION));
      expect(kept.statusCode).toBe(200);
      expect(kept.headers['content-type']).toBe('image/webp');
      await expect(t.container.storage.check()).rejects.toThrow(StorageUnavailableError);
    } finally {
      bucket.goDown(false);
    }
    expect((await t.app.inject(pageImage(FREE_EDITION))).statusCode).toBe(200);
  });

  it('fails a publish cleanly when the bucket refuses writes, and keeps serving the issue before it', async () => {
    const before = published[PAID_EDITION]?.mediaPrefix ?? '';
    bucket.refuseWrites(true);
    try {
      // Ingest names the page it was writing, and the store's own message.
      await expect(publish(PAID_EDITION)).rejects.toThrow(StorageUnavailableError.MESSAGE);
    } finally {
      bucket.refuseWrites(false);
    }
    const data = await servedData(PAID_EDITION);
    expect(data.data_url_suffix).toBe(`/media/${before}`);
    const image = await t.app.inject({ url: pageImage(PAID_EDITION), headers: { cookie } });
    expect(image.statusCode).toBe(200);
  });

  it('sweeps the runs a killed publish left, and nothing readers are served', async () => {
    const edition = `editions/dh/${today}/${PAID_EDITION}/`;
    const live = published[PAID_EDITION]?.mediaPrefix ?? '';
    // A publish killed after ingest wrote its files and before the rows were
    // swapped: media under a fresh run, and no row naming it.
    const orphan = `${edition}killed-${Date.now().toString(36)}/`;
    await ingestEdition({
      brand: 'dh',
      date: today,
      editionNumber: PAID_EDITION,
      files: files[PAID_EDITION] ?? [],
      sink: t.container.storage,
      keyPrefix: orphan,
      mediaBaseUrl: '/media/',
      imagesLater: false,
    });
    // The desk's pages, kept by hash beside the runs: not a run, never swept.
    const kept = `${edition}pages/0123456789ab/p01.json`;
    await t.container.storage.put(kept, new TextEncoder().encode('{}'), 'application/json');
    const orphanKeys = await bucketKeys(orphan);
    const liveKeys = await bucketKeys(live);
    expect(orphanKeys.length).toBeGreaterThan(0);
    // Readers are never pointed at it.
    expect(JSON.stringify(await servedData(PAID_EDITION))).not.toContain(orphan);

    // Young, it may be a publish still running: left alone.
    const first = await t.container.mediaSweep.sweepOrphans();
    expect(first).toMatchObject({ removedRuns: 0, failedRuns: 0 });
    expect(first.youngRuns).toBeGreaterThanOrEqual(1);
    expect(await bucketKeys(orphan)).toEqual(orphanKeys);

    const swept = await t.container.mediaSweep.sweepOrphans({ olderThanMs: 0 });
    expect(swept.removedRuns).toBeGreaterThanOrEqual(1);
    expect(swept.removedObjects).toBeGreaterThanOrEqual(orphanKeys.length);
    expect(swept.liveRuns).toBe(2);
    expect(swept.failedRuns).toBe(0);
    expect(await bucketKeys(orphan)).toEqual([]);
    expect(await bucketKeys(live)).toEqual(liveKeys);
    expect(await bucketKeys(`${edition}pages/`)).toEqual([kept]);
    const image = await t.app.inject({ url: pageImage(PAID_EDITION), headers: { cookie } });
    expect(image.statusCode).toBe(200);
  });
});
