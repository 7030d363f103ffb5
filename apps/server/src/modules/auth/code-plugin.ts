// Folio's one-time-code sign-in as a better-auth plugin (docs/decisions/0003).
// better-auth keeps users and sessions, signs the cookie, checks the Origin and
// rate-limits every path; the code rules live in OtpService, backed by our own
// otp_challenges table. Paths are relative to /api/auth.
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { createAuthEndpoint, getIP, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import {
  AUTH_MESSAGES,
  CODE_VALIDITY_SECONDS,
  OTP_LENGTH,
  RESEND_AFTER_SECONDS,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  codeRequestSchema,
  preAuthDataSchema,
  verifyCodeRequestSchema,
  type CodeResponse,
  type SignInResponse,
} from '@folio/core';
import { BadRequestError, UnauthorizedError } from '../../errors.ts';
import { answering, parseBody } from './api-errors.ts';
import type { ContactChanges } from './contact-changes.ts';
import type { IssuedCode, OtpService, VerifiedChallenge } from './otp-service.ts';
import {
  beginSession,
  endOtherSessions,
  rotateSession,
  viewerOf,
  type Viewer,
} from './sessions.ts';
import { isPlaceholderEmail, isUniqueViolation, type Reader, type UserDirectory } from './users.ts';

/**
 * Code guesses per client address and minute, across all of its pending codes
 * (each code also dies after five wrong entries). Sends need no rule here: the
 * hourly limits per destination and per address (OtpService) are stricter.
 */
/** The window code checks are counted in, in seconds; how many it allows is configured. */
const VERIFY_WINDOW_SECONDS = 60;

export interface CodePluginDeps {
  otp: OtpService;
  users: UserDirectory;
  /** The account module's rules for a new phone number or e-mail. */
  contactChanges: ContactChanges;
  /** Folio's clock: sessions are counted on it. */
  now: () => Date;
  /** Code checks allowed per client per minute (config VERIFY_CODE_LIMIT, default 20). */
  verifyCodeLimit: number;
}

function codeResponse(issued: IssuedCode): CodeResponse {
  return {
    status: 'OK',
    ...issued,
    flowType: 'USER_INPUT_CODE',
    codeLength: OTP_LENGTH,
    resendAfterSeconds: RESEND_AFTER_SECONDS,
    expiresInSeconds: CODE_VALIDITY_SECONDS,
  };
}

/** The address better-auth's rate limiter sees, set by our Fastify bridge from request.ip. */
function clientIp(ctx: GenericEndpointContext): string {
  return (ctx.request && getIP(ctx.request, ctx.context.options)) ?? 'unknown';
}

async function currentViewer(ctx: GenericEndpointContext): Promise<Viewer | null> {
  const found = await getSessionFromCtx(ctx);
  return found ? viewerOf(found) : null;
}

async function requireViewer(ctx: GenericEndpointContext): Promise<Viewer> {
  const viewer = await currentViewer(ctx);
  if (!viewer) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
  return viewer;
}

/** Sign-in-up: a verified code for an unknown phone or e-mail creates the account. */
async function signInWithCode(
  ctx: GenericEndpointContext,
  users: UserDirectory,
  challenge: VerifiedChallenge,
  now: Date,
): Promise<SignInResponse> {
  const find = () =>
    challenge.channel === 'sms'
      ? users.findByPhone(challenge.destination)
      : users.findByEmail(challenge.destination);
  const existing = await find();
  if (existing) return beginSession(ctx, existing, 'regular', false, now);
  let created: Reader;
  try {
    created =
      challenge.channel === 'sms'
        ? await users.createWithPhone(challenge.destination)
        : await users.createWithEmail(challenge.destination);
  } catch (error) {
    // Two codes for the same new reader verified at once: the other one created the account.
    const raced = isUniqueViolation(error) ? await find() : undefined;
    if (!raced) throw error;
    return beginSession(ctx, raced, 'regular', false, now);
  }
  return beginSession(ctx, created, 'regular', true, now);
}

export function folioCodes(deps: CodePluginDeps) {
  const { otp, users, contactChanges, now } = deps;
  return {
    id: 'folio-codes',
    endpoints: {
      sendCode: createAuthEndpoint('/code', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const body = parseBody(codeRequestSchema, ctx.body);
          // The schema has normalised the address: the form every limit counts under.
          const destination = 'email' in body ? body.email : body.phoneNumber;
          if (isPlaceholderEmail(destination))
            throw new BadRequestError(AUTH_MESSAGES.emailInvalid);
          const issued = await otp.issue({
            purpose: 'sign_in',
            channel: 'email' in body ? 'email' : 'sms',
            destination,
            userId: null,
            ip: clientIp(ctx),
          });
          return ctx.json(codeResponse(issued));
        }),
      ),
      resendCode: createAuthEndpoint('/code/resend', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const issued = await otp.resend(parseBody(preAuthDataSchema, ctx.body), clientIp(ctx));
          return ctx.json(codeResponse(issued));
        }),
      ),
      verifyCode: createAuthEndpoint('/verify-code', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const body = parseBody(verifyCodeRequestSchema, ctx.body);
          const found = await getSessionFromCtx(ctx);
          const challenge = await otp.verify({
            preAuthSessionId: body.preAuthSessionId,
            deviceId: body.deviceId,
            code: body.userInputCode,
            viewerId: found?.user.id ?? null,
          });
          if (challenge.ownerId === null)
            return ctx.json(await signInWithCode(ctx, users, challenge, now()));
          if (!found) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
          const changed = await contactChanges.applyContactChange(challenge.ownerId, challenge);
          // Whoever else was signed in to this account is signed out: a session
          // started with the old phone number or e-mail must not outlive the change.
          await endOtherSessions(ctx, challenge.ownerId, found.session.token);
          return ctx.json({ status: 'OK', changed });
        }),
      ),
      changePhoneNumber: createAuthEndpoint('/change-phone-number', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const { phoneNumber } = parseBody(changePhoneRequestSchema, ctx.body);
          const viewer = await requireViewer(ctx);
          const issued = await contactChanges.requestContactChange(
            viewer,
            { channel: 'sms', phoneNumber },
            clientIp(ctx),
          );
          return ctx.json(codeResponse(issued));
        }),
      ),
      changeEmail: createAuthEndpoint('/change-email', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const { email } = parseBody(changeEmailRequestSchema, ctx.body);
          const viewer = await requireViewer(ctx);
          const issued = await contactChanges.requestContactChange(
            viewer,
            { channel: 'email', email },
            clientIp(ctx),
          );
          return ctx.json(codeResponse(issued));
        }),
      ),
      // The web client's answer to a 401: extend the session once, then retry.
      refreshSession: createAuthEndpoint('/session/refresh', { method: 'POST' }, (ctx) =>
        answering(async () => {
          const found = await getSessionFromCtx(ctx, { disableCookieCache: true });
          if (!found) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
          await rotateSession(ctx, found, now());
          return ctx.json({ status: 'OK' });
        }),
      ),
      // Revokes the session server-side (the row goes), so a copied cookie dies too.
      signOut: createAuthEndpoint('/signout', { method: 'POST' }, async (ctx) => {
        const token = await ctx.getSignedCookie(
          ctx.context.authCookies.sessionToken.name,
          ctx.context.secret,
        );
        if (token) await ctx.context.internalAdapter.deleteSession(token);
        deleteSessionCookie(ctx);
        return ctx.json({ status: 'OK' });
      }),
    },
    rateLimit: [
      {
        window: VERIFY_WINDOW_SECONDS,
        max: deps.verifyCodeLimit,
        pathMatcher: (path) => path === '/verify-code',
      },
    ],
  } satisfies BetterAuthPlugin;
}
