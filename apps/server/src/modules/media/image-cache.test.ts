import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../errors.ts';
import { ImageCache } from './image-cache.ts';
import type { ListedObject, MediaStorage, StoredObject } from './storage.ts';

/** A store in memory that counts what it is asked, and can cut a body off. */
class CountingStore implements MediaStorage {
  readonly objects = new Map<string, Buffer>();
  gets = 0;
  cutOff = false;

  async put(key: string, body: Uint8Array): Promise<void> {
    this.objects.set(key, Buffer.from(body));
  }
  async get(key: string): Promise<StoredObject | undefined> {
    this.gets += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const bytes = this.objects.get(key);
    if (!bytes) return undefined;
    const cut = this.cutOff;
    const body = new Readable({
      read() {
        if (cut) this.destroy(new Error('socket hang up'));
        else {
          this.push(bytes);
          this.push(null);
        }
      },
    });
    return {
      body,
      size: bytes.length,
      contentType: 'image/webp',
      etag: `"${bytes.length}"`,
      lastModified: new Date(0),
    };
  }
  async delete(key: string): Promise<void> {
    this.objects.delete(key);
  }
  async deletePrefix(prefix: string): Promise<void> {
    for (const key of [...this.objects.keys()])
      if (key.startsWith(prefix)) this.objects.delete(key);
  }
  async *list(): AsyncIterable<ListedObject> {}
  async check(): Promise<void> {}
}

const read = async (cache: ImageCache, key: string) => {
  const object = await cache.get(key);
  return object && (await buffer(object.body)).toString();
};

describe('ImageCache', () => {
  it('asks the store once for an image many readers want at the same moment, then never again', async () => {
    const store = new CountingStore();
    await store.put('e/run/p1.webp', Buffer.from('page one'));
    const cache = new ImageCache(store);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => read(cache, 'e/run/p1.webp')),
    );
    expect(new Set(answers)).toEqual(new Set(['page one']));
    expect(await read(cache, 'e/run/p1.webp')).toBe('page one');
    expect(store.gets).toBe(1);
  });

  it('reads what is not an image from the store every time (HTML may be rewritten in place)', async () => {
    const store = new CountingStore();
    await store.put('e/run/a1.html', Buffer.from('v1'));
    const cache = new ImageCache(store);
    expect(await read(cache, 'e/run/a1.html')).toBe('v1');
    await store.put('e/run/a1.html', Buffer.from('v2'));
    expect(await read(cache, 'e/run/a1.html')).toBe('v2');
    expect(store.gets).toBe(2);
  });

  it('keeps no miss: an image written after a 404 is served', async () => {
    const store = new CountingStore();
    const cache = new ImageCache(store);
    expect(await cache.get('e/run/late.webp')).toBeUndefined();
    await store.put('e/run/late.webp', Buffer.from('late'));
    expect(await read(cache, 'e/run/late.webp')).toBe('late');
  });

  it('drops an image put or deleted through it', async () => {
    const store = new CountingStore();
    const cache = new ImageCache(store);
    await cache.put('e/run/p1.webp', Buffer.from('one'), 'image/webp');
    expect(await read(cache, 'e/run/p1.webp')).toBe('one');
    await cache.put('e/run/p1.webp', Buffer.from('two'), 'image/webp');
    expect(await read(cache, 'e/run/p1.webp')).toBe('two');
    await cache.deletePrefix('e/run/');
    expect(await cache.get('e/run/p1.webp')).toBeUndefined();
    expect(cache.keptBytes).toBe(0);
  });

  it('forgets the least recently read images beyond its byte limit, and never keeps a large one', async () => {
    const store = new CountingStore();
    for (const name of ['a', 'b', 'c']) await store.put(`k/${name}.webp`, Buffer.alloc(10, name));
    await store.put('k/big.webp', Buffer.alloc(50, 'z'));
    const cache = new ImageCache(store, { maxBytes: 20, maxObjectBytes: 40 });
    await read(cache, 'k/a.webp');
    await read(cache, 'k/b.webp');
    await read(cache, 'k/a.webp'); // a is now the most recent
    await read(cache, 'k/c.webp'); // b goes
    expect(cache.keptBytes).toBe(20);
    const before = store.gets;
    await read(cache, 'k/a.webp');
    await read(cache, 'k/c.webp');
    expect(store.gets).toBe(before);
    await read(cache, 'k/b.webp');
    expect(store.gets).toBe(before + 1);
    expect(await read(cache, 'k/big.webp')).toBe('z'.repeat(50));
    expect(cache.keptBytes).toBeLessThanOrEqual(20);
  });

  it('turns a body the store cut off into a retryable refusal and keeps nothing', async () => {
    const store = new CountingStore();
    await store.put('e/run/p1.webp', Buffer.from('page'));
    store.cutOff = true;
    const cache = new ImageCache(store);
    await expect(cache.get('e/run/p1.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
    store.cutOff = false;
    expect(await read(cache, 'e/run/p1.webp')).toBe('page');
  });
});
