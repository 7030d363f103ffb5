// The signed-in reader's account and preferences (docs/auth-api.md). Each
// route needs a signed-in reader: one preHandler finds them (or answers 401),
// and each handler calls one service method and answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRANDS,
  authErrorBodySchema,
  emptyBodySchema,
  meResponseSchema,
  metadataRequestSchema,
  okResponseSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  publisherParam,
  readingPositionSchema,
  updateNameRequestSchema,
  updateNameResponseSchema,
  type Brand,
  type BrandCode,
} from '@folio/core';
import { requireSignIn, signedInViewer } from '../auth/index.ts';
import type { FolioAuth } from '../auth/index.ts';
import type { PreferencesService } from './preferences-service.ts';
import type { AccountService } from './service.ts';

export interface AccountRoutesOptions {
  auth: FolioAuth;
  accounts: AccountService;
  preferences: PreferencesService;
  /** The site's brand: preferences are for it unless ?publisher= names another. */
  brand: BrandCode;
}

const errors = { 400: authErrorBodySchema, 401: authErrorBodySchema };
/** Preferences are kept per brand; the web app names it as the content calls do. */
const publisherQuery = z.object({ publisher: publisherParam.optional() });

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { auth, accounts, preferences } = options;
  const brandOf = (query: { publisher?: Brand | undefined }) =>
    query.publisher ?? BRANDS[options.brand];
  app.addHook('preHandler', requireSignIn(auth));

  app.get(
    '/api/auth/me',
    {
      schema: {
        summary: 'The signed-in reader',
        tags: ['account'],
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => accounts.me(signedInViewer(request)),
  );

  app.put(
    '/api/auth/me',
    {
      schema: {
        summary: "Change the reader's name",
        tags: ['account'],
        body: updateNameRequestSchema,
        response: { 200: updateNameResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      const firstName = await accounts.rename(viewer, request.body.first_name);
      return { status: 'OK' as const, metadata: { first_name: firstName } };
    },
  );

  app.put(
    '/api/auth/me/metadata',
    {
      schema: {
        summary: 'Marketing consent and, for the English daily, its newsletter',
        tags: ['account'],
        body: metadataRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.saveMetadata(signedInViewer(request), request.body);
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/api/users/preferences',
    {
      schema: {
        summary: "The reader's preferred edition and welcome-popup flag",
        tags: ['account'],
        querystring: publisherQuery,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      return preferences.get(viewer.reader.id, brandOf(request.query));
    },
  );

  app.patch(
    '/api/users/preferences',
    {
      schema: {
        summary: 'Set the preferred edition (an edition number of the brand)',
        tags: ['account'],
        querystring: publisherQuery,
        body: preferencesUpdateSchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      const edition =
        'preferredEditionId' in request.body
          ? request.body.preferredEditionId
          : request.body.dh_preferred_edition_id;
      return preferences.setPreferredEdition(viewer.reader.id, brandOf(request.query), edition);
    },
  );

  app.put(
    '/api/users/reading-position',
    {
      schema: {
        summary: "Keep the reader's place (date, edition, page) so another device resumes there",
        tags: ['account'],
        querystring: publisherQuery,
        body: readingPositionSchema,
        response: { 200: preferencesSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      return preferences.setReadingPosition(viewer.reader.id, brandOf(request.query), request.body);
    },
  );

  app.post(
    '/api/users/disable-welcome-popup',
    {
      schema: {
        summary: 'Stop showing the welcome popup',
        tags: ['account'],
        querystring: publisherQuery,
        body: emptyBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      await preferences.disableWelcomePopup(viewer.reader.id, brandOf(request.query));
      return { status: 'OK' as const };
    },
  );
};
