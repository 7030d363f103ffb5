// Sign-in: the better-auth instance (sessions, cookies, origin check, rate limits)
// with Folio's code and Google plugins. The container builds the services it
// plugs in (codes, the user directory, Google, the account module's contact
// changes) and then this, once per app.
import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BRANDS } from '@folio/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { authSchemaOptions } from './auth-schema.ts';
import { CLIENT_IP_HEADER } from './client-ip.ts';
import { folioCodes } from './code-plugin.ts';
import type { ContactChanges } from './contact-changes.ts';
import type { GoogleIdentity } from './google-identity.ts';
import { folioGoogle } from './google-plugin.ts';
import type { OtpService } from './otp-service.ts';
import type { RedisRateLimits } from './redis-rate-limits.ts';
import { staffSecondFactor } from './staff-second-factor.ts';
import { deriveKey } from './secrets.ts';
import type { UserDirectory } from './users.ts';

/** Readers stay signed in for 30 days of inactivity; any visit after a day pushes that back. */
const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;
const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;
/** better-auth's limit for every auth path without its own rule, per client address. */
const DEFAULT_AUTH_PATH_LIMIT = { window: 60, max: 100 };

export interface FolioAuthDeps {
  config: Config;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The server's auth secret (resolveAuthSecret); better-auth signs with a key derived from it. */
  secret: string;
  otp: OtpService;
  users: UserDirectory;
  contactChanges: ContactChanges;
  /** Present when GOOGLE_CLIENT_ID is configured. */
  google: GoogleIdentity | undefined;
  /** Where the rate limits are counted when REDIS_URL is set; else the database (decision 0039). */
  rateLimits?: RedisRateLimits | undefined;
}

export function createFolioAuth(deps: FolioAuthDeps) {
  const { otp, users, contactChanges, google, secret } = deps;
  const { config, log } = deps;
  return betterAuth({
    appName: BRANDS[config.brand].logoAlt,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deriveKey(secret, 'better-auth').toString('base64url'),
    trustedOrigins: [config.publicUrl],
    database: { db: deps.db, type: 'postgres' },
    ...authSchemaOptions,
    session: {
      ...authSchemaOptions.session,
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // On in every environment, development and tests included, so what is tested is what runs.
    rateLimit: {
      ...authSchemaOptions.rateLimit,
      enabled: true,
      ...DEFAULT_AUTH_PATH_LIMIT,
      ...(deps.rateLimits ? { customStorage: deps.rateLimits } : {}),
    },
    emailAndPassword: { enabled: false },
    advanced: {
      // A session and its user in one query (the Kysely adapter joins them), not two in
      // turn: every signed-in request begins with this lookup (decision 0043).
      database: { joins: true },
      cookiePrefix: 'folio',
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // better-auth skips its origin check under NODE_ENV=test unless told otherwise.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => log[level]({ detail: args }, `better-auth: ${message}`),
    },
    telemetry: { enabled: false },
    plugins: [
      folioCodes({
        otp,
        users,
        contactChanges,
        now: deps.now,
        verifyCodeLimit: config.verifyCodeLimit,
      }),
      ...(google
        ? [folioGoogle({ google, users, publicUrl: config.publicUrl, now: deps.now })]
        : []),
      ...staffSecondFactor({ issuer: `${BRANDS[config.brand].logoAlt} desk`, now: deps.now }),
    ],
  });
}

export type FolioAuth = ReturnType<typeof createFolioAuth>;
