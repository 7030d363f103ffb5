// Google sign-in as a better-auth plugin, present only when GOOGLE_CLIENT_ID is
// set. Both flows end in the same place: a verified Google ID token becomes a
// reader (found by Google account, linked by verified e-mail, or created) and a
// session. The redirect flow keeps its state, PKCE verifier and nonce in
// better-auth's verification table behind a signed cookie, for 10 minutes.
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { generateGenericState, parseGenericState } from 'better-auth';
import { createAuthEndpoint, isAPIError } from 'better-auth/api';
import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  oneTapRequestSchema,
  type LoginMethod,
  type SignInResponse,
} from '@folio/core';
import { BadRequestError, DomainError } from '../../errors.ts';
import { answering, parseBody } from './api-errors.ts';
import type { GoogleIdentity, GoogleProfile } from './google-identity.ts';
import { beginSession } from './sessions.ts';
import type { UserDirectory } from './users.ts';

/** The web app's page for the end of the redirect flow (spec 1 §2). */
export const GOOGLE_CALLBACK_PATH = '/auth/callback/google';
/** Spec 1 §9: third-party sign-in state lifetime 10 minutes. */
const STATE_LIFETIME_MS = 10 * 60 * 1000;
const ONE_TAP_LIMIT = { window: 60, max: 10 };

export interface GooglePluginDeps {
  google: GoogleIdentity;
  users: UserDirectory;
  publicUrl: string;
  /** Folio's clock: sessions are counted on it. */
  now: () => Date;
}

/** Only a path on this site: anything else (other hosts, //host, \) falls back to the home page. */
function safeRedirectPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\')
  )
    return '/';
  return value;
}

/**
 * A Google identity becomes a reader. Only a verified e-mail may be linked to an
 * existing account or start a new one: otherwise whoever controls a Google
 * account could claim someone else's address.
 */
async function signInWithGoogle(
  ctx: GenericEndpointContext,
  users: UserDirectory,
  profile: GoogleProfile,
  loginMethod: LoginMethod,
  now: Date,
): Promise<SignInResponse> {
  const linked = await users.findByGoogleAccount(profile.subject);
  if (linked) return beginSession(ctx, linked, loginMethod, false, now);
  if (!profile.email || !profile.emailVerified)
    throw new BadRequestError(AUTH_MESSAGES.socialNoEmail);
  const byEmail = await users.findByEmail(profile.email);
  if (byEmail) {
    await users.linkGoogleAccount(byEmail.id, profile.subject);
    return beginSession(ctx, byEmail, loginMethod, false, now);
  }
  const created = await users.createWithGoogle({
    subject: profile.subject,
    email: profile.email,
    name: profile.name,
  });
  return beginSession(ctx, created, loginMethod, true, now);
}

const stateSchema = z.object({
  callbackURL: z.string(),
  codeVerifier: z.string(),
  idTokenNonce: z.string(),
});

export function folioGoogle(deps: GooglePluginDeps) {
  const { google, users, publicUrl } = deps;
  const redirectUri = `${publicUrl}${GOOGLE_CALLBACK_PATH}`;
  const backToWebApp = (params: Record<string, string>) =>
    `${publicUrl}${GOOGLE_CALLBACK_PATH}?${new URLSearchParams(params).toString()}`;

  const redirectFlow = {
    googleStart: createAuthEndpoint('/google/start', { method: 'GET' }, async (ctx) => {
      const codeVerifier = generateRandomString(128);
      const idTokenNonce = generateRandomString(32);
      const { state } = await generateGenericState(ctx, {
        callbackURL: safeRedirectPath(ctx.query?.redirectUrl),
        codeVerifier,
        idTokenNonce,
        expiresAt: Date.now() + STATE_LIFETIME_MS,
      });
      const url = await google.authorizationUrl({
        state,
        codeVerifier,
        nonce: idTokenNonce,
        redirectUri,
      });
      throw ctx.redirect(url.toString());
    }),
    // Reached through GET /auth/callback/google (see routes): Google sends the browser there.
    googleCallback: createAuthEndpoint('/google/callback', { method: 'GET' }, async (ctx) => {
      try {
        const flow = stateSchema.parse(
          await parseGenericState(ctx, String(ctx.query?.state ?? '')),
        );
        const code = ctx.query?.code;
        if (typeof code !== 'string' || ctx.query?.error)
          throw new BadRequestError(AUTH_MESSAGES.socialLoginFailed);
        const idToken = await google.exchangeCode({
          code,
          codeVerifier: flow.codeVerifier,
          redirectUri,
        });
        const profile = await google.verifyIdToken(idToken, flow.idTokenNonce);
        const result = await signInWithGoogle(ctx, users, profile, 'third_party', deps.now());
        throw ctx.redirect(
          backToWebApp({
            status: 'ok',
            newUser: String(result.createdNewRecipeUser),
            redirectUrl: flow.callbackURL,
          }),
        );
      } catch (error) {
        if (isAPIError(error) && error.status === 'FOUND') throw error;
        if (!(error instanceof DomainError))
          ctx.context.logger.error('Google sign-in failed', error);
        const message =
          error instanceof DomainError ? error.message : AUTH_MESSAGES.socialLoginFailed;
        throw ctx.redirect(backToWebApp({ error: message }));
      }
    }),
  };

  return {
    id: 'folio-google',
    endpoints: {
      ...(google.redirectFlowEnabled ? redirectFlow : {}),
      oneTap: createAuthEndpoint('/one-tap', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const { credential } = parseBody(oneTapRequestSchema, ctx.body);
          const profile = await google.verifyIdToken(credential);
          return ctx.json(
            await signInWithGoogle(ctx, users, profile, 'google_one_tap', deps.now()),
          );
        }),
      ),
    },
    rateLimit: [
      {
        ...ONE_TAP_LIMIT,
        pathMatcher: (path) => path === '/one-tap' || path.startsWith('/google/'),
      },
    ],
  } satisfies BetterAuthPlugin;
}
