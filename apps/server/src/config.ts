// Every setting comes from the environment and is checked once at boot, so a
// misconfigured deployment fails at start with the full list of bad keys instead
// of one key at a time (epic-stack's env.server.ts). The settings of messaging,
// Google sign-in and payments are in config/.
import path from 'node:path';
import { z } from 'zod';
import {
  BRAND_CODES,
  DEFAULT_CONTACT_LIMIT,
  DEFAULT_PUBLISHER_TZ,
  type BrandCode,
} from '@folio/core';
import { booleanFlag, wholeNumber } from './config/fields.ts';
import { googleConfig, googleEnv, googleProblems, type GoogleConfig } from './config/google.ts';
import {
  messagingConfig,
  messagingEnv,
  messagingProblems,
  type SmsGatewayConfig,
  type SmtpConfig,
} from './config/messaging.ts';
import {
  paymentProblems,
  paymentsConfig,
  paymentsEnv,
  type PaymentsConfig,
} from './config/payments.ts';
import {
  publisherConfig,
  publisherEnv,
  publisherProblems,
  type PublisherConfig,
} from './config/publisher.ts';
import {
  storageConfig,
  storageEnv,
  storageProblems,
  type StorageConfig,
} from './config/storage.ts';
// Issue 28 part 2 (shared state, decision 0039): CACHE_VERSION_CHECK_MS and REDIS_URL.
import {
  sharedStateConfig,
  sharedStateEnv,
  type SharedStateConfig,
} from './config/shared-state.ts';

export type { GoogleConfig } from './config/google.ts';
export type { SmsGatewayConfig, SmtpConfig } from './config/messaging.ts';
export type { RazorpayConfig } from './config/payments.ts';
export type { PublisherConfig } from './config/publisher.ts';
export type { StorageConfig } from './config/storage.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
/** in-process: this server runs its own jobs; queue: it only sends them, `npm run worker` runs them. */
const JOB_RUNNERS = ['in-process', 'queue'] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: wholeNumber(0, 65_535, 'must be a port number').default(3000),
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
  DROP_DIR: z.string().min(1, { error: 'must not be empty' }).optional(),
  PAGE_FILE_RULE: z.string().min(1, { error: 'must not be empty' }).max(200).optional(),
  DESK_EMAIL: z.string().email({ error: 'must be an e-mail address' }).optional(),
  SEED_DEMO: booleanFlag.default(true),
  DEMO_DAYS: wholeNumber(1, 30, 'must be a whole number of days from 1 to 30').default(7),
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
  ...messagingEnv.shape,
  ...googleEnv.shape,
  ...paymentsEnv.shape,
  ...publisherEnv.shape,
  ...storageEnv.shape,
  ...sharedStateEnv.shape,
  // Issue 28 part 3 (decision 0040): who runs the jobs. `queue` needs PostgreSQL.
  JOB_RUNNER: z
    .enum(JOB_RUNNERS, { error: `must be one of ${JOB_RUNNERS.join(', ')}` })
    .default('in-process'),
  GRACE_DAYS: wholeNumber(0, 30, 'must be a whole number of days from 0 to 30').default(3),
  // Code checks per client per minute. The default keeps guessing slow; a site
  // whose readers share one address (a newsroom, a campus NAT, a test run) may
  // raise it.
  VERIFY_CODE_LIMIT: wholeNumber(1, 10_000, 'must be a whole number from 1 to 10000').default(20),
  // Codes sent per client address per hour: raised, like VERIFY_CODE_LIMIT, where
  // many readers share one address.
  SEND_CODE_LIMIT: wholeNumber(1, 10_000, 'must be a whole number from 1 to 10000').default(30),
  // Contact form messages per client address in ten minutes. Low, since a reader
  // writes rarely; a newsroom or campus behind one address may raise it.
  CONTACT_LIMIT: wholeNumber(1, 10_000, 'must be a whole number from 1 to 10000').default(
    DEFAULT_CONTACT_LIMIT,
  ),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, { error: 'must be a tag manager id such as GTM-ABC1234' })
    .optional(),
  // Issue 28 part 4: the bearer token GET /metrics asks for (unset: loopback only).
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, {
      error: 'must be 16 to 200 visible characters without spaces (e.g. openssl rand -hex 32)',
    })
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
  // pg-boss keeps its jobs in PostgreSQL; the embedded database has one process.
  if (env.JOB_RUNNER === 'queue' && !env.DATABASE_URL)
    problems.push(
      'JOB_RUNNER: queue needs DATABASE_URL (the jobs live in PostgreSQL); set it, or leave JOB_RUNNER as in-process',
    );
  return [
    ...problems,
    ...messagingProblems(env),
    ...paymentProblems(env),
    ...googleProblems(env),
    ...publisherProblems(env),
    ...storageProblems(env),
  ];
}

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config extends SharedStateConfig {
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
  /** Where media is kept: the local folder (mediaDir), or a bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /** Where page files received by the desk are kept (DATA_DIR/incoming). */
  incomingDir: string;
  /** Page files the browser is still sending, resumable (DATA_DIR/uploads). */
  uploadsDir: string;
  /** The night desk's watched folder (DROP_DIR); none when unset. */
  dropDir: string | undefined;
  /** How page files are named (PAGE_FILE_RULE); @folio/core/page-file-names' default when unset. */
  pageFileRule: string | undefined;
  /** Where processing reports go (DESK_EMAIL); none when unset. */
  deskEmail: string | undefined;
  /** Who runs the jobs (JOB_RUNNER): this process, or workers through the queue (decision 0040). */
  jobRunner: (typeof JOB_RUNNERS)[number];
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
  payments: PaymentsConfig;
  /** The company its invoices and receipts name; a development publisher outside production. */
  publisher: PublisherConfig;
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
  /** Bearer token for GET /metrics (METRICS_TOKEN); unset means only direct local clients. */
  metricsToken: string | undefined;
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
  const mediaDir = path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media'));
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
    mediaDir,
    storage: storageConfig(e, mediaDir),
    incomingDir: path.resolve(path.join(dataDir, 'incoming')),
    uploadsDir: path.resolve(path.join(dataDir, 'uploads')),
    dropDir: e.DROP_DIR === undefined ? undefined : path.resolve(e.DROP_DIR),
    pageFileRule: e.PAGE_FILE_RULE,
    deskEmail: e.DESK_EMAIL,
    jobRunner: e.JOB_RUNNER,
    seedDemo: e.SEED_DEMO,
    demoDays: e.DEMO_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authSecret: e.AUTH_SECRET,
    ...messagingConfig(e),
    google: googleConfig(e),
    payments: paymentsConfig(e),
    publisher: publisherConfig(e),
    graceDays: e.GRACE_DAYS,
    verifyCodeLimit: e.VERIFY_CODE_LIMIT,
    sendCodeLimit: e.SEND_CODE_LIMIT,
    contactLimit: e.CONTACT_LIMIT,
    gtmId: e.GTM_ID,
    ...sharedStateConfig(e),
    metricsToken: e.METRICS_TOKEN,
  };
}
