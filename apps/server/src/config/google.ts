// Settings of Google sign-in: unset, both Google flows are off.
import { z } from 'zod';
import { httpUrl } from './fields.ts';

export const googleEnv = z.object({
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
});

export interface GoogleConfig {
  clientId: string;
  /** Needed by the redirect flow only; One Tap works with the client id alone. */
  clientSecret: string | undefined;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}

/** Rules between the Google keys, on the raw environment. */
export function googleProblems(env: Record<string, string>): string[] {
  return env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID
    ? ['GOOGLE_CLIENT_SECRET: needs GOOGLE_CLIENT_ID']
    : [];
}

export function googleConfig(e: z.infer<typeof googleEnv>): GoogleConfig | undefined {
  return e.GOOGLE_CLIENT_ID
    ? {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        authUrl: e.GOOGLE_AUTH_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        jwksUrl: e.GOOGLE_JWKS_URL,
      }
    : undefined;
}
