// What the desk chooses per brand (issue 26 parts 8 and 11): the free edition moves
// the locks for every reader at once (the e-paper answers, /api/config), is never
// retired and must be one readers can open; the release gate lets through as many
// missing pages as the brand allows, at release time; another server picks a
// change up; bad choices change nothing; every choice is in the audit log.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToCompact } from '@folio/core';
import { DESK_MESSAGES } from '@folio/core/desk';
import { generateDemoEdition } from '@folio/ingest';
import { BrandSettings } from '../src/modules/editions/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/auth.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { sendPage, staffSession } from './helpers/desk.ts';

interface Catalogue {
  freeEdition: number;
  missingPageTolerance: number;
}

describe.each(testBackends)('the brand choices on $name', (backend) => {
  let t: TestApp;
  let cookie: string;
  let work: string;
  let today: string;

  const choose = (body: unknown) => call(t, 'PATCH', '/api/desk/brands/dh', { cookie, body });
  /** Whether a visitor may open the front page of an edition today. */
  const frontOpen = async (edition: number) => {
    const res = await t.app.inject({
      url: `/api/epaper/data?publisher=DH&date=${isoToCompact(today)}&edition=${edition}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ sections: { pages: { locked: boolean }[] }[] }>();
    return data.sections[0]?.pages[0]?.locked === false;
  };
  const freeInConfig = async () =>
    (await t.app.inject('/api/config')).json<{ freeEdition: number }>().freeEdition;
  const catalogue = async () =>
    (await call(t, 'GET', '/api/desk/editions?brand=dh', { cookie })).json<Catalogue>();

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-brand-choices-'));
    t = await createTestApp(backend);
    ({ cookie } = await staffSession(t, 'chooser@example.com', 'editor'));
    today = t.container.editions.latestDate();
    for (const editionNumber of [2, 3])
      await insertIssue(t, { brand: 'dh', date: today, editionNumber });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it("moves the free front page for every reader at once, and says so in the readers' config", async () => {
    expect([await frontOpen(2), await frontOpen(3), await freeInConfig()]).toEqual([
      true,
      false,
      2,
    ]);
    const res = await choose({ freeEdition: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Catalogue>().freeEdition).toBe(3);
    expect([await frontOpen(2), await frontOpen(3), await freeInConfig()]).toEqual([
      false,
      true,
      3,
    ]);
    const audit = await call(t, 'GET', '/api/desk/audit', { cookie });
    expect(
      audit.json<{ entries: { action: string; before: unknown; after: unknown }[] }>().entries[0],
    ).toMatchObject({
      action: 'brand.change',
      before: { freeEdition: 2, missingPageTolerance: 0 },
      after: { freeEdition: 3, missingPageTolerance: 0 },
    });
  });

  it('another server sees the choice on its next refresh and drops what it built with the old one', async () => {
    const moved: string[] = [];
    const other = new BrandSettings(t.container.db, (brand) => moved.push(brand));
    expect(other.of('dh').freeEdition).toBe(2);
    await other.refresh();
    expect([other.of('dh').freeEdition, moved]).toEqual([3, ['dh']]);
    await other.refresh();
    expect(moved).toEqual(['dh']);
  });

  it('never retires the free edition, and takes only an edition readers can open', async () => {
    const retire = await call(t, 'PATCH', '/api/desk/editions/dh/3', {
      cookie,
      body: { retired: true },
    });
    expect([retire.statusCode, retire.json<{ message: string }>().message]).toEqual([
      409,
      DESK_MESSAGES.freeEditionStays,
    ]);
    const group = await call(t, 'PATCH', '/api/desk/edition-groups/dh/2', {
      cookie,
      body: { retired: true },
    });
    expect(group.statusCode, group.body).toBe(409);
    expect(
      (await call(t, 'PATCH', '/api/desk/editions/dh/5', { cookie, body: { retired: true } }))
        .statusCode,
    ).toBe(200);
    for (const [body, message] of [
      [{ freeEdition: 5 }, DESK_MESSAGES.freeEditionInvalid],
      [{ freeEdition: 99 }, DESK_MESSAGES.freeEditionInvalid],
      [{ freeEdition: 0 }, DESK_MESSAGES.freeEditionInvalid],
      [{ freeEdition: '3' }, DESK_MESSAGES.freeEditionInvalid],
      [{ missingPageTolerance: 21 }, DESK_MESSAGES.toleranceInvalid],
      [{ missingPageTolerance: -1 }, DESK_MESSAGES.toleranceInvalid],
      [{ missingPageTolerance: 1.5 }, DESK_MESSAGES.toleranceInvalid],
      [{}, DESK_MESSAGES.brandNothingToChange],
    ] as const) {
      const res = await choose(body);
      expect(
        [res.statusCode, res.json<{ message: string }>().message],
        JSON.stringify(body),
      ).toEqual([400, message]);
    }
    expect(await catalogue()).toMatchObject({ freeEdition: 3, missingPageTolerance: 0 });
    expect(await frontOpen(3)).toBe(true);
  });

  it('at release time lets an edition out with as many missing pages as the brand allows, not more', async () => {
    const counted = await call(t, 'PATCH', '/api/desk/editions/dh/3', {
      cookie,
      body: { pages: 4 },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const send = async (date: string) => {
      const made = await generateDemoEdition({
        brand: 'dh',
        date,
        editionNumber: 3,
        editionName: 'Mysuru',
        pageCount: 4,
        outDir: path.join(work, date),
      });
      for (const [index, file] of made.files.slice(0, 3).entries())
        await sendPage(t, cookie, `DH_${isoToCompact(date)}_3_P0${index + 1}.pdf`, file);
      await t.container.assembly.idle();
    };
    const standing = async (date: string) =>
      (await call(t, 'GET', `/api/desk/editions/dh/3/${date}`, { cookie })).json<{
        state: string;
        refusals: string[];
      }>();
    const yesterday = addDays(today, -1);
    await send(yesterday);
    expect((await standing(yesterday)).state).toBe('receiving');
    expect(await t.container.assembly.tick()).toBe(true);
    await t.container.assembly.idle();
    expect(await standing(yesterday)).toMatchObject({
      state: 'failed',
      refusals: ['Page 4 missing.'],
    });

    expect((await choose({ missingPageTolerance: 1 })).statusCode).toBe(200);
    await send(today);
    expect((await standing(today)).state).toBe('receiving');
    expect(await t.container.assembly.tick()).toBe(true);
    await t.container.assembly.idle();
    expect(await standing(today)).toMatchObject({ state: 'live', refusals: [] });
    const data = await t.app.inject({
      url: `/api/epaper/data?publisher=DH&date=${isoToCompact(today)}&edition=3`,
    });
    expect(
      data.json<{ sections: { pages: unknown[] }[] }>().sections.flatMap((s) => s.pages),
    ).toHaveLength(3);
    expect(await catalogue()).toMatchObject({ freeEdition: 3, missingPageTolerance: 1 });
  }, 120_000);
});
