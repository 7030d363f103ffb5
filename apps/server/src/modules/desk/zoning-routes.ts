// The zoning editor's routes (issue 26 part 9), under the desk's one guard with the
// `zoning` capability: a published issue's pages, one page's boxes and image, and
// the save that re-publishes the page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  editionDayParamsSchema,
  pageZoningSchema,
  publishedPagesSchema,
  zoningPageParamsSchema,
  zoningSaveSchema,
} from '@folio/core/desk';
import type { FolioAuth } from '../auth/index.ts';
import { DESK_REFUSALS as errors, deskCaller, deskGuard } from './guard.ts';
import { actorOf, type DeskService } from './service.ts';

/**
 * The most a save may send: MAX_ZONING_BOXES boxes, each with an id and a title of
 * MAX_ARTICLE_TITLE characters (up to 3 bytes each in Kannada), well past the
 * API's usual 16 KiB.
 */
export const MAX_ZONING_BODY_BYTES = 512 * 1024;

export const zoningRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
}> = async (app, { auth, desk }) => {
  const needs = deskGuard(auth, desk);
  app.get(
    '/api/desk/editions/:brand/:number/:date/pages',
    {
      onRequest: needs('zoning'),
      schema: {
        summary: 'Desk: the pages of a published issue, with their article and ad boxes counted',
        tags: ['desk'],
        params: editionDayParamsSchema,
        response: { 200: publishedPagesSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, number, date } = request.params;
      return desk.publishedPages({ brand, date, editionNumber: number });
    },
  );

  app.get(
    '/api/desk/editions/:brand/:number/:date/pages/:page/zoning',
    {
      onRequest: needs('zoning'),
      schema: {
        summary:
          "Desk: a published page's article and ad boxes (percent of the page) and the revision they are",
        tags: ['desk'],
        params: zoningPageParamsSchema,
        response: { 200: pageZoningSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, number, date, page } = request.params;
      return desk.pageZoning({ brand, date, editionNumber: number }, page);
    },
  );

  app.put(
    '/api/desk/editions/:brand/:number/:date/pages/:page/zoning',
    {
      onRequest: needs('zoning'),
      bodyLimit: MAX_ZONING_BODY_BYTES,
      schema: {
        summary:
          'Desk: save a page’s boxes and re-publish the page at once (409 when it changed since the revision)',
        tags: ['desk'],
        params: zoningPageParamsSchema,
        body: zoningSaveSchema,
        response: { 200: pageZoningSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, number, date, page } = request.params;
      return desk.saveZoning(
        actorOf(deskCaller(request).staff),
        { brand, date, editionNumber: number },
        page,
        request.body,
      );
    },
  );

  app.get(
    '/api/desk/editions/:brand/:number/:date/pages/:page/image',
    {
      onRequest: needs('zoning'),
      schema: {
        summary: "Desk: a published page's reading image, for the zoning editor",
        tags: ['desk'],
        params: zoningPageParamsSchema,
        response: { 200: z.unknown().describe('The page image (WebP)'), ...errors },
      },
    },
    async (request, reply) => {
      const { brand, number, date, page } = request.params;
      const object = await desk.pageImage({ brand, date, editionNumber: number }, page);
      return reply.type(object.contentType).header('content-length', object.size).send(object.body);
    },
  );
};
