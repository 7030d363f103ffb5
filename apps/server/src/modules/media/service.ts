// Decides which stored media a request gets. A page's files go only to viewers the
// access policy lets read that page; the blurred preview of a locked page goes to
// anyone and is made from the page's thumbnail the first time it is asked for.
import sharp from 'sharp';
import { BRANDS, MESSAGES, decideAccess, type BrandCode, type Entitlement } from '@folio/core';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import { mediaPlace } from '../access/media-places.ts';
import { isSafeMediaKey, type MediaStorage, type StoredObject } from './storage.ts';

export const INVALID_MEDIA_PATH = 'Invalid media path';
export const LOCKED_MEDIA = 'Subscribe to read this page.';
export const SIGN_IN_FOR_MEDIA = 'Log in or subscribe to read this page.';

/** Width and blur of a locked page's preview: enough to see a page is there, nothing to read. */
const LOCKED_PREVIEW_WIDTH = 120;
const LOCKED_PREVIEW_BLUR = 4;

/**
 * How an answer may be kept: for a year by anyone (keys never change content) when
 * any visitor may read it; for 5 minutes by the reader's own browser otherwise.
 */
export type MediaCaching = 'public' | 'private';

export interface ServedMedia {
  object: StoredObject;
  caching: MediaCaching;
}

export class MediaService {
  constructor(
    private readonly storage: MediaStorage,
    /** Today's edition date (06:00 rule), against which archive depth is counted. */
    private readonly today: () => string,
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
      const brand = BRANDS[where.brand];
      const today = this.today();
      const forVisitors = decideAccess({ kind: 'visitor' }, brand, where.place, today);
      if (!forVisitors.open) {
        const entitlement = await entitlementFor(where.brand);
        if (!decideAccess(entitlement, brand, where.place, today).open) {
          if (entitlement.kind === 'visitor') throw new UnauthorizedError(SIGN_IN_FOR_MEDIA);
          throw new ForbiddenError(LOCKED_MEDIA);
        }
        return { object: await this.stored(key), caching: 'private' };
      }
    }
    return { object: await this.stored(key), caching: 'public' };
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
    const chunks: Buffer[] = [];
    for await (const chunk of thumb.body) chunks.push(chunk as Buffer);
    const blurred = await sharp(Buffer.concat(chunks))
      .resize({ width: LOCKED_PREVIEW_WIDTH })
      .blur(LOCKED_PREVIEW_BLUR)
      .webp({ quality: 50 })
      .toBuffer();
    // Written once; two readers making it at the same moment write the same bytes.
    await this.storage.put(key, blurred, 'image/webp');
    return this.stored(key);
  }
}
