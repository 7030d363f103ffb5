// Decides which stored media a request gets. A page's files go only to viewers the
// access policy lets read that page; the blurred preview of a locked page goes to
// anyone and is made from the page's thumbnail the first time it is asked for.
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import {
  BRANDS,
  MESSAGES,
  deepTileFile,
  parseDeepTileFile,
  type BrandCode,
  type Entitlement,
} from '@folio/core';
import type { PageTiles, TileJob } from '@folio/ingest';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../errors.ts';
import type { AccessGate } from '../access/index.ts';
import { mediaPlace } from '../access/index.ts';
import { isSafeMediaKey, type MediaStorage, type StoredObject } from './storage.ts';
import { MEDIA_ROUTE } from './urls.ts';

export const INVALID_MEDIA_PATH = 'Invalid media path';

const VISITOR: Entitlement = { kind: 'visitor' };
/** An article's HTML is a few KB; anything far larger is not drawn into a document. */
const MAX_VISITOR_TEXT_BYTES = 256 * 1024;

/** Width and blur of a locked page's preview: enough to see a page is there, nothing to read. */
const LOCKED_PREVIEW_WIDTH = 120;
const LOCKED_PREVIEW_BLUR = 4;

/**
 * How an answer may be kept: for a year by anyone (keys never change content) when
 * any visitor may read it; for 5 minutes by the reader's own browser otherwise.
 */
export type MediaCaching = 'public' | 'free' | 'private';

export interface ServedMedia {
  object: StoredObject;
  caching: MediaCaching;
}

/** Makes a page's deep-zoom tiles from its PDF (a render worker in production). */
export type TileRenderer = (job: TileJob) => Promise<PageTiles>;

/**
 * In a cluster (JOB_RUNNER=queue, decision 0040) a web server renders no PDF:
 * `request` sends the page's `page.tiles` job and waits up to `timeoutMs` for a
 * worker to finish it (`queued` at once when another request's job for the page
 * is already waiting); a reader's zoom waits `waitMs` in all (default 25 s).
 */
export interface TileWorkers {
  request(
    page: { folder: string; pageNo: number },
    timeoutMs: number,
  ): Promise<'completed' | 'failed' | 'timeout' | 'queued'>;
  waitMs?: number;
}

/** How long a reader's zoom waits for a worker's tiles before a retryable 503. */
const TILE_WAIT_MS = 25_000;
/** How often a request whose page already has a job waiting looks for its tiles. */
const TILE_LOOK_MS = 250;
export const TILES_PENDING = 'The zoomed page is being prepared; try again in a moment.';
const TILES_RETRY_AFTER_SECONDS = 5;

export class MediaService {
  /** Pages whose tiles are being made, so readers zooming at once share one render. */
  private readonly tiling = new Map<string, Promise<void>>();

  constructor(
    private readonly storage: MediaStorage,
    /** Whether the viewer may have a page's files (401/403 when not). */
    private readonly gate: AccessGate,
    private readonly renderTiles: TileRenderer,
    /** Set in queue mode: tiles are made by workers, never in this process. */
    private readonly tileWorkers?: TileWorkers,
  ) {}

  /**
   * The object at `key` for a viewer whose entitlement for a brand `entitlementFor`
   * resolves (asked only when the file is not open to everyone).
   */
  async open(
    key: string,
    entitlementFor: (brand: BrandCode) => Promise<Entitlement>,
  ): Promise<ServedMedia> {
    if (!isSafeMediaKey(key)) throw new BadRequestError(INVALID_MEDIA_PATH);
    const where = mediaPlace(key);
    if (where.kind === 'unknown') throw new NotFoundError(MESSAGES.notFound);
    if (where.kind === 'locked-preview')
      return { object: await this.lockedPreview(key, where.thumbKey), caching: 'public' };
    if (where.kind === 'issue') {
      const admitted = await this.gate.admit(BRANDS[where.brand], where.place, () =>
        entitlementFor(where.brand),
      );
      if (admitted === 'viewer') return { object: await this.file(key), caching: 'private' };
      // Free today by the desk's choices (the free edition, the open front page), which
      // may change: a shared cache must ask again soon, or it would go on handing out a
      // page that has since become paid.
      return { object: await this.file(key), caching: 'free' };
    }
    return { object: await this.file(key), caching: 'public' };
  }

  /**
   * A text file (an article's HTML) as a visitor would be served it at its address
   * (`/media/{key}`), or nothing when a visitor may not have it or it is missing:
   * what a document may draw before it knows who reads it.
   */
  async visitorText(href: string): Promise<string | undefined> {
    const prefix = `${MEDIA_ROUTE}/`;
    if (!href.startsWith(prefix)) return undefined;
    try {
      const { object } = await this.open(href.slice(prefix.length), async () => VISITOR);
      if (object.size > MAX_VISITOR_TEXT_BYTES) {
        object.body.destroy();
        return undefined;
      }
      return (await buffer(object.body)).toString('utf8');
    } catch (error) {
      if (
        error instanceof UnauthorizedError ||
        error instanceof ForbiddenError ||
        error instanceof NotFoundError ||
        error instanceof BadRequestError
      )
        return undefined;
      throw error;
    }
  }

  /** A stored file; a page's deep-zoom tile is made, with all its others, when first asked for. */
  private async file(key: string): Promise<StoredObject> {
    const folderEnd = key.lastIndexOf('/') + 1;
    const tile = parseDeepTileFile(key.slice(folderEnd));
    if (!tile) return this.stored(key);
    const existing = await this.storage.get(key);
    if (existing) return existing;
    const folder = key.slice(0, folderEnd);
    // Every tile of a page is written at once: with its first tile there, a missing
    // one is outside the grid and no reason to render the page again.
    const first = await this.storage.get(folder + deepTileFile(tile.pageNo, 0, 0));
    if (first) {
      first.body.destroy();
      throw new NotFoundError(MESSAGES.notFound);
    }
    await this.tilesOf(folder, tile.pageNo, this.tileWorkers);
    return this.stored(key);
  }

  /** Readers zooming into one page at once share one render here, or one wait for a worker. */
  private tilesOf(folder: string, pageNo: number, workers: TileWorkers | undefined) {
    const page = folder + deepTileFile(pageNo, 0, 0);
    let making = this.tiling.get(page);
    if (!making) {
      making = (
        workers ? this.tilesFromWorker(folder, pageNo, workers) : this.makeTiles(folder, pageNo)
      ).finally(() => this.tiling.delete(page));
      this.tiling.set(page, making);
    }
    return making;
  }

  /**
   * A worker's `page.tiles` job: the page's tiles, unless they are there already
   * (a job run again after its worker died, or a second job for the page).
   */
  async makePageTiles(folder: string, pageNo: number): Promise<void> {
    const first = await this.storage.get(folder + deepTileFile(pageNo, 0, 0));
    if (first) {
      first.body.destroy();
      return;
    }
    await this.tilesOf(folder, pageNo, undefined);
  }

  /** Queue mode: a worker makes the tiles; a wait that runs out is a 503 the reader may retry. */
  private async tilesFromWorker(folder: string, pageNo: number, workers: TileWorkers) {
    // A page with no PDF is a 404 here, not a job that fails on a worker.
    const source =
      (await this.storage.get(`${folder}p${String(pageNo).padStart(2, '0')}.pdf`)) ??
      (await this.storage.get(`${folder}edition.pdf`));
    if (!source) throw new NotFoundError(MESSAGES.notFound);
    source.body.destroy();
    const waitMs = workers.waitMs ?? TILE_WAIT_MS;
    const deadline = Date.now() + waitMs;
    const outcome = await workers.request({ folder, pageNo }, waitMs);
    if (outcome === 'completed') return;
    if (outcome === 'failed')
      throw new Error(`the tiles of ${folder} page ${pageNo} could not be made`);
    // Another request's job is waiting (or this one's ran out): the first tile,
    // written last, says the worker is done.
    for (;;) {
      const first = await this.storage.get(folder + deepTileFile(pageNo, 0, 0));
      if (first) {
        first.body.destroy();
        return;
      }
      if (Date.now() >= deadline)
        throw new ServiceUnavailableError(TILES_PENDING, {
          details: { retryAfterSeconds: TILES_RETRY_AFTER_SECONDS },
        });
      await new Promise((resolve) => setTimeout(resolve, TILE_LOOK_MS));
    }
  }

  private async makeTiles(folder: string, pageNo: number): Promise<void> {
    // Ingest stores each page's own PDF, or the whole edition's when it could not split it.
    const own = await this.storage.get(`${folder}p${String(pageNo).padStart(2, '0')}.pdf`);
    const source = own
      ? { object: own, pageInFile: 1 }
      : await this.storage
          .get(`${folder}edition.pdf`)
          .then((object) => object && { object, pageInFile: pageNo });
    if (!source) throw new NotFoundError(MESSAGES.notFound);
    const { columns, tiles } = await this.renderTiles({
      pdf: await buffer(source.object.body),
      pageInFile: source.pageInFile,
    });
    // The first tile last: its presence says the page's tiles are all there.
    const writes = tiles.map((bytes, index) => ({
      key: folder + deepTileFile(pageNo, index % columns, Math.floor(index / columns)),
      bytes,
    }));
    const [firstTile, ...rest] = writes;
    await Promise.all(rest.map((w) => this.storage.put(w.key, w.bytes, 'image/webp')));
    if (firstTile) await this.storage.put(firstTile.key, firstTile.bytes, 'image/webp');
  }

  private async stored(key: string): Promise<StoredObject> {
    const object = await this.storage.get(key);
    if (!object) throw new NotFoundError(MESSAGES.notFound);
    return object;
  }

  private async lockedPreview(key: string, thumbKey: string): Promise<StoredObject> {
    const existing = await this.storage.get(key);
    if (existing) return existing;
    const thumb = await this.storage.get(thumbKey);
    if (!thumb) throw new NotFoundError(MESSAGES.notFound);
    const blurred = await sharp(await buffer(thumb.body))
      .resize({ width: LOCKED_PREVIEW_WIDTH })
      .blur(LOCKED_PREVIEW_BLUR)
      .webp({ quality: 50 })
      .toBuffer();
    // Written once; two readers making it at the same moment write the same bytes.
    await this.storage.put(key, blurred, 'image/webp');
    return this.stored(key);
  }
}
