import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRANDS, errorBodySchema } from '@folio/core';
import { GATE_REFUSALS, type ViewerEntitlements } from '../access/index.ts';
import { ServiceUnavailableError } from '../../errors.ts';
import { matchesEtag } from '../../http/etag.ts';
import type { MediaService } from './service.ts';
import { MEDIA_ROUTE } from './urls.ts';

// Every key carries the unique id of the ingest run that wrote it, so a URL's
// content never changes and browsers and CDNs may keep what any visitor may read
// for a year. What only some readers may read is checked on every request and
// kept only by the reader's own browser, for 5 minutes.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// A page any visitor may read today only because of the desk's choices: the reader's
// browser keeps it (they were given it), a CDN only for 5 minutes before it asks the
// gate again, so a page the desk makes paid stops being handed out.
const FREE_FOR_NOW = 'public, max-age=31536000, s-maxage=300, immutable';
const PRIVATE = 'private, max-age=300';
/** A store that did not answer now may answer in a moment: no cache may keep the refusal. */
const NO_STORE = 'no-store';
// Article HTML is data for the reader, never a page of its own: opened directly it
// may not run anything or be framed.
const HTML_MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'self'; sandbox";

export const mediaRoutes: FastifyPluginAsyncZod<{
  media: MediaService;
  viewers: ViewerEntitlements;
}> = async (app, { media, viewers }) => {
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
          ...GATE_REFUSALS,
          404: errorBodySchema,
          503: errorBodySchema.describe('The media store did not answer; try again shortly'),
        },
      },
    },
    async (request, reply) => {
      const { object, caching } = await media
        .open(request.params['*'], (brand) => viewers.of(request, reply, BRANDS[brand]))
        .catch((error: unknown) => {
          if (error instanceof ServiceUnavailableError) reply.header('cache-control', NO_STORE);
          throw error;
        });
      if (caching === 'private') reply.header('vary', 'Cookie');
      reply
        .header(
          'cache-control',
          caching === 'public' ? IMMUTABLE : caching === 'free' ? FREE_FOR_NOW : PRIVATE,
        )
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
