// Wires sign-in: the better-auth instance (sessions, cookies, origin check, rate
// limits) with Folio's code and Google plugins, and the services the account
// routes use. Built once per app by container.ts.
import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BRANDS } from '@folio/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { EditionService } from '../editions/service.ts';
import type { MessageChannel, MessageTransport } from '../messaging/transport.ts';
import { AccountService } from '../account/service.ts';
import { PreferencesService } from '../account/preferences-service.ts';
import { ProfileRepo } from '../account/profile-repo.ts';
import { authSchemaOptions } from './auth-schema.ts';
import { CLIENT_IP_HEADER } from './client-ip.ts';
import { folioCodes } from './code-plugin.ts';
import { GoogleIdentity } from './google-identity.ts';
import { folioGoogle } from './google-plugin.ts';
import { OtpRepo } from './otp-repo.ts';
import { OtpService } from './otp-service.ts';
import { KeyedHash, deriveKey, resolveAuthSecret } from './secrets.ts';
import { UserDirectory } from './users.ts';

/** Readers stay signed in for 30 days of inactivity; any visit after a day pushes that back. */
const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600;
const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;
/** better-auth's limit for every auth path without its own rule, per client address. */
const DEFAULT_AUTH_PATH_LIMIT = { window: 60, max: 100 };

export interface AuthModuleDeps {
  config: Config;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now: () => Date;
  editions: EditionService;
  transports: Record<MessageChannel, MessageTransport>;
}

interface Plugged {
  otp: OtpService;
  users: UserDirectory;
  accounts: AccountService;
  google: GoogleIdentity | undefined;
}

function createFolioAuth(
  deps: AuthModuleDeps,
  secret: string,
  { otp, users, accounts, google }: Plugged,
) {
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
    rateLimit: { ...authSchemaOptions.rateLimit, enabled: true, ...DEFAULT_AUTH_PATH_LIMIT },
    emailAndPassword: { enabled: false },
    advanced: {
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
        accounts,
        now: deps.now,
        verifyCodeLimit: config.verifyCodeLimit,
      }),
      ...(google
        ? [folioGoogle({ google, users, publicUrl: config.publicUrl, now: deps.now })]
        : []),
    ],
  });
}

export type FolioAuth = ReturnType<typeof createFolioAuth>;

export interface AuthModule {
  auth: FolioAuth;
  accounts: AccountService;
  preferences: PreferencesService;
  /** Which Google flows exist: One Tap needs GOOGLE_CLIENT_ID, the redirect flow also its secret. */
  google: { oneTap: boolean; redirect: boolean };
}

export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  const { config, db } = deps;
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const otp = new OtpService({
    repo: new OtpRepo(db),
    hash: new KeyedHash(deriveKey(secret, 'otp')),
    transports: deps.transports,
    brand: config.brand,
    now: deps.now,
    log: deps.log,
    sendsPerIpPerHour: config.sendCodeLimit,
  });
  const profiles = new ProfileRepo(db);
  // The directory reaches better-auth's context lazily: the instance is created below, after its plugins.
  const users = new UserDirectory(() => auth.$context);
  const accounts = new AccountService(users, profiles, otp, config.brand);
  const google = config.google && new GoogleIdentity(config.google, deps.now);
  const auth = createFolioAuth(deps, secret, { otp, users, accounts, google });
  return {
    auth,
    accounts,
    preferences: new PreferencesService(profiles, deps.editions),
    google: { oneTap: google !== undefined, redirect: google?.redirectFlowEnabled ?? false },
  };
}
