// Every setting comes from the environment and is checked once at boot, so a
// misconfigured deployment fails at start with the full list of bad keys instead
// of one key at a time (epic-stack's env.server.ts).
import path from 'node:path';
import { z } from 'zod';
import {
  BRAND_CODES,
  DEFAULT_CONTACT_LIMIT,
  DEFAULT_PUBLISHER_TZ,
  type BrandCode,
} from '@folio/core';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The SMS gateway body when none is configured: a JSON object with the two placeholders. */
export const DEFAULT_SMS_GATEWAY_BODY = '{"to":"{{to}}","message":"{{message}}"}';

/** A body template must stay valid JSON whatever the substituted values are. */
function isJsonBodyTemplate(template: string): boolean {
  if (!template.includes('{{to}}') || !template.includes('{{message}}')) return false;
  try {
    JSON.parse(template.replaceAll('{{to}}', 'x').replaceAll('{{message}}', 'x'));
    return true;
  } catch {
    return false;
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number' })
    .max(65_535, { error: 'must be a port number' })
    .default(3000),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a postgres:// connection URL' })
    .optional(),
  BRAND: z.enum(BRAND_CODES, { error: `must be one of ${BRAND_CODES.join(', ')}` }).default('dh'),
  PUBLISHER_TZ: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Asia/Kolkata' })
    .default(DEFAULT_PUBLISHER_TZ),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  NODE_ENV: z
    .enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` })
    .default('development'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  MEDIA_DIR: z.string().min(1, { error: 'must not be empty' }).optional(),
  SEED_DEMO: booleanFlag.default(true),
  DEMO_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 30' })
    .int({ error: 'must be a whole number of days from 1 to 30' })
    .min(1, { error: 'must be a whole number of days from 1 to 30' })
    .max(30, { error: 'must be a whole number of days from 1 to 30' })
    .default(7),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be true, false, or comma-separated proxy addresses/CIDRs',
    })
    .default('false'),
  AUTH_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (e.g. openssl rand -base64 48)' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  SMTP_FROM: z
    .string()
    .regex(/@/, { error: 'must be a sender such as "Deccan Herald e-paper <epaper@example.com>"' })
    .optional(),
  SMS_GATEWAY_URL: httpUrl.optional(),
  SMS_GATEWAY_BODY: z
    .string()
    .refine(isJsonBodyTemplate, { error: 'must be a JSON body using {{to}} and {{message}}' })
    .default(DEFAULT_SMS_GATEWAY_BODY),
  SMS_GATEWAY_AUTHORIZATION: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'razorpay'], { error: 'must be sandbox or razorpay' })
    .default('sandbox'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: httpUrl.default('https://api.razorpay.com'),
  // How long the sandbox keeps a mandate debit pending, as a card's stays for about
  // 36 hours at Razorpay; 0 settles it at once.
  SANDBOX_DEBIT_PENDING_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 0 to 72' })
    .min(0, { error: 'must be a number of hours from 0 to 72' })
    .max(72, { error: 'must be a number of hours from 0 to 72' })
    .default(0),
  GRACE_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 0 to 30' })
    .int({ error: 'must be a whole number of days from 0 to 30' })
    .min(0, { error: 'must be a whole number of days from 0 to 30' })
    .max(30, { error: 'must be a whole number of days from 0 to 30' })
    .default(3),
  // Code checks per client per minute. The default keeps guessing slow; a site
  // whose readers share one address (a newsroom, a campus NAT, a test run) may
  // raise it.
  VERIFY_CODE_LIMIT: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int({ error: 'must be a whole number from 1 to 10000' })
    .min(1, { error: 'must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'must be a whole number from 1 to 10000' })
    .default(20),
  // Codes sent per client address per hour: raised, like VERIFY_CODE_LIMIT, where
  // many readers share one address.
  SEND_CODE_LIMIT: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int({ error: 'must be a whole number from 1 to 10000' })
    .min(1, { error: 'must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'must be a whole number from 1 to 10000' })
    .default(30),
  // Contact form messages per client address in ten minutes. Low, since a reader
  // writes rarely; a newsroom or campus behind one address may raise it.
  CONTACT_LIMIT: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int({ error: 'must be a whole number from 1 to 10000' })
    .min(1, { error: 'must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'must be a whole number from 1 to 10000' })
    .default(DEFAULT_CONTACT_LIMIT),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, { error: 'must be a tag manager id such as GTM-ABC1234' })
    .optional(),
});

/** Rules between keys, checked on the raw environment so they are listed with the rest. */
function crossKeyProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.NODE_ENV === 'production') {
    // Production never falls back to the development outbox or a generated secret.
    for (const key of ['AUTH_SECRET', 'SMTP_URL', 'SMS_GATEWAY_URL']) {
      if (!env[key]) problems.push(`${key}: is required in production`);
    }
  }
  if (env.SMTP_URL && !env.SMTP_FROM) problems.push('SMTP_FROM: is required with SMTP_URL');
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      if (!env[key]) problems.push(`${key}: is required with PAYMENT_PROVIDER=razorpay`);
    }
  } else if (env.NODE_ENV === 'production') {
    problems.push('PAYMENT_PROVIDER: the sandbox takes no money; set razorpay in production');
  }
  if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
    problems.push('GOOGLE_CLIENT_SECRET: needs GOOGLE_CLIENT_ID');
  }
  return problems;
}

export interface SmtpConfig {
  url: string;
  from: string;
}

export interface SmsGatewayConfig {
  url: string;
  /** JSON with {{to}} and {{message}}, substituted JSON-escaped. */
  bodyTemplate: string;
  /** Sent as the Authorization header when set. */
  authorization: string | undefined;
}

export interface GoogleConfig {
  clientId: string;
  /** Needed by the redirect flow only; One Tap works with the client id alone. */
  clientSecret: string | undefined;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
}

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API origin; tests point it at a local fake. */
  apiUrl: string;
}

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path; holds the embedded database and, by default, media. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite database. */
  databaseUrl: string | undefined;
  brand: BrandCode;
  publisherTz: string;
  /** Origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  nodeEnv: (typeof NODE_ENVS)[number];
  logLevel: LogLevel;
  /** Absolute path of the local media folder. */
  mediaDir: string;
  seedDemo: boolean;
  /** Days of demo editions the first start seeds, today's first. */
  demoDays: number;
  /**
   * Which proxies may set X-Forwarded-For: the client address decides rate and
   * send limits, so it is trusted only from proxies the operator names.
   */
  trustProxy: boolean | string[];
  /** Keys codes, sessions and OAuth state; unset outside production means a generated one in dataDir. */
  authSecret: string | undefined;
  /** E-mail delivery; unset outside production means the development outbox. */
  smtp: SmtpConfig | undefined;
  /** SMS delivery; unset outside production means the development outbox. */
  smsGateway: SmsGatewayConfig | undefined;
  /** Google sign-in; unset means both Google flows are off. */
  google: GoogleConfig | undefined;
  /** Which payment provider takes payments; the sandbox unless Razorpay is configured. */
  payments:
    | { provider: 'sandbox'; debitPendingMs: number }
    | { provider: 'razorpay'; razorpay: RazorpayConfig };
  /** Days a lapsed renewal keeps access while payment is retried or confirmed. */
  graceDays: number;
  /** Codes sent per client address per hour (SEND_CODE_LIMIT). */
  sendCodeLimit: number;
  /** Code checks allowed per client per minute (VERIFY_CODE_LIMIT). */
  verifyCodeLimit: number;
  /** Contact form messages allowed per client address in ten minutes (CONTACT_LIMIT). */
  contactLimit: number;
  /** Google Tag Manager container id; unset means no analytics script loads. */
  gtmId: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, the way shells and .env files usually mean them. */
function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  return value.split(',');
}

/** Reads and validates the settings; throws ConfigError listing every bad key. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = withoutBlanks(env);
  const parsed = envSchema.safeParse(present);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...crossKeyProblems(present),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    brand: e.BRAND,
    publisherTz: e.PUBLISHER_TZ,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    seedDemo: e.SEED_DEMO,
    demoDays: e.DEMO_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authSecret: e.AUTH_SECRET,
    smtp: e.SMTP_URL && e.SMTP_FROM ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    smsGateway: e.SMS_GATEWAY_URL
      ? {
          url: e.SMS_GATEWAY_URL,
          bodyTemplate: e.SMS_GATEWAY_BODY,
          authorization: e.SMS_GATEWAY_AUTHORIZATION,
        }
      : undefined,
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          authUrl: e.GOOGLE_AUTH_URL,
          tokenUrl: e.GOOGLE_TOKEN_URL,
          jwksUrl: e.GOOGLE_JWKS_URL,
        }
      : undefined,
    payments:
      e.PAYMENT_PROVIDER === 'razorpay' &&
      e.RAZORPAY_KEY_ID &&
      e.RAZORPAY_KEY_SECRET &&
      e.RAZORPAY_WEBHOOK_SECRET
        ? {
            provider: 'razorpay',
            razorpay: {
              keyId: e.RAZORPAY_KEY_ID,
              keySecret: e.RAZORPAY_KEY_SECRET,
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
              apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
            },
          }
        : { provider: 'sandbox', debitPendingMs: e.SANDBOX_DEBIT_PENDING_HOURS * 3_600_000 },
    graceDays: e.GRACE_DAYS,
    verifyCodeLimit: e.VERIFY_CODE_LIMIT,
    sendCodeLimit: e.SEND_CODE_LIMIT,
    contactLimit: e.CONTACT_LIMIT,
    gtmId: e.GTM_ID,
  };
}
