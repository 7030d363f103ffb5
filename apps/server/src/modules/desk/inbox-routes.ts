// The desk's inbox (issue 27 part 4), under the desk's one guard with the
// `messages` capability (admin and support): readers' Get in touch messages by
// brand and status, one message with its thread, a reply e-mailed to the reader,
// and closing or reopening a message.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deskErrorBodySchema,
  inboxPageSchema,
  inboxParamsSchema,
  inboxQuerySchema,
  inboxReplyCreateSchema,
  inboxStatusChangeSchema,
  inboxThreadSchema,
} from '@folio/core/desk';
import type { FolioAuth } from '../auth/index.ts';
import { DESK_REFUSALS as errors, deskCaller, deskGuard } from './guard.ts';
import type { Inbox } from './inbox.ts';
import { actorOf, type DeskService } from './service.ts';

export const inboxRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
  inbox: Inbox;
}> = async (app, { auth, desk, inbox }) => {
  const needs = deskGuard(auth, desk);

  app.get(
    '/api/desk/messages',
    {
      onRequest: needs('messages'),
      schema: {
        summary:
          "Desk: readers' Get in touch messages of a brand, newest first, of one status or all",
        tags: ['desk'],
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, status, before } = request.query;
      return inbox.list(brand, status, before);
    },
  );

  app.get(
    '/api/desk/messages/:id',
    {
      onRequest: needs('messages'),
      schema: {
        summary: "Desk: a reader's message and the replies sent to it",
        tags: ['desk'],
        params: inboxParamsSchema,
        response: { 200: inboxThreadSchema, ...errors },
      },
    },
    async (request) => inbox.thread(request.params.id),
  );

  app.post(
    '/api/desk/messages/:id/replies',
    {
      onRequest: needs('messages'),
      schema: {
        summary:
          'Desk: e-mail the reader a reply (their message quoted) and mark the message answered; 503 when the mail server refuses it',
        tags: ['desk'],
        params: inboxParamsSchema,
        body: inboxReplyCreateSchema,
        response: { 200: inboxThreadSchema, ...errors, 503: deskErrorBodySchema },
      },
    },
    async (request) =>
      inbox.reply(actorOf(deskCaller(request).staff), request.params.id, request.body.body),
  );

  app.patch(
    '/api/desk/messages/:id',
    {
      onRequest: needs('messages'),
      schema: {
        summary: 'Desk: set a message new, answered or closed',
        tags: ['desk'],
        params: inboxParamsSchema,
        body: inboxStatusChangeSchema,
        response: { 200: inboxThreadSchema, ...errors },
      },
    },
    async (request) =>
      inbox.setStatus(actorOf(deskCaller(request).staff), request.params.id, request.body.status),
  );
};
