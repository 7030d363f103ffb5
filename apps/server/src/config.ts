// Every setting comes from the environment and is checked once at boot, so a
// misconfigured deployment fails at start with the full list of bad keys instead
// of one key at a time (epic-stack's env.server.ts).
import path from 'node:path';
import { z } from 'zod';
import { BRAND_CODES, DEFAULT_PUBLISHER_TZ, type BrandCode } from '@folio/core';

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
  NODE_ENV: z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` }).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  MEDIA_DIR: z.string().min(1, { error: 'must not be empty' }).optional(),
  SEED_DEMO: booleanFlag.default(true),
});

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

/** Reads and validates the settings; throws ConfigError listing every bad key. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
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
  };
}
