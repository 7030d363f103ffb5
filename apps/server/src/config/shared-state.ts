// What several web servers on one database share (issue 28 part 2, decision 0039):
// how soon a server's in-process caches notice an edit whose notification was
// lost, and the Redis that holds the sign-in rate limits when there is one.
import { z } from 'zod';
import { wholeNumber } from './fields.ts';

const REDIS_URL_ERROR = 'must be a redis:// or rediss:// URL';

export const sharedStateEnv = z.object({
  // A known version is trusted this long before the versions are read again: the
  // longest a cache may lag an edit when NOTIFY is lost. One small read per window.
  CACHE_VERSION_CHECK_MS: wholeNumber(
    100,
    60_000,
    'must be a whole number of milliseconds from 100 to 60000',
  ).default(1000),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: REDIS_URL_ERROR })
    .max(500, { error: 'must be at most 500 characters' })
    .optional(),
  // Before every key this site writes to Redis: sites or environments sharing one
  // Redis keep apart by giving each its own.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, {
      error: 'must be 1 to 64 of A-Z, a-z, 0-9, ":", ".", "_" and "-"',
    })
    .default('folio:'),
});

export interface SharedStateConfig {
  /** CACHE_VERSION_CHECK_MS. */
  cacheVersionCheckMs: number;
  /** Where the sign-in rate limits are counted; unset: in the database. */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX. */
  redisKeyPrefix: string;
}

export function sharedStateConfig(e: z.infer<typeof sharedStateEnv>): SharedStateConfig {
  return {
    cacheVersionCheckMs: e.CACHE_VERSION_CHECK_MS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
  };
}
