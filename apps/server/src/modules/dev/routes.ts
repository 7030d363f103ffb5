// GET and PUT /api/dev/clock: read or move the development clock, then run the
// renewal scheduler once at the new time, so what renewals do on that day
// (notices, charges, grace, expiry) has happened when the answer arrives.
// Outside production only (app.ts), and only for a client on this machine;
// anyone else gets the same 404 as a path that does not exist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, calendarToday, errorBodySchema } from '@folio/core';
import { NotFoundError } from '../../errors.ts';
import { isDirectLocalClient } from '../../http/loopback.ts';
import type { RenewalScheduler } from '../subscriptions/index.ts';
import type { DevClock } from './clock.ts';

/** Ten years ahead at most; the clock never goes back before real time. */
const MAX_OFFSET_DAYS = 3650;

const clockSchema = z.object({
  now: z.string(),
  /** The publisher's calendar date at that moment. */
  today: z.string(),
  offsetDays: z.number().int(),
});

const setClockSchema = z.strictObject({
  offsetDays: z
    .number({ error: `offsetDays must be a whole number from 0 to ${MAX_OFFSET_DAYS}.` })
    .int({ error: `offsetDays must be a whole number from 0 to ${MAX_OFFSET_DAYS}.` })
    .min(0, { error: `offsetDays must be a whole number from 0 to ${MAX_OFFSET_DAYS}.` })
    .max(MAX_OFFSET_DAYS, {
      error: `offsetDays must be a whole number from 0 to ${MAX_OFFSET_DAYS}.`,
    }),
});

export const devClockRoutes: FastifyPluginAsyncZod<{
  clock: DevClock;
  renewals: RenewalScheduler;
  timeZone: string;
}> = async (app, { clock, renewals, timeZone }) => {
  const answer = () => {
    const now = clock.now();
    return {
      now: now.toISOString(),
      today: calendarToday(now, timeZone),
      offsetDays: clock.offsetDays,
    };
  };

  app.get(
    '/api/dev/clock',
    {
      schema: {
        summary: 'The development clock (development, loopback clients only)',
        tags: ['dev'],
        response: { 200: clockSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!isDirectLocalClient(request)) throw new NotFoundError(MESSAGES.notFound);
      return answer();
    },
  );

  app.put(
    '/api/dev/clock',
    {
      schema: {
        summary:
          'Run the clock this many days ahead of real time, then run renewals once (development, loopback clients only)',
        tags: ['dev'],
        body: setClockSchema,
        response: { 200: clockSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!isDirectLocalClient(request)) throw new NotFoundError(MESSAGES.notFound);
      clock.setOffsetDays(request.body.offsetDays);
      await renewals.runOnce();
      return answer();
    },
  );
};
