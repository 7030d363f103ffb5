// The business desk's figures (issue 27 part 5) under /api/desk/figures, behind the
// desk's one guard with the `figures` capability (admins): per brand and day, as
// JSON for the console's charts and table, and as a CSV file to download.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { figuresQuerySchema, figuresSchema } from '@folio/core/desk';
import type { FolioAuth } from '../auth/index.ts';
import { figuresCsv } from './figures-csv.ts';
import type { DeskFigures } from './figures.ts';
import { DESK_REFUSALS as errors, deskGuard } from './guard.ts';
import type { DeskService } from './service.ts';

export const figuresRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
  figures: DeskFigures;
}> = async (app, { auth, desk, figures }) => {
  const needs = deskGuard(auth, desk);

  app.get(
    '/api/desk/figures',
    {
      onRequest: needs('figures'),
      schema: {
        summary:
          'Desk: a paper’s figures per day and in total (subscribers, renewals, cancellations, refunds, net revenue, readers); at most 366 days',
        tags: ['desk'],
        querystring: figuresQuerySchema,
        response: { 200: figuresSchema, ...errors },
      },
    },
    async (request) => figures.figures(request.query),
  );

  app.get(
    '/api/desk/figures.csv',
    {
      onRequest: needs('figures'),
      schema: {
        summary: 'Desk: the same figures as a CSV file, one row per day, money in major units',
        tags: ['desk'],
        querystring: figuresQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { brand, from, to } = request.query;
      const csv = figuresCsv(await figures.figures(request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="figures-${brand}-${from}-${to}.csv"`)
        .send(csv);
    },
  );
};
