// GET /api/dev/outbox: what the development outbox "sent", newest first. It holds
// every sign-in code, so it fails closed: app.ts registers it only outside
// production and only while no real delivery is configured (devOutboxServed), and
// it answers only a client on this machine, judged by the socket's own address
// (never X-Forwarded-For) and only when no proxy forwarded the request. Anyone
// else gets the same 404 as a path that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, errorBodySchema, outboxMessageSchema } from '@folio/core';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../errors.ts';
import { isDirectLocalClient } from '../../http/loopback.ts';
import type { DevOutbox } from './dev-outbox.ts';

/** Development only, and only while every channel goes to the outbox. */
export function devOutboxServed(config: Pick<Config, 'nodeEnv' | 'smtp' | 'smsGateway'>): boolean {
  return (
    config.nodeEnv !== 'production' && config.smtp === undefined && config.smsGateway === undefined
  );
}

export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: DevOutbox }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary:
          'Messages the development outbox received, newest first (development, loopback clients only)',
        tags: ['dev'],
        response: { 200: z.array(outboxMessageSchema), 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!isDirectLocalClient(request)) throw new NotFoundError(MESSAGES.notFound);
      return outbox.list();
    },
  );
};
