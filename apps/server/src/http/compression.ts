// On-the-fly compression of API answers (JSON, article HTML, the OpenAPI document)
// above a size worth the CPU. The web app's own files are compressed at build time
// and sent as they are (web-app.ts), the e-paper data answers once per publish
// (epaper-answers.ts); images and PDFs are already compressed and never go
// through here again. Request bodies are never decompressed: no route
// takes a compressed upload, and inflating one would only open a door to zip bombs.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes the headers and the CPU cost more than compression saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

// Text-like types only: image/webp, application/pdf and octet-stream are left alone.
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?json|application\/javascript|image\/svg\+xml)/;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
