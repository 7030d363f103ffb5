// The media module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { mediaRoutes } from './routes.ts';
export { MediaService } from './service.ts';
export { S3Storage } from './s3-storage.ts';
export { ImageCache } from './image-cache.ts';
export { LocalFolderStorage, type MediaStorage } from './storage.ts';
export { MEDIA_ROUTE, mediaUrl } from './urls.ts';
