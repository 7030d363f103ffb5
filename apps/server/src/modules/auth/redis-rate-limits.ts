// better-auth's rate limits (every auth path per client address, and the code
// checks' VERIFY_CODE_LIMIT) counted in Redis when REDIS_URL is set (decision
// 0039). Without it they are counted in the database (auth-schema.ts), which every
// server shares too; Redis takes that write per sign-in request off PostgreSQL.
// Each window is one key: INCR, with its expiry set by the first count, in one
// script, so servers counting at once never lose a count. Should Redis be down or
// slow, a request is let through and a warning logged: a sign-in limit that is
// briefly not enforced is better than a site nobody can sign in to. The hourly
// send limits and the code lockouts stay in the database (OtpService).
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a count may take before the request is let through uncounted (ms). */
const COMMAND_TIMEOUT_MS = 500;
/** At most one warning per this long (ms) while Redis fails. */
const WARN_EVERY_MS = 60_000;

// KEYS[1] the window's key; ARGV[1] the window in ms. Answers the count so far and
// the ms left; a key left without an expiry (a crash between the two) gets one.
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}`;

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export class RedisRateLimits {
  private readonly client: Redis;
  private warnedAt = Number.NEGATIVE_INFINITY;

  constructor(
    url: string,
    /** Put before every key, so sites (or test runs) sharing one Redis never share counts. */
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Redis(url, {
      // Connects on the first count: a process that signs nobody in (the worker, a
      // command) never opens a connection.
      lazyConnect: true,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      // Reconnects for as long as it takes, a second apart at most.
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    });
    this.client.on('error', (error: Error) => this.warn(error));
  }

  /** better-auth's storage contract: count this request and say whether it may go on. */
  async consume(
    key: string,
    rule: RateLimitRule,
  ): Promise<{ allowed: boolean; retryAfter: number | null }> {
    try {
      const [count, leftMs] = (await this.client.eval(
        CONSUME,
        1,
        this.keyPrefix + key,
        String(rule.window * 1000),
      )) as [number, number];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(leftMs / 1000)) };
    } catch (error) {
      this.warn(error);
      return { allowed: true, retryAfter: null };
    }
  }

  async close(): Promise<void> {
    if (this.client.status === 'wait' || this.client.status === 'end') this.client.disconnect();
    else await this.client.quit().catch(() => this.client.disconnect());
  }

  private warn(error: unknown): void {
    const now = performance.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    this.log.warn(
      { err: error },
      'Redis is not answering: sign-in rate limits are not enforced until it does',
    );
  }
}
