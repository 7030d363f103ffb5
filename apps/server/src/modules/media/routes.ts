import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@folio/core';
import type { MediaService } from './service.ts';
import { MEDIA_ROUTE } from './urls.ts';

// Every key carries the unique id of the ingest run that wrote it, so a URL's
// content never changes and browsers and CDNs may keep it for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Article HTML is data for the reader, never a page of its own: opened directly it
// may not run anything or be framed.
const HTML_MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'self'; sandbox";

/** If-None-Match may list several validators, weak ones prefixed W/, or be "*". */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((v) => {
    const tag = v.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (
  app,
  { media },
) => {
  app.get(
    `${MEDIA_ROUTE}/*`,
    {
      schema: {
        summary: 'Page images, thumbnails, clips, PDFs and article HTML',
        tags: ['media'],
        params: z.object({ '*': z.string() }),
        response: {
          200: z.unknown().describe('The file, with its content type'),
          304: z.undefined().describe('Not modified (If-None-Match matched the ETag)'),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const object = await media.open(request.params['*']);
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', object.etag)
        .header('last-modified', object.lastModified.toUTCString());
      if (matchesEtag(request.headers['if-none-match'], object.etag)) {
        object.body.destroy();
        return reply.code(304).send(undefined);
      }
      if (object.contentType.startsWith('text/html'))
        reply.header('content-security-policy', HTML_MEDIA_CSP);
      return reply.type(object.contentType).header('content-length', object.size).send(object.body);
    },
  );
};
