// The change feed's version check (decision 0039): what it knows of cache_versions
// holds for a window, and a read past half the window renews it ahead of time, so
// a replayed answer (which checks with peek and cannot wait) does not miss at the
// moment the window runs out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersion } from '../src/db/cache-versions.ts';
import { createLogger } from '../src/logger.ts';
import { ChangeFeed } from '../src/modules/changes/index.ts';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';

const CHECK_MS = 1000;
const TOPIC = 'feed-test|topic';

describe.each(testBackends)('the change feed on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database.drop());

  function feedAt(clock: { ms: number }) {
    return new ChangeFeed(database.db, {
      source: undefined,
      checkMs: CHECK_MS,
      log: createLogger({ logLevel: 'silent' }),
      listen: false,
      clockMs: () => clock.ms,
    });
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('knows nothing before its first read, then a version for the whole window', async () => {
    const clock = { ms: 0 };
    const feed = feedAt(clock);
    const first = await bumpVersion(database.db, TOPIC);
    expect(feed.peek(TOPIC)).toBeUndefined();
    await settled();
    expect(feed.peek(TOPIC)).toBe(first);
    // Changed behind its back: not seen before half the window.
    const second = await bumpVersion(database.db, TOPIC);
    clock.ms = CHECK_MS / 2 - 1;
    expect(feed.peek(TOPIC)).toBe(first);
    await settled();
    expect(feed.peek(TOPIC)).toBe(first);
    // Past half the window: still the known version, and a read begins.
    clock.ms = CHECK_MS / 2;
    expect(feed.peek(TOPIC)).toBe(first);
    await settled();
    clock.ms = CHECK_MS - 1;
    expect(feed.peek(TOPIC)).toBe(second);
    // Renewed at CHECK_MS / 2, so it holds past the first window's end.
    clock.ms = CHECK_MS + 1;
    expect(feed.peek(TOPIC)).toBe(second);
    await feed.stop();
  });

  it('misses once the window has run out with no read ahead', async () => {
    const clock = { ms: 0 };
    const feed = feedAt(clock);
    await feed.version(TOPIC);
    clock.ms = CHECK_MS;
    expect(feed.peek(TOPIC)).toBeUndefined();
    await settled();
    expect(feed.peek(TOPIC)).toBeGreaterThan(0);
    await feed.stop();
  });

  it('renews ahead from version() as well', async () => {
    const clock = { ms: 0 };
    const feed = feedAt(clock);
    const known = await feed.version(TOPIC);
    const next = await bumpVersion(database.db, TOPIC);
    clock.ms = CHECK_MS / 2;
    expect(await feed.version(TOPIC)).toBe(known);
    await settled();
    expect(await feed.version(TOPIC)).toBe(next);
    await feed.stop();
  });
});
