// The desk's API under /api/desk (issue 26): each route names the capability it
// needs (DESK_ACCESS in @folio/core/desk says which roles have it) and passes
// through the one guard; each handler calls one service method.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBodySchema, okResponseSchema } from '@folio/core';
import {
  DESK_MESSAGES,
  auditPageSchema,
  auditQuerySchema,
  boardQuerySchema,
  boardSchema,
  brandChoicesChangeSchema,
  brandParamsSchema,
  catalogueChangeSchema,
  catalogueQuerySchema,
  deskCatalogueSchema,
  editionDayParamsSchema,
  editionDaySchema,
  pageReceivedSchema,
  pageUploadHeadersSchema,
  releaseSchema,
  editionCreateSchema,
  editionParamsSchema,
  groupCreateSchema,
  groupParamsSchema,
  deskErrorBodySchema,
  deskMeSchema,
  holidayCreateSchema,
  holidayListQuerySchema,
  holidayListSchema,
  holidayParamsSchema,
  holidaySchema,
  secondFactorCodeSchema,
  secondFactorSetupSchema,
  staffAddSchema,
  staffChangeSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffMemberSchema,
} from '@folio/core/desk';
import { BadRequestError, ConflictError, UnauthorizedError } from '../../errors.ts';
import { SECOND_FACTOR_PATHS, askAuth, sendWebResponse, type FolioAuth } from '../auth/index.ts';
import { DESK_REFUSALS as errors, deskCaller, deskGuard } from './guard.ts';
import { MAX_PAGE_FILE_BYTES } from './intake.ts';
import { actorOf, type DeskService } from './service.ts';

/** The file name as sent: percent-encoded by the console, or plain; a broken escape stays as sent. */
function headerFileName(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export const deskRoutes: FastifyPluginAsyncZod<{
  auth: FolioAuth;
  desk: DeskService;
  publicUrl: string;
  siteBrand: 'dh' | 'pv';
}> = async (app, { auth, desk, publicUrl, siteBrand }) => {
  const needs = deskGuard(auth, desk);
  const actor = (request: Parameters<typeof deskCaller>[0]) => actorOf(deskCaller(request).staff);

  app.get(
    '/api/desk/me',
    {
      onRequest: needs('console', { secondFactor: false }),
      schema: {
        summary: 'Desk: who is signed in, their role, and where they stand with the second factor',
        tags: ['desk'],
        response: { 200: deskMeSchema, ...errors },
      },
    },
    async (request) => {
      const { viewer, staff } = deskCaller(request);
      return desk.me(staff, viewer);
    },
  );

  app.post(
    '/api/desk/second-factor/setup',
    {
      onRequest: needs('console', { secondFactor: false }),
      schema: {
        summary:
          'Desk: start setting up the authenticator app (answers its address and recovery codes)',
        tags: ['desk'],
        body: emptyBodySchema,
        response: { 200: secondFactorSetupSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (deskCaller(request).viewer.twoFactorEnabled)
        throw new ConflictError(DESK_MESSAGES.secondFactorAlreadySet);
      await sendWebResponse(
        reply,
        await askAuth(auth, publicUrl, request, `/api/auth${SECOND_FACTOR_PATHS.enable}`),
      );
      return reply;
    },
  );

  app.post(
    '/api/desk/second-factor/verify',
    {
      onRequest: needs('console', { secondFactor: false }),
      schema: {
        summary: "Desk: give the authenticator app's code (finishes the set-up, or opens the desk)",
        tags: ['desk'],
        body: secondFactorCodeSchema,
        response: { 200: okResponseSchema, ...errors, 429: deskErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { viewer } = deskCaller(request);
      const answer = await askAuth(
        auth,
        publicUrl,
        request,
        `/api/auth${SECOND_FACTOR_PATHS.verify}`,
      );
      if (answer.status === 401) {
        if (await desk.secondFactorFailed(actor(request)))
          throw new UnauthorizedError(DESK_MESSAGES.secondFactorTooManyTries);
        throw new BadRequestError(DESK_MESSAGES.secondFactorWrong);
      }
      if (answer.ok) {
        for (const cookie of answer.headers.getSetCookie()) void reply.header('set-cookie', cookie);
        await desk.secondFactorGiven(actor(request), !viewer.twoFactorEnabled);
        return { status: 'OK' as const };
      }
      await sendWebResponse(reply, answer);
      return reply;
    },
  );

  app.get(
    '/api/desk/board',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: the edition board, dates × editions with each cell’s state',
        tags: ['desk'],
        querystring: boardQuerySchema,
        response: { 200: boardSchema, ...errors },
      },
    },
    async (request) =>
      desk.board(request.query.brand ?? siteBrand, request.query.from, request.query.days),
  );

  app.get(
    '/api/desk/holidays',
    {
      onRequest: needs('editions'),
      schema: {
        summary: "Desk: the brand's holidays from a week ago on",
        tags: ['desk'],
        querystring: holidayListQuerySchema,
        response: { 200: holidayListSchema, ...errors },
      },
    },
    async (request) => desk.holidays(request.query.brand ?? siteBrand),
  );

  app.post(
    '/api/desk/holidays',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: make a day a holiday with the message readers see (or change its message)',
        tags: ['desk'],
        body: holidayCreateSchema,
        response: { 200: holidaySchema, ...errors },
      },
    },
    async (request) => {
      const { brand, date, message } = request.body;
      return desk.addHoliday(actor(request), brand, date, message);
    },
  );

  app.delete(
    '/api/desk/holidays/:brand/:date',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: remove a holiday',
        tags: ['desk'],
        params: holidayParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await desk.removeHoliday(actor(request), request.params.brand, request.params.date);
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/api/desk/editions',
    {
      onRequest: needs('editions'),
      schema: {
        summary: "Desk: the brand's groups and editions, retired ones too, in the reader's order",
        tags: ['desk'],
        querystring: catalogueQuerySchema,
        response: { 200: deskCatalogueSchema, ...errors },
      },
    },
    async (request) => desk.catalogue(request.query.brand ?? siteBrand),
  );

  app.post(
    '/api/desk/editions',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: add an edition at the end of a group (numbered after the last)',
        tags: ['desk'],
        body: editionCreateSchema,
        response: { 200: deskCatalogueSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, groupId, name } = request.body;
      return desk.addEdition(actor(request), brand, groupId, name);
    },
  );

  app.patch(
    '/api/desk/editions/:brand/:number',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: rename an edition, move it up or down its group, retire or restore it',
        tags: ['desk'],
        params: editionParamsSchema,
        body: catalogueChangeSchema,
        response: { 200: deskCatalogueSchema, ...errors },
      },
    },
    async (request) =>
      desk.changeEdition(actor(request), request.params.brand, request.params.number, request.body),
  );

  app.patch(
    '/api/desk/brands/:brand',
    {
      onRequest: needs('editions'),
      schema: {
        summary:
          "Desk: choose the brand's free edition or the missing pages the release gate allows",
        tags: ['desk'],
        params: brandParamsSchema,
        body: brandChoicesChangeSchema,
        response: { 200: deskCatalogueSchema, ...errors },
      },
    },
    async (request) => desk.chooseForBrand(actor(request), request.params.brand, request.body),
  );

  app.post(
    '/api/desk/edition-groups',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: add a group of editions after the last',
        tags: ['desk'],
        body: groupCreateSchema,
        response: { 200: deskCatalogueSchema, ...errors },
      },
    },
    async (request) => desk.addGroup(actor(request), request.body.brand, request.body.name),
  );

  app.patch(
    '/api/desk/edition-groups/:brand/:id',
    {
      onRequest: needs('editions'),
      schema: {
        summary: 'Desk: rename a group, move it up or down, retire or restore it with its editions',
        tags: ['desk'],
        params: groupParamsSchema,
        body: catalogueChangeSchema,
        response: { 200: deskCatalogueSchema, ...errors },
      },
    },
    async (request) =>
      desk.changeGroup(actor(request), request.params.brand, request.params.id, request.body),
  );

  // Page files arrive as the request's body (application/pdf), named in X-File-Name.
  app.addContentTypeParser(
    ['application/pdf', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_PAGE_FILE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/desk/pages',
    {
      onRequest: needs('editions'),
      bodyLimit: MAX_PAGE_FILE_BYTES,
      schema: {
        summary:
          'Desk: one page file (the body, application/pdf), named by the brand’s rule in X-File-Name; refused with the reason before processing',
        tags: ['desk'],
        headers: pageUploadHeadersSchema,
        response: {
          200: pageReceivedSchema,
          ...errors,
          413: deskErrorBodySchema,
          415: deskErrorBodySchema,
        },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!(body instanceof Buffer)) throw new BadRequestError(DESK_MESSAGES.notAPdfBody);
      return desk.receivePage(actor(request), {
        fileName: headerFileName(request.headers['x-file-name']),
        bytes: body,
      });
    },
  );

  app.get(
    '/api/desk/editions/:brand/:number/:date',
    {
      onRequest: needs('editions'),
      schema: {
        summary:
          'Desk: one edition of one date — pages received, its state, the gate’s refusals, the processing report',
        tags: ['desk'],
        params: editionDayParamsSchema,
        response: { 200: editionDaySchema, ...errors },
      },
    },
    async (request) => {
      const { brand, number, date } = request.params;
      return desk.editionDay({ brand, date, editionNumber: number });
    },
  );

  app.post(
    '/api/desk/editions/:brand/:number/:date/release',
    {
      onRequest: needs('editions'),
      schema: {
        summary:
          'Desk: release now (the gate reads it again; with a reason, it goes out despite the gate), hold it until a later time on its date, or unpublish',
        tags: ['desk'],
        params: editionDayParamsSchema,
        body: releaseSchema,
        response: { 200: editionDaySchema, ...errors },
      },
    },
    async (request) => {
      const { brand, number, date } = request.params;
      const key = { brand, date, editionNumber: number };
      const { action, at, reason } = request.body;
      if (action === 'reschedule') return desk.reschedule(actor(request), key, at ?? '06:00');
      return desk.release(actor(request), key, action, reason);
    },
  );

  app.get(
    '/api/desk/audit',
    {
      onRequest: needs('audit'),
      schema: {
        summary: 'Desk: the audit log, newest first',
        tags: ['desk'],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (request) => desk.audit(request.query.before, request.query.limit),
  );

  app.get(
    '/api/desk/staff',
    {
      onRequest: needs('staff'),
      schema: {
        summary: 'Desk: staff accounts and their roles',
        tags: ['desk'],
        response: { 200: staffListSchema, ...errors },
      },
    },
    async () => ({ staff: await desk.listStaff() }),
  );

  app.post(
    '/api/desk/staff',
    {
      onRequest: needs('staff'),
      schema: {
        summary:
          'Desk: give the account with this e-mail a staff role (made when it does not exist)',
        tags: ['desk'],
        body: staffAddSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request) => desk.addStaff(actor(request), request.body.email, request.body.role),
  );

  app.patch(
    '/api/desk/staff/:id',
    {
      onRequest: needs('staff'),
      schema: {
        summary: "Desk: change another staff member's role",
        tags: ['desk'],
        params: staffIdParamsSchema,
        body: staffChangeSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
    },
    async (request) => desk.changeRole(actor(request), request.params.id, request.body.role),
  );

  app.delete(
    '/api/desk/staff/:id',
    {
      onRequest: needs('staff'),
      schema: {
        summary: 'Desk: retire a staff account (it stays a reader account; its sessions end)',
        tags: ['desk'],
        params: staffIdParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await desk.retire(actor(request), request.params.id);
      return { status: 'OK' as const };
    },
  );
};
