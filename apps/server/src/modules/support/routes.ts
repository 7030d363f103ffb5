// POST /api/contact: the contact form's message for the editorial team (spec 2 §2,
// §5, §7). Folio keeps and delivers it itself instead of the spreadsheet service
// the spec's client posted to. Open to every reader, signed in or not (spec 2 §6);
// the CSRF guard still requires the site's own origin, as for every POST.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRequestSchema, errorBodySchema, okResponseSchema } from '@folio/core';
import type { ContactService } from './service.ts';

export const supportRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (
  app,
  { contact },
) => {
  app.post(
    '/api/contact',
    {
      schema: {
        summary:
          'Send the editorial team a message (name, email, subject, message); limited per client address',
        tags: ['support'],
        body: contactRequestSchema,
        response: {
          200: okResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => {
      // request.ip is the socket's address, or X-Forwarded-For's from a TRUST_PROXY proxy only.
      await contact.submit(request.body, request.ip);
      return { status: 'OK' as const };
    },
  );
};
