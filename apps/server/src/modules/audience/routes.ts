// POST /api/readers/visit: the reader's daily beacon (issue 27 part 5). Open to
// everybody, like the contact form (the CSRF guard still wants the site's origin).
// Who is asking comes from the access module's one decision, never from the body.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BRANDS,
  READER_VISIT_PATH,
  errorBodySchema,
  okResponseSchema,
  readerVisitSchema,
} from '@folio/core';
import type { ViewerEntitlements } from '../access/index.ts';
import type { ReaderVisits } from './visits.ts';

export const audienceRoutes: FastifyPluginAsyncZod<{
  visits: ReaderVisits;
  viewers: ViewerEntitlements;
}> = async (app, { visits, viewers }) => {
  app.post(
    READER_VISIT_PATH,
    {
      schema: {
        summary:
          'Count this page load in the day’s readers of a brand (kept only as a salted hash); limited per client address',
        tags: ['readers'],
        body: readerVisitSchema,
        response: {
          200: okResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { brand } = request.body;
      const { readerId, entitlement } = await viewers.reader(request, reply, BRANDS[brand]);
      await visits.record(brand, {
        readerId,
        entitlement: entitlement.kind,
        // request.ip is the socket's address, or X-Forwarded-For's from a TRUST_PROXY proxy only.
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return { status: 'OK' as const };
    },
  );
};
