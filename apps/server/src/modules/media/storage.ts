// Media storage (page images, thumbnails, clips, article HTML). The local folder is
// the default, a bucket (s3-storage.ts) when S3_BUCKET is set; ingest writes
// through the same `put` (its MediaSink contract).
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { StorageUnavailableError } from '../../errors.ts';
import { contentTypeFor } from './content-types.ts';

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
  /** Strong validator; keys never change content, so it only has to tell versions of a key apart. */
  etag: string;
  lastModified: Date;
}

/** One stored object as a listing names it. */
export interface ListedObject {
  key: string;
  lastModified: Date;
  size: number;
}

export interface MediaStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** undefined when no object has this key. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes every object whose key starts with `prefix` (a folder-like prefix ending in "/"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Removes one object; nothing happens when no object has this key. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a folder-like prefix ending in
   * "/"), in no promised order, read page by page as the caller goes.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Resolves when the store answers and may be written; throws StorageUnavailableError when not. */
  check(): Promise<void>;
}

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Invalid media key "${key}"`);
    this.name = 'InvalidMediaKeyError';
  }
}

/**
 * Keys are relative, slash-separated and free of "." and ".." segments, so no key
 * can name a file outside the storage root however it was encoded in the URL.
 */
export function isSafeMediaKey(key: string): boolean {
  if (key === '' || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  const segments = key.split('/');
  return segments.every(
    (s, i) => (s !== '' || i === segments.length - 1) && s !== '.' && s !== '..',
  );
}

/** A folder-like prefix: a safe key ending in "/", as deletePrefix and list take. */
export function isSafeMediaPrefix(prefix: string): boolean {
  return prefix.endsWith('/') && isSafeMediaKey(prefix);
}

/** put's temporary file beside its target, renamed into place once written. */
const TEMP_FILE = /\.[0-9a-f]{12}\.tmp$/;

export class LocalFolderStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private fileFor(key: string): string {
    if (!isSafeMediaKey(key)) throw new InvalidMediaKeyError(key);
    const file = path.resolve(this.root, ...key.split('/'));
    // Belt and braces on top of the key check: never leave the root.
    if (file !== this.root && !file.startsWith(this.root + path.sep))
      throw new InvalidMediaKeyError(key);
    return file;
  }

  async put(key: string, body: Uint8Array, _contentType: string): Promise<void> {
    if (key.endsWith('/')) throw new InvalidMediaKeyError(key);
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never gets a half-written file.
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (key.endsWith('/')) return undefined;
    const file = this.fileFor(key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      body: createReadStream(file),
      size: info.size,
      contentType: contentTypeFor(key),
      etag: `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/')) throw new InvalidMediaKeyError(prefix);
    await rm(this.fileFor(prefix), { recursive: true, force: true });
  }

  async delete(key: string): Promise<void> {
    if (key.endsWith('/')) throw new InvalidMediaKeyError(key);
    await rm(this.fileFor(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    if (!isSafeMediaPrefix(prefix)) throw new InvalidMediaKeyError(prefix);
    yield* this.walk(this.fileFor(prefix), prefix);
  }

  private async *walk(folder: string, prefix: string): AsyncGenerator<ListedObject> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        // A prefix nothing was written under lists nothing, as in a bucket.
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(file, `${prefix}${entry.name}/`);
      } else if (entry.isFile() && !TEMP_FILE.test(entry.name)) {
        // Removed since the folder was read: no longer an object.
        const info = await stat(file).catch(() => undefined);
        if (info) yield { key: prefix + entry.name, lastModified: info.mtime, size: info.size };
      }
    }
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new StorageUnavailableError({ cause: error });
    }
  }
}
