// The MediaStorage contract, run against every store the server can use: the local
// folder and an S3 bucket (s3rver, a real S3 endpoint on the loopback address).
// Whatever one store does with a key, the other does too, so the server behaves
// the same whichever holds its media.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../src/errors.ts';
import { ImageCache } from '../src/modules/media/image-cache.ts';
import { S3Storage } from '../src/modules/media/s3-storage.ts';
import {
  InvalidMediaKeyError,
  LocalFolderStorage,
  type ListedObject,
  type MediaStorage,
} from '../src/modules/media/storage.ts';
import { downEndpoint, startTestBucket, type TestBucket } from './helpers/s3.ts';

interface StoreUnderTest {
  storage: MediaStorage;
  stop(): Promise<void>;
}

const STORES: Array<{ name: string; start: () => Promise<StoreUnderTest> }> = [
  {
    name: 'the local folder',
    start: async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-storage-contract-'));
      return {
        storage: new LocalFolderStorage(dir),
        stop: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3 bucket',
    start: async () => {
      const bucket = await startTestBucket();
      const storage = new S3Storage(bucket.options);
      return {
        storage,
        stop: async () => {
          storage.close();
          await bucket.stop();
        },
      };
    },
  },
  {
    // As the container wires a bucket: images kept in memory in front of it.
    name: 'an S3 bucket behind the image cache',
    start: async () => {
      const bucket = await startTestBucket();
      const s3 = new S3Storage(bucket.options);
      return {
        storage: new ImageCache(s3),
        stop: async () => {
          s3.close();
          await bucket.stop();
        },
      };
    },
  },
];

const bytes = (text: string) => new TextEncoder().encode(text);

async function read(storage: MediaStorage, key: string): Promise<Buffer | undefined> {
  const object = await storage.get(key);
  return object && buffer(object.body);
}

async function listed(storage: MediaStorage, prefix: string): Promise<ListedObject[]> {
  const all: ListedObject[] = [];
  for await (const object of storage.list(prefix)) all.push(object);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

/** A fresh folder per test, so tests never see each other's objects. */
let folders = 0;
const folder = () => `contract/${++folders}-${randomBytes(3).toString('hex')}/`;

describe.each(STORES)('media storage contract on $name', ({ start }) => {
  let store: StoreUnderTest;
  let storage: MediaStorage;
  beforeAll(async () => {
    store = await start();
    storage = store.storage;
  });
  afterAll(async () => store.stop());

  it('answers check() when the store is there', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('gives back what was put: bytes, size, content type, validators', async () => {
    const key = `${folder()}p01.webp`;
    const before = Date.now();
    await storage.put(key, bytes('webp bytes'), 'image/webp');
    const object = await storage.get(key);
    expect(object).toBeDefined();
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(10);
    expect(object?.etag).toMatch(/^".+"$/);
    // Stores keep whole seconds (HTTP dates), so allow the second it was put in.
    expect(object?.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await buffer(object!.body)).toString()).toBe('webp bytes');
  });

  it('types article HTML and PDFs by their key, whatever the writer called them', async () => {
    const base = folder();
    await storage.put(`${base}p01-a01.html`, bytes('<p>Hi</p>'), 'text/html');
    await storage.put(`${base}p01.pdf`, bytes('%PDF-1.7'), 'application/octet-stream');
    expect((await storage.get(`${base}p01-a01.html`))?.contentType).toBe(
      'text/html; charset=utf-8',
    );
    expect((await storage.get(`${base}p01.pdf`))?.contentType).toBe('application/pdf');
  });

  it('answers undefined for a key nothing was put at, and for a folder', async () => {
    const base = folder();
    expect(await storage.get(`${base}missing.webp`)).toBeUndefined();
    await storage.put(`${base}sub/p01.webp`, bytes('x'), 'image/webp');
    expect(await storage.get(`${base}sub/`)).toBeUndefined();
  });

  it('replaces an object put again at the same key', async () => {
    const key = `${folder()}p01.json`;
    await storage.put(key, bytes('first'), 'application/json');
    await storage.put(key, bytes('second, longer'), 'application/json');
    const object = await storage.get(key);
    expect(object?.size).toBe(14);
    expect((await buffer(object!.body)).toString()).toBe('second, longer');
  });

  it('deletes one object, and a missing one without complaint', async () => {
    const base = folder();
    await storage.put(`${base}a.webp`, bytes('a'), 'image/webp');
    await storage.put(`${base}b.webp`, bytes('b'), 'image/webp');
    await storage.delete(`${base}a.webp`);
    await storage.delete(`${base}never-there.webp`);
    expect(await storage.get(`${base}a.webp`)).toBeUndefined();
    expect((await read(storage, `${base}b.webp`))?.toString()).toBe('b');
  });

  it('deletes a prefix and nothing beside it, even a sibling whose name it starts', async () => {
    const base = folder();
    await storage.put(`${base}run1/p01.webp`, bytes('1'), 'image/webp');
    await storage.put(`${base}run1/deep/er/p01-a01.html`, bytes('1'), 'text/html');
    await storage.put(`${base}run10/p01.webp`, bytes('10'), 'image/webp');
    await storage.put(`${base}run2/p01.webp`, bytes('2'), 'image/webp');
    await storage.deletePrefix(`${base}run1/`);
    expect((await listed(storage, base)).map((o) => o.key)).toEqual([
      `${base}run10/p01.webp`,
      `${base}run2/p01.webp`,
    ]);
    // Deleting what is not there is no error.
    await storage.deletePrefix(`${base}run1/`);
  });

  it('lists every object under a prefix with its size and date, and nothing for an empty one', async () => {
    const base = folder();
    await storage.put(`${base}p01.webp`, bytes('abc'), 'image/webp');
    await storage.put(`${base}sub/p02.webp`, bytes('abcdef'), 'image/webp');
    await storage.put(`${folder()}elsewhere.webp`, bytes('x'), 'image/webp');
    const objects = await listed(storage, base);
    expect(objects.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: `${base}p01.webp`, size: 3 },
      { key: `${base}sub/p02.webp`, size: 6 },
    ]);
    for (const object of objects) expect(object.lastModified).toBeInstanceOf(Date);
    expect(await listed(storage, `${base}nothing/`)).toEqual([]);
  });

  it('lists and deletes past one listing page (a thousand objects)', async () => {
    const base = folder();
    const keys = Array.from(
      { length: 1005 },
      (_, i) => `${base}f${String(i).padStart(4, '0')}.txt`,
    );
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(
        keys.slice(i, i + 50).map((key) => storage.put(key, bytes('x'), 'text/plain')),
      );
    expect((await listed(storage, base)).length).toBe(1005);
    await storage.deletePrefix(base);
    expect(await listed(storage, base)).toEqual([]);
  });

  it('keeps binary bytes exactly', async () => {
    const key = `${folder()}p01.pdf`;
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    const body = Buffer.concat([every, randomBytes(300_000), every]);
    await storage.put(key, body, 'application/pdf');
    const back = await read(storage, key);
    expect(back?.length).toBe(body.length);
    expect(back?.equals(body)).toBe(true);
  });

  it.each([
    '../outside.webp',
    'editions/../../outside.webp',
    '/absolute.webp',
    'editions\\run\\p01.webp',
    'editions/./p01.webp',
    'editions//p01.webp',
    'nul\0.webp',
    '',
  ])('refuses the unsafe key %j everywhere', async (key) => {
    await expect(storage.put(key, bytes('x'), 'image/webp')).rejects.toThrow(InvalidMediaKeyError);
    await expect(storage.get(key)).rejects.toThrow(InvalidMediaKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidMediaKeyError);
    const asFolder = key.endsWith('/') ? key : `${key}/`;
    await expect(storage.deletePrefix(asFolder)).rejects.toThrow(InvalidMediaKeyError);
    await expect(listed(storage, asFolder)).rejects.toThrow(InvalidMediaKeyError);
  });

  it('takes only folder-like prefixes for deletePrefix and list', async () => {
    const base = folder();
    await storage.put(`${base}p01.webp`, bytes('x'), 'image/webp');
    const noSlash = base.slice(0, -1);
    await expect(storage.deletePrefix(noSlash)).rejects.toThrow(InvalidMediaKeyError);
    await expect(listed(storage, noSlash)).rejects.toThrow(InvalidMediaKeyError);
    await expect(storage.put(base, bytes('x'), 'image/webp')).rejects.toThrow(InvalidMediaKeyError);
    expect(await read(storage, `${base}p01.webp`)).toBeDefined();
  });
});

describe('S3 storage', () => {
  let bucket: TestBucket;
  let storage: S3Storage;
  beforeAll(async () => {
    bucket = await startTestBucket();
    storage = new S3Storage(bucket.options);
  });
  afterAll(async () => {
    storage.close();
    await bucket.stop();
  });

  it('stores each object with its content type and a year-long immutable Cache-Control', async () => {
    const key = 'editions/dh/2026-11-20/2/run-a/p01.webp';
    await storage.put(key, bytes('webp'), 'image/webp');
    // s3rver serves objects without credentials (it checks no ACL), which shows
    // what the bucket keeps with the object.
    const stored = await bucket.anonymousGet(key);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    expect(stored.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never asks for a public object: no ACL header and no ACL call, ever', async () => {
    await storage.put('editions/dh/2026-11-20/2/run-b/p01.webp', bytes('x'), 'image/webp');
    await storage.deletePrefix('editions/dh/2026-11-20/2/run-b/');
    const writes = bucket.requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    expect(writes.length).toBeGreaterThan(0);
    for (const request of bucket.requests) {
      expect(Object.keys(request.headers).filter((h) => h.includes('acl'))).toEqual([]);
      expect(request.url).not.toMatch(/[?&]acl\b/);
    }
  });

  it('signs every request with the configured keys', async () => {
    await storage.check();
    const last = bucket.requests.at(-1);
    expect(last?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
  });

  it('turns a refused write into StorageUnavailableError', async () => {
    bucket.refuseWrites(true);
    try {
      await expect(
        storage.put('editions/dh/2026-11-20/2/run-c/p01.webp', bytes('x'), 'image/webp'),
      ).rejects.toThrow(StorageUnavailableError);
    } finally {
      bucket.refuseWrites(false);
    }
  });

  it('fails fast with StorageUnavailableError when the bucket is down', async () => {
    const down = new S3Storage({ ...bucket.options, endpoint: await downEndpoint() });
    try {
      const key = 'editions/dh/2026-11-20/2/run-d/p01.webp';
      await expect(down.check()).rejects.toThrow(StorageUnavailableError);
      await expect(down.get(key)).rejects.toThrow(StorageUnavailableError);
      await expect(down.put(key, bytes('x'), 'image/webp')).rejects.toThrow(
        StorageUnavailableError,
      );
      await expect(down.delete(key)).rejects.toThrow(StorageUnavailableError);
      await expect(down.deletePrefix('editions/')).rejects.toThrow(StorageUnavailableError);
      await expect(listed(down, 'editions/')).rejects.toThrow(StorageUnavailableError);
      const error = await down.check().catch((e: unknown) => e);
      expect(error).toMatchObject({
        statusCode: 503,
        message: 'Media storage is unavailable; try again shortly.',
        details: { retryAfterSeconds: 10 },
      });
    } finally {
      down.close();
    }
  });

  it('refuses a bucket that does not exist, rather than calling its objects missing', async () => {
    const elsewhere = new S3Storage({ ...bucket.options, bucket: 'no-such-bucket' });
    try {
      await expect(elsewhere.check()).rejects.toThrow(StorageUnavailableError);
      await expect(elsewhere.get('editions/x/p01.webp')).rejects.toThrow(StorageUnavailableError);
    } finally {
      elsewhere.close();
    }
  });
});
