// Sign-in paths (docs/auth-api.md): each is declared here, with core's schemas for
// validation and the OpenAPI document, and then handled by better-auth's handler
// (our plugins), which adds its origin check and rate limits. Only these paths
// reach better-auth: its built-in endpoints (passwords, account linking, …) are
// not exposed.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authErrorBodySchema,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  codeRequestSchema,
  codeResponseSchema,
  emptyBodySchema,
  googleStartQuerySchema,
  okResponseSchema,
  oneTapRequestSchema,
  preAuthDataSchema,
  signInResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@folio/core';
import { forwardToAuth } from './auth-bridge.ts';
import type { FolioAuth } from './auth-module.ts';
import { GOOGLE_CALLBACK_PATH } from './google-plugin.ts';

export interface SignInRoutesOptions {
  auth: FolioAuth;
  publicUrl: string;
  google: { oneTap: boolean; redirect: boolean };
}

const errors = {
  400: authErrorBodySchema,
  401: authErrorBodySchema,
  403: authErrorBodySchema,
  429: authErrorBodySchema,
};
const codeSent = { 200: codeResponseSchema, ...errors, 503: authErrorBodySchema };

export const signInRoutes: FastifyPluginAsyncZod<SignInRoutesOptions> = async (
  app,
  { auth, publicUrl, google },
) => {
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    await forwardToAuth(auth, publicUrl, request, reply);
  };
  const tags = ['auth'];

  app.post(
    '/api/auth/code',
    {
      schema: {
        summary: 'Send a one-time code to a phone or e-mail (sign-in-up)',
        tags,
        body: codeRequestSchema,
        response: codeSent,
      },
    },
    forward,
  );
  app.post(
    '/api/auth/code/resend',
    {
      schema: {
        summary: 'Replace the code of a pending sign-in and send it again',
        tags,
        body: preAuthDataSchema,
        response: codeSent,
      },
    },
    forward,
  );
  app.post(
    '/api/auth/verify-code',
    {
      schema: {
        summary:
          'Check a code: signs in (sets the session cookie) or completes a phone/e-mail change',
        tags,
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema, ...errors },
      },
    },
    forward,
  );
  app.post(
    '/api/auth/change-phone-number',
    {
      schema: {
        summary: "Send a code to the reader's new phone number",
        tags,
        body: changePhoneRequestSchema,
        response: codeSent,
      },
    },
    forward,
  );
  app.post(
    '/api/auth/change-email',
    {
      schema: {
        summary: "Send a code to the reader's new e-mail",
        tags,
        body: changeEmailRequestSchema,
        response: codeSent,
      },
    },
    forward,
  );
  app.post(
    '/api/auth/session/refresh',
    {
      schema: {
        summary: 'Extend the session (the web client calls it once on a 401)',
        tags,
        body: emptyBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    forward,
  );
  app.post(
    '/api/auth/signout',
    {
      schema: {
        summary: 'Revoke the session and clear its cookie',
        tags,
        body: emptyBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    forward,
  );

  if (google.oneTap) {
    app.post(
      '/api/auth/one-tap',
      {
        schema: {
          summary: 'Sign in with a Google One Tap credential (an ID token)',
          tags,
          body: oneTapRequestSchema,
          response: { 200: signInResponseSchema, ...errors },
        },
      },
      forward,
    );
  }
  if (google.redirect) {
    app.get(
      '/api/auth/google/start',
      {
        schema: {
          summary: "Send the browser to Google's sign-in page",
          tags,
          querystring: googleStartQuerySchema,
        },
      },
      forward,
    );
    // Google returns the browser to the web app's page; with Google's answer in
    // the query the server finishes the sign-in first and then redirects to the
    // same page with the outcome. Without it, the web app is served as usual.
    app.get(GOOGLE_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const query = new URL(request.url, publicUrl).searchParams;
      // Returning the reply tells Fastify the web app's handler answers, even when
      // it sends the document later (a file read): returning nothing sent an empty 200.
      if (!query.has('state') || !(query.has('code') || query.has('error')))
        return reply.callNotFound();
      await forwardToAuth(
        auth,
        publicUrl,
        request,
        reply,
        `/api/auth/google/callback?${query.toString()}`,
      );
    });
  }
};
