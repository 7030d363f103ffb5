// The night desk end to end on the server (issue 26 parts 4-8, 10): page files
// uploaded and dropped into the watched folder are read by the naming rule and
// refused with the reason before processing; an edition is processed once all its
// pages are in; the release gate refuses a blank page, a wrong folio date and
// missing pages (at release time); a re-sent page replaces its page; an early
// edition waits for 06:00; an editor overrides with a reason or unpublishes, and
// the audit log keeps it all.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToCompact } from '@folio/core';
import { blankPagePdf, generateDemoEdition } from '@folio/ingest';
import { IncomingRepo } from '../src/modules/desk/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, freshIp } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

async function waitFor<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testBackends)('the night desk on $name', (backend) => {
  let t: TestApp;
  let cookie: string;
  let work: string;
  let drop: string;
  let tomorrow: string;
  let pages: Buffer[];
  let otherDay: Buffer[];

  const fileName = (page: number, version = 1, date = tomorrow) =>
    `DH_${isoToCompact(date)}_2_P${String(page).padStart(2, '0')}${version > 1 ? `_v${version}` : ''}.pdf`;
  const upload = (name: string, bytes: Buffer, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/desk/pages',
      payload: bytes,
      remoteAddress: freshIp(),
      headers: {
        origin: t.config.publicUrl,
        cookie: as,
        'content-type': 'application/pdf',
        'x-file-name': encodeURIComponent(name),
      },
    });
  const day = async (date = tomorrow) =>
    (await call(t, 'GET', `/api/desk/editions/dh/2/${date}`, { cookie })).json<{
      state: string | null;
      detail: string | null;
      refusals: string[];
      report: { pages: { page: number; warnings: string[] }[] } | null;
    }>();
  const release = (body: unknown, date = tomorrow) =>
    t.app.inject({
      method: 'POST',
      url: `/api/desk/editions/dh/2/${date}/release`,
      payload: body as object,
      remoteAddress: freshIp(),
      headers: { origin: t.config.publicUrl, cookie },
    });
  const readerSees = async (date: string) =>
    (
      await t.app.inject({
        url: `/api/epaper/data?publisher=DH&date=${isoToCompact(date)}&edition=2`,
      })
    ).statusCode;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-night-desk-'));
    drop = path.join(work, 'drop');
    t = await createTestApp(backend, {
      env: { DROP_DIR: drop, DESK_EMAIL: 'desk@paper.example' },
    });
    ({ cookie } = await staffSession(t, 'night@example.com', 'editor'));
    tomorrow = addDays(t.container.editions.latestDate(), 1);
    const made = await generateDemoEdition({
      brand: 'dh',
      date: tomorrow,
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 4,
      outDir: path.join(work, 'tomorrow'),
    });
    pages = await Promise.all(made.files.map((f) => readFile(f)));
    const other = await generateDemoEdition({
      brand: 'dh',
      date: addDays(tomorrow, -3),
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 4,
      outDir: path.join(work, 'other'),
    });
    otherDay = await Promise.all(other.files.map((f) => readFile(f)));
    const counted = await call(t, 'PATCH', '/api/desk/editions/dh/2', {
      cookie,
      body: { pages: 4 },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    await t.container.dropFolder?.start();
  }, 120_000);
  afterAll(async () => {
    await t.container.dropFolder?.stop();
    await t.container.assembly.idle();
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('refuses, with the reason and before processing, what it cannot take', async () => {
    const page = pages[0] as Buffer;
    const refusals: [string, Buffer, string][] = [
      ['front-page.pdf', page, 'does not follow'],
      [fileName(5), page, "Page 5 is beyond Bengaluru City's 4 pages."],
      [`DH_${isoToCompact(addDays(tomorrow, 30))}_2_P01.pdf`, page, 'is not within'],
      ['DH_20261331_2_P01.pdf', page, ''],
      [fileName(1).replace('_2_', '_99_'), page, 'has no edition 99'],
      [fileName(1), Buffer.alloc(0), 'The file is empty.'],
      [fileName(1), Buffer.from('<html>not a pdf</html>'), 'This is not a PDF.'],
      [
        fileName(1),
        Buffer.concat([page.subarray(0, 200), Buffer.from('\ntrailer << /Encrypt 9 0 R >>\n')]),
        'The PDF is protected by a password; send it without one.',
      ],
    ];
    for (const [name, bytes, reason] of refusals) {
      const response = await upload(name, bytes);
      expect([name, response.statusCode]).toEqual([name, 400]);
      expect(response.json<{ message: string }>().message).toContain(reason);
    }
    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/desk/pages',
      payload: page,
      headers: { origin: t.config.publicUrl, cookie, 'content-type': 'application/pdf' },
    });
    expect(noName.statusCode).toBe(400);
    const brokenEscape = await t.app.inject({
      method: 'POST',
      url: '/api/desk/pages',
      payload: page,
      headers: {
        origin: t.config.publicUrl,
        cookie,
        'content-type': 'application/pdf',
        'x-file-name': 'DH_%E0%A4%A.pdf',
      },
    });
    expect(brokenEscape.statusCode).toBe(400);
    expect(brokenEscape.json<{ message: string }>().message).toContain('does not follow');
    // 500 MB (or anything above 100 MB) is stopped while it arrives, not stored.
    const huge = Buffer.alloc(100 * 1024 * 1024 + 1);
    huge.write('%PDF-1.7\n');
    const tooBig = await upload(fileName(1), huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toMatch(/too large/i);
    expect(await day()).toMatchObject({ state: null, refusals: [] });
  });

  it('waits for every page, refuses a blank page, takes a corrected one and holds it for 06:00', async () => {
    for (const page of [1, 2, 4]) {
      const response = await upload(fileName(page), pages[page - 1] as Buffer);
      expect(response.json()).toEqual({ page, version: 1 });
    }
    await t.container.assembly.idle();
    expect(await day()).toMatchObject({ state: 'receiving', detail: '3 of 4 pages' });
    const board = (
      await call(t, 'GET', `/api/desk/board?from=${tomorrow}&days=1`, { cookie })
    ).json<{
      cells: { edition: number; state: string; pages: number | null; expected: number | null }[];
    }>();
    expect(board.cells.find((c) => c.edition === 2)).toMatchObject({
      state: 'receiving',
      pages: 3,
      expected: 4,
    });

    // Released now with page 3 missing: the gate reads the three and refuses.
    expect((await release({ action: 'release' })).statusCode).toBe(200);
    await t.container.assembly.idle();
    expect(await day()).toMatchObject({ state: 'failed', refusals: ['Page 3 missing.'] });

    // Page 3 sent blank, twice at once: one is taken, the other refused.
    const [first, second] = await Promise.all([
      upload(fileName(3), blankPagePdf()),
      upload(fileName(3), blankPagePdf()),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    await t.container.assembly.idle();
    const blank = await day();
    expect(blank).toMatchObject({ state: 'failed', refusals: ['Page 3 is blank.'] });
    expect(blank.report?.pages.find((p) => p.page === 3)?.warnings).toEqual(['blank', 'no text']);
    expect(await readerSees(tomorrow)).toBe(404);
    const mailed = t.container.outbox?.list().filter((m) => m.to === 'desk@paper.example') ?? [];
    expect(mailed[0]?.subject).toBe(`Deccan Herald, edition 2, ${tomorrow}: not released`);
    expect(mailed[0]?.text).toContain('Refused because:\n- Page 3 is blank.');
    expect(mailed[0]?.text).toMatch(/\n3 +v1 +none +0 +0 +blank, no text/);

    // An older version is refused; v2 replaces the page and the edition waits for 06:00.
    expect((await upload(fileName(3), pages[2] as Buffer)).json().message).toContain(
      'Version 1 of page 3 is already in',
    );
    expect((await upload(fileName(3, 2), pages[2] as Buffer)).statusCode).toBe(200);
    await t.container.assembly.idle();
    expect(await day()).toMatchObject({ state: 'scheduled', detail: '6 AM', refusals: [] });
    expect(await readerSees(tomorrow)).toBe(404);
    t.advanceClock(86_400_000);
    expect(await readerSees(tomorrow)).toBe(200);
    expect(await t.container.assembly.tick()).toBe(true);
    expect(await day()).toMatchObject({ state: 'live' });
    // One server runs each release-time check: another waits for the turn to lapse.
    const later = new Date(t.now().getTime() + 1000);
    const incoming = new IncomingRepo(t.db);
    expect(await incoming.takeCheckTurn('another server', t.now(), later)).toBe(false);
    expect(await t.container.assembly.tick()).toBe(true);
    t.advanceClock(30_000);
    const theirs = new Date(t.now().getTime() + 25_000);
    expect(await incoming.takeCheckTurn('another server', t.now(), theirs)).toBe(true);
    expect(await t.container.assembly.tick()).toBe(false);
  }, 120_000);

  it('refuses a page dated another day; an editor lets it out with a reason, or unpublishes', async () => {
    const date = tomorrow; // today now: the clock moved on in the test before
    expect((await upload(fileName(2, 2, date), otherDay[1] as Buffer)).statusCode).toBe(200);
    await t.container.assembly.idle();
    const refused = await day(date);
    expect(refused.state).toBe('failed');
    expect(refused.refusals).toEqual([
      `Page 2 is dated ${addDays(tomorrow, -3)}, not ${tomorrow}.`,
    ]);
    // The live issue readers had stays theirs.
    expect(await readerSees(date)).toBe(200);

    const noReason = await release({ action: 'release', reason: '  ' }, date);
    expect(noReason.statusCode).toBe(400);
    const over = await release(
      { action: 'release', reason: 'Page 2 is the weekly pull-out.' },
      date,
    );
    expect(over.statusCode, over.body).toBe(200);
    await t.container.assembly.idle();
    expect(await day(date)).toMatchObject({ state: 'live', refusals: [] });

    const off = await release({ action: 'unpublish' }, date);
    expect(off.statusCode).toBe(200);
    expect(await readerSees(date)).toBe(404);
    const again = await release({ action: 'unpublish' }, date);
    expect(again.statusCode).toBe(404);

    const log = (await t.container.desk.audit(undefined, 20)).entries.map((e) => [
      e.action,
      e.reason,
    ]);
    expect(log.slice(0, 3)).toEqual([
      ['edition.unpublish', null],
      ['edition.override', 'Page 2 is the weekly pull-out.'],
      ['page.receive', null],
    ]);
    expect(log.map(([action]) => action)).toContain('edition.release');
    expect(log.filter(([action]) => action === 'page.refuse').length).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('takes files from the drop folder once, moving them aside, with the reason for a refusal', async () => {
    const dayAfter = addDays(tomorrow, 1);
    await writeFile(path.join(drop, fileName(1, 1, dayAfter)), pages[0] as Buffer);
    await writeFile(path.join(drop, 'notes.pdf'), pages[0] as Buffer);
    const rejected = await waitFor(async () => {
      const names = await readdir(path.join(drop, 'rejected'));
      return names.includes('notes.pdf.reason.txt') ? names : undefined;
    });
    expect(rejected.sort()).toEqual(['notes.pdf', 'notes.pdf.reason.txt']);
    expect(await readFile(path.join(drop, 'rejected', 'notes.pdf.reason.txt'), 'utf8')).toContain(
      'does not follow',
    );
    const processed = await waitFor(async () => {
      const names = await readdir(path.join(drop, 'processed'));
      return names.length > 0 ? names : undefined;
    });
    expect(processed[0]).toMatch(new RegExp(`${fileName(1, 1, dayAfter)}$`));
    expect(await readdir(drop)).toEqual(expect.arrayContaining(['processed', 'rejected']));
    expect((await readdir(drop)).filter((n) => n.endsWith('.pdf'))).toEqual([]);
    await t.container.assembly.idle();
    expect(await day(dayAfter)).toMatchObject({ state: 'receiving', detail: '1 of 4 pages' });
    // The same file again (same name, size and time) is not taken twice.
    const claims = await t.db.selectFrom('drop_claims').selectAll().execute();
    expect(claims.map((c) => c.file_name).sort()).toEqual([fileName(1, 1, dayAfter), 'notes.pdf']);
  }, 60_000);
});
