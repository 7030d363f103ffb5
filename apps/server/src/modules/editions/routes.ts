// Content API paths from spec 1 §7, under /api.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableDatesQuerySchema,
  availableDatesSchema,
  editionGroupsSchema,
  editionsQuerySchema,
  epaperDataQuerySchema,
  epaperDataSchema,
  errorBodySchema,
  holidayPopupSchema,
  holidayQuerySchema,
} from '@folio/core';
import { pickEncoding } from '../../http/encoding.ts';
import type { ViewerEntitlements } from '../access/index.ts';
import { matchesEtag } from '../../http/etag.ts';
import type { EpaperAnswers } from './epaper-answers.ts';
import type { EpaperReplays } from './epaper-replays.ts';
import type { EditionService } from './service.ts';

export const editionRoutes: FastifyPluginAsyncZod<{
  editions: EditionService;
  answers: EpaperAnswers;
  replays: EpaperReplays;
  viewers: ViewerEntitlements;
}> = async (app, { editions, answers, replays, viewers }) => {
  app.get(
    '/api/epaper/editions',
    {
      schema: {
        summary: 'Edition groups of a publisher',
        tags: ['epaper'],
        querystring: editionsQuerySchema,
        response: { 200: editionGroupsSchema, 400: errorBodySchema },
      },
    },
    async (request) => editions.listEditions(request.query.publisher),
  );

  app.get(
    '/api/epaper/data',
    {
      schema: {
        summary: 'Pages, sections and hotspots of one edition on one date',
        tags: ['epaper'],
        querystring: epaperDataQuerySchema,
        response: { 200: epaperDataSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
      // Last of the onSend hooks: what the reader is sent, headers and all, is recorded.
      onSend: (request, reply, payload, done) => {
        replays.record(request, reply, payload);
        done(null, payload);
      },
    },
    async (request, reply) => {
      const { publisher, date, edition } = request.query;
      const entitlement = await viewers.of(request, reply, publisher);
      const answer = await answers.answer(
        { brand: publisher, date, editionNumber: edition },
        entitlement,
      );
      // The answer is JSON already, in each encoding (sent as bytes with its JSON
      // content type), so this reply bypasses the schema's typed serialiser and
      // the on-the-fly compression.
      const raw = reply as FastifyReply;
      raw.headers(answer.headers);
      // The answer depends on the session cookie: no cache may hand one reader's to another.
      raw.header('vary', 'Accept-Encoding, Cookie');
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return raw.code(304).send();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') raw.header('content-encoding', encoding);
      const body = answer.encoded[encoding];
      // Only visitors' answers are replayed, and only to requests without a session.
      if (entitlement.kind === 'visitor') replays.sent(request, { answer, body });
      return raw.send(body);
    },
  );

  app.get(
    '/api/epaper/available-dates',
    {
      schema: {
        summary: 'Days of a month up to today, with whether an edition exists',
        tags: ['epaper'],
        querystring: availableDatesQuerySchema,
        response: { 200: availableDatesSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      editions.availableDates({
        brand: request.query.publisher,
        month: request.query.month,
        year: request.query.year,
      }),
  );

  app.get(
    '/api/pop-up/by-date',
    {
      schema: {
        summary: 'Holiday notice for a date (empty when there is none)',
        tags: ['epaper'],
        querystring: holidayQuerySchema,
        response: { 200: holidayPopupSchema, 400: errorBodySchema },
      },
    },
    async (request) =>
      editions.holidayPopup({ brand: request.query.publisher, date: request.query.date }),
  );
};
