// Sign-in rate limits counted in Redis (REDIS_URL, decision 0039): two servers on
// one database and one Redis refuse the same client address once it has spent the
// limit between them, with the counts in Redis (under this run's own key prefix)
// and none in the database; and a Redis that does not answer lets requests through
// with a warning instead of refusing every sign-in. Needs the Redis at
// 127.0.0.1:6379 (TEST_REDIS_URL to use another).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { freshIp, post } from './helpers/auth.ts';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Code checks per client address per minute in these tests. */
const LIMIT = 3;

/** A code check for a sign-in that never was: refused, but counted first. */
const checkCode = (t: TestApp, ip: string) =>
  post(
    t,
    '/api/auth/verify-code',
    { preAuthSessionId: 'no-such-attempt', deviceId: 'no-such-device', userInputCode: '123456' },
    { ip },
  );

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

describe.each(testBackends)('sign-in limits in Redis on $name', (backend) => {
  // One prefix per run and backend: nothing here meets another run's counts.
  const prefix = `folio-test:${process.pid}:${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let database: TestDatabase;
  let dataDir: string;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    database = await createTestDatabase(backend);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-redis-limits-'));
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, VERIFY_CODE_LIMIT: String(LIMIT) };
    one = await startTestApp(database, dataDir, { env });
    two = await startTestApp(database, dataDir, { env });
  }, 60_000);
  afterAll(async () => {
    for (const t of [one, two]) await t?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    const keys = await keysUnder(redis, prefix);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('refuses an address that spent the limit across both servers, counting in Redis', async () => {
    const ip = freshIp();
    const spent: number[] = [];
    for (const t of [one, two, one]) spent.push((await checkCode(t, ip)).statusCode);
    expect(spent).not.toContain(429);
    const refused = await checkCode(two, ip);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(
      Number(refused.headers['x-retry-after'] ?? refused.headers['retry-after']),
    ).toBeGreaterThan(0);
    // Another address still has its own.
    expect((await checkCode(one, freshIp())).statusCode).not.toBe(429);
    // The counts are this run's keys in Redis, with an expiry; the database has none.
    const keys = await keysUnder(redis, prefix);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from rate_limits`.execute(
      database.db,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('sign-in limits with Redis down', () => {
  let t: TestApp;
  let database: TestDatabase;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ name: 'pglite' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-redis-down-'));
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    t = await startTestApp(database, dataDir, {
      // Nothing listens on port 1.
      env: { REDIS_URL: 'redis://127.0.0.1:1', VERIFY_CODE_LIMIT: '1' },
      log,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lets sign-in requests through and says so in the log, rather than refusing them all', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) answers.push((await checkCode(t, ip)).statusCode);
    expect(answers).not.toContain(429);
    expect(answers).not.toContain(500);
    expect(lines.some((line) => line.includes('sign-in rate limits are not enforced'))).toBe(true);
  });
});
