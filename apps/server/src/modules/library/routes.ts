// The reader's saved articles (spec 2 §7 "Saved articles"), under /api/user. Every
// route needs a signed-in reader and answers 401 in the spec's words without one;
// each handler calls one service method. Answers are the reader's own, so no
// cache keeps them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  errorBodySchema,
  okResponseSchema,
  publisherQuerySchema,
  SAVED_MESSAGES,
  savedArticleCreateSchema,
  savedArticleIdParamsSchema,
  savedArticleSchema,
  savedArticlesSchema,
} from '@folio/core';
import { UnauthorizedError } from '../../errors.ts';
import { currentViewer } from '../auth/index.ts';
import type { FolioAuth } from '../auth/index.ts';
import type { LibraryService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

export const libraryRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  library: LibraryService;
}> = async (app, { auth, library }) => {
  /** The signed-in reader's id, or 401 with `message`. */
  const readerId = async (request: FastifyRequest, reply: FastifyReply, message: string) => {
    const viewer = await currentViewer(auth, request, reply);
    if (!viewer) throw new UnauthorizedError(message);
    void reply.header('cache-control', 'private, no-store');
    return viewer.reader.id;
  };

  app.get(
    '/api/user/saved-articles',
    {
      schema: {
        summary: "The reader's saved articles, newest first, each saying if their plan opens it",
        tags: ['saved articles'],
        querystring: publisherQuerySchema,
        response: { 200: savedArticlesSchema, ...errors },
      },
    },
    async (request, reply) =>
      library.list(
        await readerId(request, reply, SAVED_MESSAGES.listSignIn),
        request.query.publisher,
      ),
  );

  app.post(
    '/api/user/saved-articles',
    {
      schema: {
        summary: 'Save (bookmark) an article; saving one already saved answers it again',
        tags: ['saved articles'],
        body: savedArticleCreateSchema,
        response: { 200: savedArticleSchema, 201: savedArticleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await readerId(request, reply, SAVED_MESSAGES.bookmarkSignIn);
      const { item, created } = await library.save(userId, request.body);
      return reply.code(created ? 201 : 200).send(item);
    },
  );

  app.delete(
    '/api/user/saved-articles/:id',
    {
      schema: {
        summary: 'Remove one of the reader’s saved articles',
        tags: ['saved articles'],
        params: savedArticleIdParamsSchema,
        querystring: publisherQuerySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await readerId(request, reply, AUTH_MESSAGES.signInRequired);
      await library.remove(userId, request.query.publisher, request.params.id);
      return { status: 'OK' as const };
    },
  );
};
