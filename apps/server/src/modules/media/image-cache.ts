// The images readers ask for most (page images, previews, thumbnails, tiles), kept
// in this server's memory in front of a bucket. At the morning peak a thousand
// readers open the same front page within seconds: without this, each one costs a
// request to the bucket, and the bucket's latency becomes every reader's.
//
// Safe without invalidation because an image's key never changes content (every
// publish writes under a fresh run id, and later images get keys of their own:
// decisions 0002 and 0031); a put or delete of a key on this server drops it all the
// same. Only images are kept: article HTML and JSON records may be rewritten in
// place by the desk. Access is decided before the store is asked (MediaService), so
// a kept image is never handed to someone the gate refused.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { StorageUnavailableError } from '../../errors.ts';
import type { ListedObject, MediaStorage, StoredObject } from './storage.ts';

const IMAGE_KEY = /\.(avif|gif|jpe?g|png|webp)$/i;

export interface ImageCacheLimits {
  /** Bytes kept in all; the least recently read go first. */
  maxBytes: number;
  /** Larger images are streamed from the store and never kept. */
  maxObjectBytes: number;
}

export const DEFAULT_IMAGE_CACHE: ImageCacheLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxObjectBytes: 4 * 1024 * 1024,
};

interface Kept {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export class ImageCache implements MediaStorage {
  private readonly kept = new Map<string, Kept>();
  /** Reads of a key already on their way to the store, shared by everyone asking meanwhile. */
  private readonly reading = new Map<string, Promise<Kept | 'large' | undefined>>();
  private bytes = 0;

  constructor(
    private readonly store: MediaStorage,
    private readonly limits: ImageCacheLimits = DEFAULT_IMAGE_CACHE,
  ) {}

  /** Bytes kept now (for tests and metrics). */
  get keptBytes(): number {
    return this.bytes;
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (!IMAGE_KEY.test(key)) return this.store.get(key);
    const hit = this.kept.get(key);
    if (hit) {
      // Most recently read last: the Map's order is the eviction order.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return served(hit);
    }
    let pending = this.reading.get(key);
    if (!pending) {
      pending = this.read(key).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    const got = await pending;
    if (got === 'large') return this.store.get(key);
    return got && served(got);
  }

  private async read(key: string): Promise<Kept | 'large' | undefined> {
    const object = await this.store.get(key);
    if (!object) return undefined;
    if (object.size > this.limits.maxObjectBytes) {
      object.body.destroy();
      return 'large';
    }
    let bytes: Buffer;
    try {
      bytes = await buffer(object.body);
    } catch (error) {
      // The store cut the body off half way: a retryable refusal, never half an image.
      throw new StorageUnavailableError({ cause: error });
    }
    const kept: Kept = {
      bytes,
      contentType: object.contentType,
      etag: object.etag,
      lastModified: object.lastModified,
    };
    this.keep(key, kept);
    return kept;
  }

  private keep(key: string, kept: Kept): void {
    this.drop(key);
    this.kept.set(key, kept);
    this.bytes += kept.bytes.length;
    for (const [oldest, value] of this.kept) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= value.bytes.length;
    }
  }

  private drop(key: string): void {
    const old = this.kept.get(key);
    if (!old) return;
    this.kept.delete(key);
    this.bytes -= old.bytes.length;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    this.drop(key);
    await this.store.put(key, body, contentType);
  }

  async delete(key: string): Promise<void> {
    this.drop(key);
    await this.store.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const key of [...this.kept.keys()]) if (key.startsWith(prefix)) this.drop(key);
    await this.store.deletePrefix(prefix);
  }

  list(prefix: string): AsyncIterable<ListedObject> {
    return this.store.list(prefix);
  }

  check(): Promise<void> {
    return this.store.check();
  }
}

function served(kept: Kept): StoredObject {
  return {
    body: Readable.from([kept.bytes]),
    size: kept.bytes.length,
    contentType: kept.contentType,
    etag: kept.etag,
    lastModified: kept.lastModified,
  };
}
