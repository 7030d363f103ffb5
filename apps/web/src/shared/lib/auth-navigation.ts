// Addresses and navigation state of the sign-in screens (spec 1 §2, spec 2 §2).
// Router state is whatever the previous screen (or the browser's history) left,
// so each screen parses it before trusting it.
import { z } from 'zod';

export const AUTH_PATHS = {
  login: '/auth',
  verifyOtp: '/auth/verify_otp',
  authenticate: '/auth/authenticate',
  profile: '/profile',
  subscribe: '/subscribe',
  review: '/review',
} as const;

export const verificationMethodSchema = z.enum(['mobile', 'email']);
export type VerificationMethod = z.infer<typeof verificationMethodSchema>;

export const loginStateSchema = z.object({ activeTab: verificationMethodSchema.optional() });
export type LoginState = z.infer<typeof loginStateSchema>;

export const verifyOtpStateSchema = z.object({
  verificationMethod: verificationMethodSchema,
  /** Ten digits, without the country prefix. */
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
  fromProfile: z.boolean().optional(),
  fromPopup: z.boolean().optional(),
  redirectAfterOTP: z.string().optional(),
});
export type VerifyOtpState = z.infer<typeof verifyOtpStateSchema>;

export const authenticateStateSchema = z.object({
  isNewUser: z.boolean().optional(),
  verificationMethod: verificationMethodSchema.optional(),
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
  redirectAfterOTP: z.string().optional(),
});
export type AuthenticateState = z.infer<typeof authenticateStateSchema>;

export const profileStateSchema = z.object({ fromOTP: z.boolean().optional() });

/** Parses router state; anything else (a reload, a hand-typed URL) reads as no state. */
export function readState<T>(schema: z.ZodType<T>, state: unknown): T | undefined {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A redirect target from a URL or state, kept only when it stays on this site:
 * a path starting with one slash. Anything else (another origin, `//host`,
 * `javascript:`) would make the login an open redirect, so it becomes /.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  return target;
}

/** The login screen, coming back to `redirectUrl` once signed in. */
export function loginHref(redirectUrl: string): string {
  const target = safeRedirect(redirectUrl);
  return target === '/'
    ? AUTH_PATHS.login
    : `${AUTH_PATHS.login}?redirectUrl=${encodeURIComponent(target)}`;
}
