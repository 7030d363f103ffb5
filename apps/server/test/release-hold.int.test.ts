// Rescheduling a release (issue 26 part 7): an editor holds tomorrow's edition past
// the usual 06:00; readers get "No Edition Available" until the time, then it is
// assembled through the gate and goes live; 06:00 ends a hold; a time before 06:00,
// in a wrong form or already past is refused and changes nothing; the audit log
// keeps every change.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, addDays, isoToCompact } from '@folio/core';
import { DESK_MESSAGES } from '@folio/core/desk';
import { generateDemoEdition } from '@folio/ingest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, freshIp } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { sendPage, staffSession } from './helpers/desk.ts';
import { IncomingRepo } from '../src/modules/desk/index.ts';

interface Day {
  state: string | null;
  detail: string | null;
  releaseAt: string | null;
}

describe.each(testBackends)('holding a release on $name', (backend) => {
  let t: TestApp;
  let cookie: string;
  let work: string;
  let tomorrow: string;

  const day = async (date = tomorrow) =>
    (await call(t, 'GET', `/api/desk/editions/dh/3/${date}`, { cookie })).json<Day>();
  const act = (body: unknown, date = tomorrow) =>
    t.app.inject({
      method: 'POST',
      url: `/api/desk/editions/dh/3/${date}/release`,
      payload: body as object,
      remoteAddress: freshIp(),
      headers: { origin: t.config.publicUrl, cookie },
    });
  const readerSees = async (date = tomorrow) => {
    const res = await t.app.inject({
      url: `/api/epaper/data?publisher=DH&date=${isoToCompact(date)}&edition=3`,
    });
    return res.statusCode === 200
      ? 200
      : `${res.statusCode} ${res.json<{ message: string }>().message}`;
  };
  /** Moves the app's clock to `time` on `date` in the publisher's zone. */
  const clockTo = (date: string, time: string) => {
    const target = t.container.editions.publisherInstant(date, time).getTime();
    t.advanceClock(target - t.now().getTime());
  };
  const tick = async () => {
    expect(await t.container.assembly.tick()).toBe(true);
    await t.container.assembly.idle();
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-release-hold-'));
    t = await createTestApp(backend);
    ({ cookie } = await staffSession(t, 'holder@example.com', 'editor'));
    tomorrow = addDays(t.container.editions.latestDate(), 1);
    expect(
      (await call(t, 'PATCH', '/api/desk/editions/dh/3', { cookie, body: { pages: 4 } }))
        .statusCode,
    ).toBe(200);
    const made = await generateDemoEdition({
      brand: 'dh',
      date: tomorrow,
      editionNumber: 3,
      editionName: 'Mysuru',
      pageCount: 4,
      outDir: path.join(work, 'pages'),
    });
    for (const [index, file] of made.files.entries())
      await sendPage(t, cookie, `DH_${isoToCompact(tomorrow)}_3_P0${index + 1}.pdf`, file);
    await t.container.assembly.idle();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('refuses a time before 06:00, in a wrong form, missing or already past, changing nothing', async () => {
    expect(await day()).toMatchObject({ state: 'scheduled', releaseAt: null });
    for (const body of [
      { action: 'reschedule', at: '05:59' },
      { action: 'reschedule', at: '7:30' },
      { action: 'reschedule', at: '24:00' },
      { action: 'reschedule', at: '07:30:00' },
      { action: 'reschedule' },
    ]) {
      const res = await act(body);
      expect(
        [res.statusCode, res.json<{ message: string }>().message],
        JSON.stringify(body),
      ).toEqual([400, DESK_MESSAGES.releaseTimeInvalid]);
    }
    const yesterday = addDays(tomorrow, -2);
    const none = await act({ action: 'reschedule', at: '23:59' }, yesterday);
    expect([none.statusCode, none.json<{ message: string }>().message]).toEqual([
      404,
      DESK_MESSAGES.noPagesYet,
    ]);
    expect(await day()).toMatchObject({ state: 'scheduled', releaseAt: null });
  });

  it('holds the edition past 06:00: readers have none until the time, then it goes live', async () => {
    const held = await act({ action: 'reschedule', at: '07:30' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<Day>()).toMatchObject({
      state: 'scheduled',
      detail: '7:30 AM',
      releaseAt: '07:30',
    });
    clockTo(tomorrow, '06:05');
    await tick();
    expect(await day()).toMatchObject({ state: 'scheduled', releaseAt: '07:30' });
    expect(await readerSees()).toBe(`404 ${MESSAGES.noEditionAvailable}`);

    const early = await act({ action: 'reschedule', at: '06:01' });
    expect([early.statusCode, early.json<{ message: string }>().message]).toEqual([
      400,
      DESK_MESSAGES.releaseTimePassed,
    ]);
    clockTo(tomorrow, '07:31');
    await tick();
    expect(await day()).toMatchObject({ state: 'live', releaseAt: null });
    expect(await readerSees()).toBe(200);
  });

  it('takes a live edition back from readers when held, and 06:00 ends the hold', async () => {
    const held = await act({ action: 'reschedule', at: '22:00' });
    expect(held.statusCode, held.body).toBe(200);
    expect(await readerSees()).toBe(`404 ${MESSAGES.noEditionAvailable}`);
    const back = await act({ action: 'reschedule', at: '06:00' });
    expect(back.statusCode, back.body).toBe(200);
    await t.container.assembly.idle();
    expect(await day()).toMatchObject({ state: 'live', releaseAt: null });
    expect(await readerSees()).toBe(200);
    const audit = await call(t, 'GET', '/api/desk/audit', { cookie });
    expect(
      audit
        .json<{ entries: { action: string; before: unknown; after: unknown }[] }>()
        .entries.filter((e) => e.action === 'edition.reschedule')
        .map((e) => [e.before, e.after]),
    ).toEqual([
      [{ releaseAt: '22:00' }, { releaseAt: null }],
      [{ releaseAt: null }, { releaseAt: '22:00' }],
      [{ releaseAt: null }, { releaseAt: '07:30' }],
    ]);
  });

  it('never assembles one edition on two servers at once: a busy one is tried again when the other is done', async () => {
    const key = { brand: 'dh', date: tomorrow, editionNumber: 3 };
    const incoming = new IncomingRepo(t.db);
    const prefix = async () =>
      (
        await t.db
          .selectFrom('issues')
          .select('media_prefix')
          .where('brand', '=', 'dh')
          .where('issue_date', '=', tomorrow)
          .executeTakeFirstOrThrow()
      ).media_prefix;
    const before = await prefix();
    const theirs = new Date(t.now().getTime() + 60 * 60_000);
    expect(await incoming.takeAssemblyTurn(key, 'another server', t.now(), theirs)).toBe(true);
    expect((await act({ action: 'release' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await t.container.assembly.idle();
    expect(await prefix()).toBe(before);
    await incoming.endAssemblyTurn(key, 'another server');
    const deadline = Date.now() + 30_000;
    while ((await prefix()) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await t.container.assembly.idle();
    expect(await prefix()).not.toBe(before);
    expect(await day()).toMatchObject({ state: 'live' });
  }, 60_000);
});
