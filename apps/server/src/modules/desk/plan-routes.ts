// The business desk's plans (issue 27 part 1) under /api/desk/plans, each behind the
// desk's one guard with the `plans` capability (admins). Every answer is the brand's
// groups and plans as the desk shows them, so the console redraws from it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deskPlansSchema,
  groupChangeSchema,
  planGroupParamsSchema,
  planChangeSchema,
  planCreateSchema,
  planParamsSchema,
  plansBrandParamsSchema,
  plansQuerySchema,
} from '@folio/core/desk';
import type { FolioAuth } from '../auth/index.ts';
import type { PlanDesk } from '../subscriptions/index.ts';
import { DESK_REFUSALS as errors, deskCaller, deskGuard } from './guard.ts';
import { actorOf, type DeskService } from './service.ts';

export const planDeskRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
  plans: PlanDesk;
}> = async (app, { auth, desk, plans }) => {
  const needs = deskGuard(auth, desk);
  const response = { 200: deskPlansSchema, ...errors };
  const actor = (request: Parameters<typeof deskCaller>[0]) => actorOf(deskCaller(request).staff);

  app.get(
    '/api/desk/plans',
    {
      onRequest: needs('plans'),
      schema: {
        summary: "Desk: a paper's groups and plans, with each plan's running subscriptions",
        tags: ['desk'],
        querystring: plansQuerySchema,
        response,
      },
    },
    async (request) => plans.plans(request.query.brand),
  );

  app.post(
    '/api/desk/plans/:brand',
    {
      onRequest: needs('plans'),
      schema: {
        summary: 'Desk: make a plan, at the end of the list',
        tags: ['desk'],
        params: plansBrandParamsSchema,
        body: planCreateSchema,
        response,
      },
    },
    async (request) => plans.create(actor(request), request.params.brand, request.body),
  );

  app.patch(
    '/api/desk/plans/:brand/:id',
    {
      onRequest: needs('plans'),
      schema: {
        summary:
          'Desk: change a plan’s texts, price (new purchases only), group, place, visibility, or retire or restore it',
        tags: ['desk'],
        params: planParamsSchema,
        body: planChangeSchema,
        response,
      },
    },
    async (request) =>
      plans.change(actor(request), request.params.brand, request.params.id, request.body),
  );

  app.patch(
    '/api/desk/plans/:brand/groups/:id',
    {
      onRequest: needs('plans'),
      schema: {
        summary: 'Desk: rename a group of plans or set the badges its plans’ cards show',
        tags: ['desk'],
        params: planGroupParamsSchema,
        body: groupChangeSchema,
        response,
      },
    },
    async (request) =>
      plans.changeGroup(actor(request), request.params.brand, request.params.id, request.body),
  );

  app.delete(
    '/api/desk/plans/:brand/:id',
    {
      onRequest: needs('plans'),
      schema: {
        summary: 'Desk: delete a plan nobody ever bought or ordered',
        tags: ['desk'],
        params: planParamsSchema,
        response,
      },
    },
    async (request) => plans.remove(actor(request), request.params.brand, request.params.id),
  );
};
