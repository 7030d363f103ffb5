// The signed-in reader's account and preferences (docs/auth-api.md). Each
// handler reads the session, calls one service method and answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BRANDS,
  authErrorBodySchema,
  meResponseSchema,
  metadataRequestSchema,
  okResponseSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  publisherParam,
  updateNameRequestSchema,
  updateNameResponseSchema,
  type Brand,
  type BrandCode,
} from '@folio/core';
import type { AccountService } from './account-service.ts';
import { requireViewer } from './auth-bridge.ts';
import type { FolioAuth } from './auth-module.ts';
import type { PreferencesService } from './preferences-service.ts';

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

  app.get(
    '/api/auth/me',
    {
      schema: {
        summary: 'The signed-in reader',
        tags: ['account'],
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request, reply) => accounts.me(await requireViewer(auth, request, reply)),
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
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
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
    async (request, reply) => {
      await accounts.saveMetadata(await requireViewer(auth, request, reply), request.body);
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
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
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
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      const edition =
        'preferredEditionId' in request.body
          ? request.body.preferredEditionId
          : request.body.dh_preferred_edition_id;
      return preferences.setPreferredEdition(viewer.reader.id, brandOf(request.query), edition);
    },
  );

  app.post(
    '/api/users/disable-welcome-popup',
    {
      schema: {
        summary: 'Stop showing the welcome popup',
        tags: ['account'],
        querystring: publisherQuery,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(auth, request, reply);
      await preferences.disableWelcomePopup(viewer.reader.id, brandOf(request.query));
      return { status: 'OK' as const };
    },
  );
};
