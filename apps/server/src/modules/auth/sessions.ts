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
import type { Viewer } from './account-service.ts';
import { toReader, type Reader } from './users.ts';

function authUser(reader: Reader, loginMethod: LoginMethod): AuthUser {
  return {
    id: reader.id,
    emails: reader.email ? [reader.email] : [],
    phoneNumbers: reader.phoneNumber ? [reader.phoneNumber] : [],
    loginMethod,
  };
}

/** Creates the session row, sets the HttpOnly cookie and answers like the spec's sign-in-up. */
export async function beginSession(
  ctx: GenericEndpointContext,
  reader: Reader,
  loginMethod: LoginMethod,
  isNewUser: boolean,
): Promise<SignInResponse> {
  const user = await ctx.context.internalAdapter.findUserById(reader.id);
  if (!user) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
  // overrideAll: our fields must win over better-auth's defaults for additional fields.
  const session = await ctx.context.internalAdapter.createSession(
    reader.id,
    false,
    { loginMethod, isNewUser },
    true,
  );
  await setSessionCookie(ctx, { session, user });
  return { status: 'OK', createdNewRecipeUser: isNewUser, user: authUser(reader, loginMethod) };
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
  };
}
