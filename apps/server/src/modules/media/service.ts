// Decides which stored media a request gets. Access checks (a locked page served as
// a blurred preview) belong here, so every route that hands out media shares them.
import { MESSAGES } from '@folio/core';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { isSafeMediaKey, type MediaStorage, type StoredObject } from './storage.ts';

export const INVALID_MEDIA_PATH = 'Invalid media path';

export class MediaService {
  constructor(private readonly storage: MediaStorage) {}

  async open(key: string): Promise<StoredObject> {
    if (!isSafeMediaKey(key)) throw new BadRequestError(INVALID_MEDIA_PATH);
    const object = await this.storage.get(key);
    if (!object) throw new NotFoundError(MESSAGES.notFound);
    return object;
  }
}
