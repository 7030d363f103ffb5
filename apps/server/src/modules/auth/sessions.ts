// Starting a session once a reader has proven who they are (a code, Google), and
// reading one back. The login method and whether the sign-in created the account
// are kept on the session row: /api/auth/me reports them (spec 1 §3, §4).
import type { GenericEndpointContext, Session, User } from 'better-auth';
import { setSessionCookie } from 'better-auth/cookies';
import {
  AUTH_MESSAGES,
  loginMethodSchema,
  type AuthUser,
  type LoginMethod,
  type SignInResponse,
} from '@folio/core';
import { UnauthorizedError } from '../../errors.ts';
import { toReader, type Reader } from './users.ts';

/** Who is asking: the reader of the session and how that session was signed in. */
export interface Viewer {
  reader: Reader;
  loginMethod: LoginMethod;
  isNewUser: boolean;
  /** The session's token (the desk marks and ends sessions by it). */
  sessionToken: string;
  /** Staff only: an authenticator app is set up for the account. */
  twoFactorEnabled: boolean;
  /** Staff only: this session gave an authenticator code. */
  secondFactorGiven: boolean;
}

function authUser(reader: Reader, loginMethod: LoginMethod): AuthUser {
  return {
    id: reader.id,
    emails: reader.email ? [reader.email] : [],
    phoneNumbers: reader.phoneNumber ? [reader.phoneNumber] : [],
    loginMethod,
  };
}

/** A new session row for the reader, its lifetime counted on Folio's clock. */
function createSessionRow(
  ctx: GenericEndpointContext,
  userId: string,
  fields: { loginMethod: LoginMethod; isNewUser: boolean },
  now: Date,
) {
  const expiresAt = new Date(now.getTime() + ctx.context.sessionConfig.expiresIn * 1000);
  // overrideAll: our fields (and the expiry) must win over better-auth's defaults.
  return ctx.context.internalAdapter.createSession(
    userId,
    false,
    { ...fields, expiresAt, createdAt: now, updatedAt: now },
    true,
  );
}

/** Creates the session row, sets the HttpOnly cookie and answers like the spec's sign-in-up. */
export async function beginSession(
  ctx: GenericEndpointContext,
  reader: Reader,
  loginMethod: LoginMethod,
  isNewUser: boolean,
  now: Date,
): Promise<SignInResponse> {
  const user = await ctx.context.internalAdapter.findUserById(reader.id);
  if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
  const session = await createSessionRow(ctx, reader.id, { loginMethod, isNewUser }, now);
  await setSessionCookie(ctx, { session, user });
  return { status: 'OK', createdNewRecipeUser: isNewUser, user: authUser(reader, loginMethod) };
}

/**
 * Refresh: the live session is replaced by a new one with a new token and a full
 * lifetime, and the old token stops working at once, so a token copied before the
 * refresh is worth nothing after it.
 */
export async function rotateSession(
  ctx: GenericEndpointContext,
  found: { session: Session & Record<string, unknown>; user: User & Record<string, unknown> },
  now: Date,
): Promise<void> {
  const { loginMethod, isNewUser } = viewerOf(found);
  const session = await createSessionRow(ctx, found.user.id, { loginMethod, isNewUser }, now);
  await ctx.context.internalAdapter.deleteSession(found.session.token);
  await setSessionCookie(ctx, { session, user: found.user });
}

/** Signs the reader out everywhere but in the session `keepToken` (after a phone or e-mail change). */
export async function endOtherSessions(
  ctx: GenericEndpointContext,
  userId: string,
  keepToken: string,
): Promise<void> {
  const sessions = await ctx.context.internalAdapter.listSessions(userId);
  const others = sessions.map((s) => s.token).filter((token) => token !== keepToken);
  if (others.length > 0) await ctx.context.internalAdapter.deleteSessions(others);
}

/** The viewer of a session as better-auth returns it (with Folio's extra fields). */
export function viewerOf(found: {
  session: Session & Record<string, unknown>;
  user: User & Record<string, unknown>;
}): Viewer {
  const loginMethod = loginMethodSchema.safeParse(found.session.loginMethod);
  return {
    reader: toReader(found.user),
    loginMethod: loginMethod.success ? loginMethod.data : 'regular',
    isNewUser: found.session.isNewUser === true,
    sessionToken: found.session.token,
    twoFactorEnabled: found.user.twoFactorEnabled === true,
    secondFactorGiven: found.session.secondFactorAt != null,
  };
}
