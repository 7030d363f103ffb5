// The desk's door (issue 26 part 1) through HTTP: every /api/desk route in the
// OpenAPI document refuses a visitor (401) and a reader (403), whatever the
// method; staff need the authenticator's code on top of the sign-in code, and a
// role that allows the route; every desk action lands in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@folio/core';
import { DESK_ACCESS, DESK_MESSAGES, type DeskRole } from '@folio/core/desk';
import { COMMAND_LINE } from '../src/modules/desk/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, freshIp, post, sessionCookie, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession as makeStaff, totp } from './helpers/desk.ts';

function wrongCode(right: string): string {
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
}

const ID = 'u-none';
/** A value for each path parameter the desk's routes take. */
function fillPath(path: string): string {
  return path
    .replace('{brand}', 'dh')
    .replace('{date}', '2026-12-25')
    .replace('{id}', ID)
    .replace('{number}', '2')
    .replace('{page}', '1')
    .replace('{paymentId}', 'pay_1')
    .replace('{mandateId}', '0123456789abcdef')
    .replace('{subscriptionId}', '1')
    .replace('{file}', 'DH-26-27-000001.pdf');
}

describe.each(testBackends)('the desk on $name', (backend) => {
  let t: TestApp;
  let reader: string;
  let deskRoutes: { method: string; url: string }[];

  const request = (method: string, url: string, cookie?: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: freshIp(),
      headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const staffSession = (email: string, role: DeskRole) => makeStaff(t, email, role);

  beforeAll(async () => {
    t = await createTestApp(backend);
    reader = (await signIn(t, { email: 'reader@example.com' })).cookie;
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    deskRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/desk/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase(),
          url: fillPath(path),
        })),
      );
  });
  afterAll(async () => t.close());

  it('lists every desk route in the OpenAPI document', () => {
    expect(deskRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /api/desk/me',
        'POST /api/desk/second-factor/setup',
        'POST /api/desk/second-factor/verify',
        'GET /api/desk/board',
        'GET /api/desk/holidays',
        'POST /api/desk/holidays',
        'DELETE /api/desk/holidays/dh/2026-12-25',
        'GET /api/desk/audit',
        'GET /api/desk/staff',
        'POST /api/desk/staff',
        `PATCH /api/desk/staff/${ID}`,
        `DELETE /api/desk/staff/${ID}`,
        'GET /api/desk/editions',
        'POST /api/desk/pages',
        'GET /api/desk/editions/dh/2/2026-12-25',
        'POST /api/desk/editions/dh/2/2026-12-25/release',
        'POST /api/desk/editions',
        'PATCH /api/desk/editions/dh/2',
        'POST /api/desk/edition-groups',
        `PATCH /api/desk/edition-groups/dh/${ID}`,
        'PATCH /api/desk/brands/dh',
        'GET /api/desk/editions/dh/2/2026-12-25/pages',
        'GET /api/desk/editions/dh/2/2026-12-25/pages/1/zoning',
        'PUT /api/desk/editions/dh/2/2026-12-25/pages/1/zoning',
        'GET /api/desk/editions/dh/2/2026-12-25/pages/1/image',
        'GET /api/desk/messages',
        `GET /api/desk/messages/${ID}`,
        `POST /api/desk/messages/${ID}/replies`,
        `PATCH /api/desk/messages/${ID}`,
        'GET /api/desk/care/search',
        `GET /api/desk/care/readers/${ID}`,
        `POST /api/desk/care/readers/${ID}/extend`,
        'POST /api/desk/care/payments/pay_1/refunds',
        `POST /api/desk/care/readers/${ID}/mandates/0123456789abcdef/cancel`,
        `POST /api/desk/care/readers/${ID}/sign-out`,
        'GET /api/desk/care/invoices/DH-26-27-000001.pdf',
        'POST /api/desk/care/payments/pay_1/receipt',
        `POST /api/desk/care/readers/${ID}/subscriptions/1/notice`,
        'GET /api/desk/offers',
        'PUT /api/desk/offers/dh/banner',
        'POST /api/desk/offers/dh/faqs',
        'PUT /api/desk/offers/dh/faqs/order',
        `PATCH /api/desk/offers/dh/faqs/${ID}`,
        `DELETE /api/desk/offers/dh/faqs/${ID}`,
        'POST /api/desk/offers/dh/testimonials',
        `PATCH /api/desk/offers/dh/testimonials/${ID}`,
        `DELETE /api/desk/offers/dh/testimonials/${ID}`,
        'GET /api/desk/plans',
        'POST /api/desk/plans/dh',
        `PATCH /api/desk/plans/dh/${ID}`,
        `PATCH /api/desk/plans/dh/groups/${ID}`,
        `DELETE /api/desk/plans/dh/${ID}`,
        'GET /api/desk/figures',
        'GET /api/desk/figures.csv',
      ].sort(),
    );
  });

  it('refuses every desk route to a visitor (401) and to a reader (403), changing nothing', async () => {
    for (const route of deskRoutes) {
      const visitor = await request(route.method, route.url, undefined, {});
      expect([route.url, visitor.statusCode, visitor.json()]).toEqual([
        route.url,
        401,
        { status: 'ERROR', message: DESK_MESSAGES.signInRequired },
      ]);
      const asReader = await request(route.method, route.url, reader, {});
      expect([route.url, asReader.statusCode, asReader.json()]).toEqual([
        route.url,
        403,
        { status: 'ERROR', message: DESK_MESSAGES.staffOnly, reason: 'STAFF_ONLY' },
      ]);
      expect(asReader.headers['cache-control']).toBe('private, no-store');
    }
    expect((await t.container.desk.audit(undefined, 10)).entries).toEqual([]);
  });

  it('asks staff to set up the authenticator, takes its code, then opens the desk', async () => {
    await t.container.desk.addStaff(COMMAND_LINE, 'Night.Editor@Example.com', 'editor');
    const { cookie } = await signIn(t, { email: 'night.editor@example.com' });
    const me = await call(t, 'GET', '/api/desk/me', { cookie });
    expect(me.json()).toMatchObject({
      email: 'night.editor@example.com',
      role: 'editor',
      secondFactor: 'setup',
      capabilities: ['console', 'editions', 'audit', 'zoning'],
    });
    const board = await call(t, 'GET', '/api/desk/board', { cookie });
    expect([board.statusCode, board.json().reason]).toEqual([403, 'SECOND_FACTOR_SETUP']);

    const setup = await post(t, '/api/desk/second-factor/setup', {}, { cookie });
    const { totpURI, backupCodes } = setup.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(backupCodes.length).toBeGreaterThan(0);

    const wrong = await post(
      t,
      '/api/desk/second-factor/verify',
      { code: wrongCode(totp(totpURI)) },
      { cookie },
    );
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      400,
      DESK_MESSAGES.secondFactorWrong,
    ]);
    const notDigits = await post(
      t,
      '/api/desk/second-factor/verify',
      { code: '12ab56' },
      { cookie },
    );
    expect([notDigits.statusCode, notDigits.json().message]).toEqual([
      400,
      DESK_MESSAGES.secondFactorCodeInvalid,
    ]);

    const right = await post(
      t,
      '/api/desk/second-factor/verify',
      { code: totp(totpURI) },
      { cookie },
    );
    expect(right.statusCode, right.body).toBe(200);
    const opened = sessionCookie(right);
    expect((await call(t, 'GET', '/api/desk/me', { cookie: opened })).json().secondFactor).toBe(
      'done',
    );
    expect((await call(t, 'GET', '/api/desk/board', { cookie: opened })).statusCode).toBe(200);
    const again = await post(t, '/api/desk/second-factor/setup', {}, { cookie: opened });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      DESK_MESSAGES.secondFactorAlreadySet,
    ]);

    // The next sign-in asks for the code again, and five wrong ones end every session.
    const next = (await signIn(t, { email: 'night.editor@example.com' })).cookie;
    const locked = await call(t, 'GET', '/api/desk/holidays', { cookie: next });
    expect([locked.statusCode, locked.json().reason]).toEqual([403, 'SECOND_FACTOR_REQUIRED']);
    expect((await call(t, 'GET', '/api/desk/me', { cookie: next })).json().secondFactor).toBe(
      'verify',
    );
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post(
        t,
        '/api/desk/second-factor/verify',
        { code: wrongCode(totp(totpURI)) },
        { cookie: next },
      );
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 401]);
    expect((await call(t, 'GET', '/api/desk/me', { cookie: next })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/desk/me', { cookie: opened })).statusCode).toBe(401);

    const log = await t.container.desk.audit(undefined, 10);
    expect(log.entries.map((e) => [e.action, e.actor, e.subject])).toEqual([
      ['second-factor.locked-out', 'night.editor@example.com', 'staff:night.editor@example.com'],
      ['second-factor.set-up', 'night.editor@example.com', 'staff:night.editor@example.com'],
      ['staff.add', 'command line', 'staff:night.editor@example.com'],
    ]);
  });

  it('lets each role do what DESK_ACCESS says and nothing more', async () => {
    const sessions = {
      admin: (await staffSession('chief@example.com', 'admin')).cookie,
      editor: (await staffSession('editor@example.com', 'editor')).cookie,
      support: (await staffSession('care@example.com', 'support')).cookie,
    };
    const probes = {
      console: '/api/desk/me',
      editions: '/api/desk/board',
      audit: '/api/desk/audit',
      staff: '/api/desk/staff',
    } as const;
    for (const [capability, url] of Object.entries(probes)) {
      for (const [role, cookie] of Object.entries(sessions)) {
        const allowed = DESK_ACCESS[capability as keyof typeof probes].includes(role as DeskRole);
        const response = await call(t, 'GET', url, { cookie });
        expect([capability, role, response.statusCode]).toEqual([
          capability,
          role,
          allowed ? 200 : 403,
        ]);
      }
    }
  });

  it('keeps holidays for readers and the audit log, refusing bad ones', async () => {
    const { cookie } = await staffSession('holidays@example.com', 'editor');
    const date = addDays(t.container.editions.latestDate(), -3);
    const holiday = '/api/desk/holidays';
    const empty = await post(t, holiday, { brand: 'dh', date, message: '   ' }, { cookie });
    expect([empty.statusCode, empty.json().message]).toEqual([
      400,
      DESK_MESSAGES.holidayMessageRequired,
    ]);
    const badDate = await post(
      t,
      holiday,
      { brand: 'dh', date: '2026-02-30', message: 'x' },
      { cookie },
    );
    expect([badDate.statusCode, badDate.json().message]).toEqual([
      400,
      DESK_MESSAGES.holidayDateInvalid,
    ]);
    const long = await post(
      t,
      holiday,
      { brand: 'dh', date, message: 'x'.repeat(301) },
      { cookie },
    );
    expect(long.statusCode).toBe(400);

    const added = await post(
      t,
      holiday,
      { brand: 'dh', date, message: ' No paper: Republic Day. ' },
      { cookie },
    );
    expect(added.json()).toEqual({ date, message: 'No paper: Republic Day.' });
    const popup = await t.app.inject({
      url: `/api/pop-up/by-date?publisher=DH&date=${date}`,
    });
    expect(popup.json()).toEqual([{ date, holiday_message: 'No paper: Republic Day.' }]);
    const board = await call(t, 'GET', `/api/desk/board?from=${date}&days=1`, { cookie });
    expect(board.json().cells.every((c: { state: string }) => c.state === 'holiday')).toBe(true);

    const removed = await request('DELETE', `${holiday}/dh/${date}`, cookie);
    expect(removed.statusCode).toBe(200);
    const gone = await request('DELETE', `${holiday}/dh/${date}`, cookie);
    expect([gone.statusCode, gone.json().message]).toEqual([404, DESK_MESSAGES.holidayNotFound]);
    expect(
      (await t.app.inject({ url: `/api/pop-up/by-date?publisher=DH&date=${date}` })).json(),
    ).toEqual([]);

    const actions = (await t.container.desk.audit(undefined, 3)).entries.map((e) => [
      e.action,
      e.before,
      e.after,
    ]);
    expect(actions.slice(0, 2)).toEqual([
      ['holiday.remove', { message: 'No paper: Republic Day.' }, null],
      ['holiday.add', null, { message: 'No paper: Republic Day.' }],
    ]);
  });

  it('adds, renames, reorders and retires editions and groups; readers see each change at once', async () => {
    const { cookie } = await staffSession('catalogue@example.com', 'editor');
    const readerList = async () =>
      (await t.app.inject({ url: '/api/epaper/editions?publisher=DH' }))
        .json<
          { parent_edition: string; editions: { edition_number: number; edition_name: string }[] }[]
        >()
        .map((g) => `${g.parent_edition}: ${g.editions.map((e) => e.edition_name).join(', ')}`);
    const before = await readerList();

    const group = await post(
      t,
      '/api/desk/edition-groups',
      { brand: 'dh', name: ' Coast ' },
      { cookie },
    );
    expect(group.statusCode, group.body).toBe(200);
    const coast = group.json<{ groups: { id: number; name: string }[] }>().groups.at(-1);
    expect(coast?.name).toBe('Coast');
    const twice = await post(
      t,
      '/api/desk/edition-groups',
      { brand: 'dh', name: 'Coast' },
      { cookie },
    );
    expect([twice.statusCode, twice.json().message]).toEqual([409, DESK_MESSAGES.groupNameTaken]);
    const blank = await post(
      t,
      '/api/desk/edition-groups',
      { brand: 'dh', name: '  ' },
      { cookie },
    );
    expect([blank.statusCode, blank.json().message]).toEqual([
      400,
      DESK_MESSAGES.editionNameRequired,
    ]);

    const added = await post(
      t,
      '/api/desk/editions',
      { brand: 'dh', groupId: coast?.id, name: 'Mangaluru' },
      { cookie },
    );
    const mangaluru = added
      .json<{ groups: { editions: { number: number; name: string }[] }[] }>()
      .groups.at(-1)?.editions[0];
    expect(mangaluru?.name).toBe('Mangaluru');
    const number = mangaluru?.number ?? 0;
    expect(number).toBeGreaterThan(Math.max(...before.map(() => 0), 2));
    await post(
      t,
      '/api/desk/editions',
      { brand: 'dh', groupId: coast?.id, name: 'Udupi' },
      { cookie },
    );
    expect((await readerList()).at(-1)).toBe('Coast: Mangaluru, Udupi');

    const patch = (url: string, body: unknown) => call(t, 'PATCH', url, { cookie, body });
    expect(
      (await patch(`/api/desk/editions/dh/${number}`, { name: 'Mangalore', move: 'down' }))
        .statusCode,
    ).toBe(200);
    expect((await readerList()).at(-1)).toBe('Coast: Udupi, Mangalore');
    expect(
      (await patch(`/api/desk/edition-groups/dh/${coast?.id}`, { move: 'up' })).statusCode,
    ).toBe(200);
    expect((await readerList()).at(-2)).toBe('Coast: Udupi, Mangalore');
    expect((await patch(`/api/desk/editions/dh/${number}`, { retired: true })).statusCode).toBe(
      200,
    );
    expect(await readerList()).toContain('Coast: Udupi');
    expect(
      (await patch(`/api/desk/edition-groups/dh/${coast?.id}`, { retired: true })).statusCode,
    ).toBe(200);
    expect(await readerList()).toEqual(before);

    const defaultEdition = await patch('/api/desk/editions/dh/2', { retired: true });
    expect([defaultEdition.statusCode, defaultEdition.json().message]).toEqual([
      409,
      DESK_MESSAGES.defaultEditionStays,
    ]);
    const nothing = await patch('/api/desk/editions/dh/2', {});
    expect([nothing.statusCode, nothing.json().message]).toEqual([
      400,
      DESK_MESSAGES.nothingToChange,
    ]);
    const missing = await patch('/api/desk/editions/dh/999', { name: 'X' });
    expect([missing.statusCode, missing.json().message]).toEqual([
      404,
      DESK_MESSAGES.editionNotFound,
    ]);
    const otherBrand = await post(
      t,
      '/api/desk/editions',
      { brand: 'pv', groupId: coast?.id, name: 'X' },
      { cookie },
    );
    expect([otherBrand.statusCode, otherBrand.json().message]).toEqual([
      404,
      DESK_MESSAGES.groupNotFound,
    ]);

    const log = (await t.container.desk.audit(undefined, 4)).entries.map((e) => [
      e.action,
      e.before,
      e.after,
    ]);
    expect(log).toEqual([
      [
        'edition-group.change',
        { name: 'Coast', retired: false, place: 2 },
        { name: 'Coast', retired: true, place: 2 },
      ],
      [
        'edition.change',
        { name: 'Mangalore', retired: false, place: 2, pages: null },
        { name: 'Mangalore', retired: true, place: 2, pages: null },
      ],
      [
        'edition-group.change',
        { name: 'Coast', retired: false, place: 3 },
        { name: 'Coast', retired: false, place: 2 },
      ],
      [
        'edition.change',
        { name: 'Mangaluru', retired: false, place: 1, pages: null },
        { name: 'Mangalore', retired: false, place: 2, pages: null },
      ],
    ]);
  });

  it('lets an admin add, change and retire staff, never the last admin or themselves', async () => {
    const admin = await staffSession('owner@example.com', 'admin');
    const added = await post(
      t,
      '/api/desk/staff',
      { email: 'New.Desk@Example.com', role: 'support' },
      { cookie: admin.cookie },
    );
    expect(added.json()).toMatchObject({
      email: 'new.desk@example.com',
      role: 'support',
      secondFactor: false,
    });
    const id = added.json<{ id: string }>().id;
    const changed = await call(t, 'PATCH', `/api/desk/staff/${id}`, {
      cookie: admin.cookie,
      body: { role: 'editor' },
    });
    expect(changed.json().role).toBe('editor');
    const badRole = await call(t, 'PATCH', `/api/desk/staff/${id}`, {
      cookie: admin.cookie,
      body: { role: 'owner' },
    });
    expect([badRole.statusCode, badRole.json().message]).toEqual([400, DESK_MESSAGES.roleInvalid]);
    const ownId = (await call(t, 'GET', '/api/desk/me', { cookie: admin.cookie })).json<{
      id: string;
    }>().id;
    const self = await request('DELETE', `/api/desk/staff/${ownId}`, admin.cookie);
    expect([self.statusCode, self.json().message]).toEqual([400, DESK_MESSAGES.notYourself]);
    expect((await request('DELETE', `/api/desk/staff/${id}`, admin.cookie)).statusCode).toBe(200);
    const list = (await call(t, 'GET', '/api/desk/staff', { cookie: admin.cookie })).json<{
      staff: { email: string }[];
    }>();
    expect(list.staff.map((s) => s.email)).not.toContain('new.desk@example.com');
    const log = (await t.container.desk.audit(undefined, 3)).entries.map((e) => [
      e.action,
      e.subject,
      e.before,
      e.after,
    ]);
    expect(log).toEqual([
      ['staff.retire', 'staff:new.desk@example.com', { role: 'editor' }, null],
      ['staff.role', 'staff:new.desk@example.com', { role: 'support' }, { role: 'editor' }],
      ['staff.add', 'staff:new.desk@example.com', null, { role: 'support' }],
    ]);
  });

  it('refuses to demote the last admin', async () => {
    const { desk } = t.container;
    const admins = (await desk.listStaff()).filter((s) => s.role === 'admin');
    for (const extra of admins.slice(1))
      await desk.retire({ ...COMMAND_LINE, userId: 'operator' }, extra.id);
    const last = admins[0];
    if (!last) throw new Error('no admin');
    await expect(desk.addStaff(COMMAND_LINE, last.email, 'editor')).rejects.toThrow(
      DESK_MESSAGES.lastAdmin,
    );
    await expect(desk.retire({ ...COMMAND_LINE, userId: 'operator' }, last.id)).rejects.toThrow(
      DESK_MESSAGES.lastAdmin,
    );
  });
});
