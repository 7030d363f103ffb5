// Media in an S3-compatible bucket (AWS S3, MinIO, R2, …), for servers that share
// their media: every instance reads and writes the same objects, none keeps any on
// its own disk. Objects are private (no ACL is ever sent): readers reach them only
// through the /media route, which checks access first (docs/decisions/0037).
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { StorageUnavailableError } from '../../errors.ts';
import { contentTypeFor } from './content-types.ts';
import {
  InvalidMediaKeyError,
  isSafeMediaKey,
  isSafeMediaPrefix,
  type ListedObject,
  type MediaStorage,
  type StoredObject,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** A store other than AWS (e.g. http://127.0.0.1:4569); AWS's own endpoint when unset. */
  endpoint?: string;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (host/bucket/key) rather than the host name; most non-AWS stores need it. */
  forcePathStyle: boolean;
}

/**
 * A key never changes content (every publish writes under a fresh run id), so
 * whoever may hold a copy may hold it for a year. Only the /media route decides
 * who may hold one: the bucket itself serves nobody.
 */
const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What one DeleteObjects call may name, and what one ListObjectsV2 page holds at most. */
const DELETE_BATCH = 1000;

/**
 * A bucket that does not answer must fail a reader's request quickly (a 503 they
 * can retry), not hold it and the socket: connecting may take 2 s and the answer's
 * headers 10 s, once retried. A body that stalls for 30 s is cut.
 */
const CONNECTION_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 10_000;
const SOCKET_IDLE_TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 2;
/** Pages are streamed through the server: many readers at once each hold a socket to the bucket. */
const MAX_SOCKETS = 256;

/** The object (or, for HEAD-style calls, the resource) is not there: an answer, not a failure. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.$metadata.httpStatusCode === 404 &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}

export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId !== undefined &&
        options.secretAccessKey !== undefined && {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }),
      maxAttempts: MAX_ATTEMPTS,
      // Checksums only where the API demands them: S3-compatible stores other than
      // AWS often refuse the newer flexible-checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
        httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
        httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      },
    });
  }

  /** Runs one call to the bucket; anything but an answer becomes StorageUnavailableError. */
  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      throw new StorageUnavailableError({ cause: error });
    }
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    if (!isSafeMediaKey(key) || key.endsWith('/')) throw new InvalidMediaKeyError(key);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: OBJECT_CACHE_CONTROL,
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    if (!isSafeMediaKey(key)) throw new InvalidMediaKeyError(key);
    if (key.endsWith('/')) return undefined;
    let answer;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageUnavailableError({ cause: error });
    }
    const body = answer.Body;
    if (!(body instanceof Readable))
      throw new StorageUnavailableError({ cause: new Error('the bucket sent no body stream') });
    const size = answer.ContentLength ?? 0;
    const lastModified = answer.LastModified ?? new Date(0);
    return {
      body,
      size,
      // The key names the type on every store alike, as the media route relies on
      // (HTML gets its sandbox by it); what the bucket says is the writer's word.
      contentType: contentTypeFor(key),
      // Every S3 store sends one; the stand-in still tells versions of a key apart.
      etag: answer.ETag ?? `"${size.toString(16)}-${lastModified.getTime().toString(16)}"`,
      lastModified,
    };
  }

  async delete(key: string): Promise<void> {
    if (!isSafeMediaKey(key) || key.endsWith('/')) throw new InvalidMediaKeyError(key);
    // S3 answers a missing key's delete with success too.
    await this.call(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!isSafeMediaPrefix(prefix)) throw new InvalidMediaKeyError(prefix);
    // A page at a time: a prefix holds at most an edition's files, but the listing
    // is paged anyway, and deleting what was listed does not disturb the next page.
    let batch: string[] = [];
    for await (const object of this.list(prefix)) {
      batch.push(object.key);
      if (batch.length === DELETE_BATCH) {
        await this.deleteBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await this.deleteBatch(batch);
  }

  private async deleteBatch(keys: string[]): Promise<void> {
    const answer = await this.call(() =>
      this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      ),
    );
    const failed = answer.Errors ?? [];
    if (failed.length > 0) {
      const first = failed[0];
      throw new StorageUnavailableError({
        cause: new Error(
          `could not delete ${failed.length} of ${keys.length} objects (${first?.Key}: ${first?.Code} ${first?.Message})`,
        ),
      });
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    if (!isSafeMediaPrefix(prefix)) throw new InvalidMediaKeyError(prefix);
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ContinuationToken: token,
            MaxKeys: DELETE_BATCH,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield {
          key: object.Key,
          lastModified: object.LastModified ?? new Date(0),
          size: object.Size ?? 0,
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  async check(): Promise<void> {
    await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  /** Closes the client's sockets (a server shutting down, a test finishing). */
  close(): void {
    this.client.destroy();
  }
}
