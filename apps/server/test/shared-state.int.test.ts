// Several web servers on one database (issue 28 part 2, decision 0039). Three apps
// share one database here, as three processes would: the first is where the desk
// edits; the second hears the database's notifications (and its version check is
// a minute, so nothing else can tell it); the third hears none, as if every
// notification were lost, and must catch up by its version check alone. Plan
// prices, the offer banner, a re-published issue and the free edition are seen on
// the others; an edit that is rolled back moves no version and tells nobody.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { discountBannerSchema, epaperDataSchema, subscriptionPlansSchema } from '@folio/core';
import { bumpVersion, plansTopic, readVersions } from '../src/db/cache-versions.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/auth.ts';
import { insertIssue } from './helpers/content.ts';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

const DATE = '2026-11-20';
const dataUrl = `/api/epaper/data?date=${DATE.replaceAll('-', '')}&edition=2&publisher=DH`;
/** The third server's window: how long it may serve a copy an edit made stale. */
const LOST_CHECK_MS = 1000;

/** The next version the app's feed learns of a topic under `prefix`; fails after `ms`. */
function nextChange(t: TestApp, prefix: string, ms = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no change of ${prefix}* heard within ${ms} ms`));
    }, ms);
    const off = t.container.changes.subscribe(prefix, (topic) => {
      clearTimeout(timer);
      off();
      resolve(topic);
    });
  });
}

describe.each(testBackends)('three servers on one $name database', (backend) => {
  let database: TestDatabase;
  let dataDir: string;
  /** Where the desk edits. */
  let desk: TestApp;
  /** Hears the database's notifications; never checks versions on its own. */
  let hearing: TestApp;
  /** Hears nothing: its version check alone tells it of edits. */
  let deaf: TestApp;
  let admin: string;
  let editor: string;

  const priceOf = async (t: TestApp, planId: number) => {
    const res = await t.app.inject('/api/subscription-plans?publisher=DH');
    expect(res.statusCode, res.body).toBe(200);
    return subscriptionPlansSchema.parse(res.json()).find((plan) => plan.id === planId)
      ?.price_cents;
  };
  const setPrice = async (planId: number, priceMinor: number) => {
    const res = await call(desk, 'PATCH', `/api/desk/plans/dh/${planId}`, {
      cookie: admin,
      body: { priceMinor },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const dataOf = async (t: TestApp) => {
    const res = await t.app.inject(dataUrl);
    expect(res.statusCode, res.body).toBe(200);
    return epaperDataSchema.parse(res.json());
  };
  /**
   * Stops every feed's clock, with what `deaf` knows checked just now; `passWindow`
   * lets the clock go again and waits out the deaf server's window in real time.
   */
  const freezeClock = async () => {
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    await deaf.container.changes.refresh();
    return {
      passWindow: async () => {
        clock.mockRestore();
        await new Promise((resolve) => setTimeout(resolve, LOST_CHECK_MS));
      },
    };
  };
  let planId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-shared-state-'));
    desk = await startTestApp(database, dataDir);
    hearing = await startTestApp(database, dataDir, {
      env: { CACHE_VERSION_CHECK_MS: '60000' },
    });
    deaf = await startTestApp(database, dataDir, {
      env: { CACHE_VERSION_CHECK_MS: String(LOST_CHECK_MS) },
      listenForChanges: false,
    });
    expect([desk.container.changes.listening, hearing.container.changes.listening]).toEqual([
      true,
      true,
    ]);
    expect(deaf.container.changes.listening).toBe(false);
    await desk.container.marketing.ensureContent();
    admin = (await staffSession(desk, 'shared.admin@example.com', 'admin')).cookie;
    editor = (await staffSession(desk, 'shared.editor@example.com', 'editor')).cookie;
    await insertIssue(desk, { brand: 'dh', editionNumber: 2, date: DATE });
    const plans = subscriptionPlansSchema.parse(
      (await desk.app.inject('/api/subscription-plans?publisher=DH')).json(),
    );
    planId = plans[0]?.id ?? 0;
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    for (const t of [desk, hearing, deaf]) await t?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("puts a plan's new price on every server's subscribe page at once", async () => {
    const before = await priceOf(hearing, planId);
    expect(await priceOf(deaf, planId)).toBe(before);
    const heard = nextChange(hearing, 'plans:');
    await setPrice(planId, (before ?? 0) + 1000);
    // The server that made the edit reads it back at once.
    expect(await priceOf(desk, planId)).toBe((before ?? 0) + 1000);
    // The other is told by the database, with its own version check a minute away.
    expect(await heard).toBe('plans:dh');
    expect(await priceOf(hearing, planId)).toBe((before ?? 0) + 1000);
  });

  it('with every notification lost, a server catches up on its next version check', async () => {
    const clock = await freezeClock();
    const before = await priceOf(deaf, planId);
    await setPrice(planId, (before ?? 0) + 500);
    // Within its window the deaf server still serves the copy it has...
    expect(await priceOf(deaf, planId)).toBe(before);
    // ...and once the window has passed, it reads the versions and drops it.
    await clock.passWindow();
    expect(await priceOf(deaf, planId)).toBe((before ?? 0) + 500);
  });

  it('shows the offer banner the desk just saved on every server', async () => {
    const text = `Shared offer ${Date.now()}`;
    const now = desk.now().getTime();
    const res = await call(desk, 'PUT', '/api/desk/offers/dh/banner', {
      cookie: admin,
      body: {
        text,
        subtext: 'On every server',
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        active: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing of the banner is kept in memory: the next request anywhere has it.
    for (const t of [hearing, deaf])
      expect(
        discountBannerSchema.parse((await t.app.inject('/api/discount-banner')).json()),
      ).toMatchObject({ is_active: true, banner_text: text });
  });

  it('serves a re-published issue from every server, the deaf one within its window', async () => {
    const clock = await freezeClock();
    const before = await dataOf(hearing);
    for (const t of [desk, deaf])
      expect((await dataOf(t)).data_url_suffix).toBe(before.data_url_suffix);
    const heard = nextChange(hearing, 'editions:');
    // Written through the first server's database, as its publish (or the ingest command) does.
    const replaced = await insertIssue(desk, {
      brand: 'dh',
      editionNumber: 2,
      date: DATE,
      sections: ['Front Page'],
    });
    // The writing server reads its own write at once, notification or not.
    expect((await dataOf(desk)).data_url_suffix).toBe(`/media/${replaced.mediaPrefix}`);
    expect(await heard).toBe('editions:dh');
    expect((await dataOf(hearing)).data_url_suffix).toBe(`/media/${replaced.mediaPrefix}`);
    expect((await dataOf(deaf)).data_url_suffix).toBe(before.data_url_suffix);
    await clock.passWindow();
    expect((await dataOf(deaf)).data_url_suffix).toBe(`/media/${replaced.mediaPrefix}`);
  });

  it('moves the free edition on every server', async () => {
    const freeOn = async (t: TestApp) =>
      (await t.app.inject('/api/config')).json<{ freeEdition: number }>().freeEdition;
    expect([await freeOn(hearing), await freeOn(deaf)]).toEqual([2, 2]);
    const heard = nextChange(hearing, 'brand-settings');
    const res = await call(desk, 'PATCH', '/api/desk/brands/dh', {
      cookie: editor,
      body: { freeEdition: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await heard).toBe('brand-settings');
    // The settings are read again once told; the next reads have them.
    await vi.waitFor(async () => expect(await freeOn(hearing)).toBe(3), { timeout: 2000 });
    await vi.waitFor(async () => expect(await freeOn(deaf)).toBe(3), {
      timeout: LOST_CHECK_MS + 2000,
    });
  });

  it('moves no version and tells nobody of an edit that is rolled back', async () => {
    const before = await readVersions(desk.db);
    const price = await priceOf(hearing, planId);
    const heard: string[] = [];
    const off = hearing.container.changes.subscribe('', (topic) => heard.push(topic));
    await expect(
      desk.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('subscription_plans')
          .set({ price_cents: 1 })
          .where('id', '=', planId)
          .execute();
        await desk.container.changes.bump(plansTopic('dh'), trx);
        throw new Error('the edit fails after its bump');
      }),
    ).rejects.toThrow('the edit fails after its bump');
    // Notifications come in commit order: one committed after the rollback is heard
    // only after anything the rolled-back edit could have sent.
    const marker = nextChange(hearing, 'test:');
    await desk.container.changes.bump('test:marker', desk.db);
    await marker;
    off();
    expect(heard).toEqual(['test:marker']);
    expect(await readVersions(desk.db)).toEqual(new Map([...before, ['test:marker', 1]]));
    expect(await priceOf(hearing, planId)).toBe(price);
    expect(await priceOf(desk, planId)).toBe(price);
  });

  it.runIf(backend.name === 'postgres')(
    'listens again after losing its connection, and reads what it missed meanwhile',
    async () => {
      const heard = nextChange(hearing, 'test:missed');
      // The listening connections cut (a database restart, a failover), and an edit
      // made at once, before any of them is back: its notification reaches nobody.
      await desk.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ cut: boolean }>`
          select pg_terminate_backend(pid) as cut from pg_stat_activity
          where application_name = 'folio-changes' and datname = current_database()`.execute(trx);
        expect(rows.filter((row) => row.cut).length).toBeGreaterThanOrEqual(2);
        await bumpVersion(trx, 'test:missed');
      });
      // Back within the backoff, the versions are read again: the edit is found.
      expect(await heard).toBe('test:missed');
      await vi.waitFor(() => expect(hearing.container.changes.listening).toBe(true));
      const next = nextChange(hearing, 'test:after');
      await bumpVersion(desk.db, 'test:after');
      expect(await next).toBe('test:after');
    },
  );
});
