// The second factor staff give to open the desk (issue 26 part 1): better-auth's
// two-factor plugin keeps each staff member's authenticator secret and checks its
// codes. Staff sign in with a one-time code like readers; a session opens the
// desk only once it has also given an authenticator code, which this plugin's
// hook marks on the session row (second_factor_at). A reader's session never has
// the mark, and the desk asks for it on every route (modules/desk/guard.ts).
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { twoFactorSchema } from './auth-schema.ts';

/** The paths whose success proves the second factor (relative to /api/auth). */
export const SECOND_FACTOR_PATHS = {
  enable: '/two-factor/enable',
  verify: '/two-factor/verify-totp',
} as const;

function marksSecondFactor(now: () => Date): BetterAuthPlugin {
  return {
    id: 'folio-second-factor-mark',
    hooks: {
      after: [
        {
          matcher: (context) => context.path === SECOND_FACTOR_PATHS.verify,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (returned === undefined || isAPIError(returned)) return;
            // Setting up replaces the session (the plugin rotates it): mark the new one.
            const token =
              ctx.context.newSession?.session.token ??
              (await getSessionFromCtx(ctx))?.session.token;
            if (token === undefined) return;
            await ctx.context.internalAdapter.updateSession(token, { secondFactorAt: now() });
          }),
        },
      ],
    },
  };
}

/** The two-factor plugin, passwordless (staff have none), and the session mark. */
export function staffSecondFactor(options: { issuer: string; now: () => Date }) {
  return [
    twoFactor({
      issuer: options.issuer,
      allowPasswordless: true,
      schema: twoFactorSchema,
    }),
    marksSecondFactor(options.now),
  ] as const;
}
