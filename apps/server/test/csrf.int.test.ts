// The CSRF guard against what an attacker can send: every state-changing route of
// the OpenAPI document, sent from another site (foreign Origin, Origin "null",
// only a foreign Referer, Sec-Fetch-Site cross-site or same-site) under every
// spelling the router might still match (percent-encoded letters, doubled
// slashes, case, trailing slash, `;` and `?` suffixes, dot segments) and as an
// absolute-form request target on a real socket. Every attempt answers 403 and
// the database, the outbox, the development clock and the reader's session stay as they were. Every
// method (POST, PUT, PATCH, DELETE) is tried on every documented path.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@folio/core';
import type { Database } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, lastCodeSentTo, requestCode, signIn } from './helpers/auth.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

const STATE_CHANGING = ['post', 'put', 'patch', 'delete'] as const;
type Method = (typeof STATE_CHANGING)[number];

const CROSS_SITE: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { referer: 'https://evil.example/page' },
  { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
  { 'sec-fetch-site': 'same-site' },
];

/** Spellings of `path` that a router (or a proxy in front of it) may take for the path itself. */
function spellings(path: string): string[] {
  const last = path.lastIndexOf('/');
  const lastLetter = path.length - 1;
  const encodedLast = `${path.slice(0, lastLetter)}%${path.charCodeAt(lastLetter).toString(16)}`;
  return [
    path,
    path.replace(/^\/api/, '/%61pi'),
    path.replace(/^\/api/, '/%61%70%69'),
    encodedLast,
    `${path.slice(0, last)}%2F${path.slice(last + 1)}`,
    path.replaceAll('/', '//'),
    `/${path}`,
    path.toUpperCase(),
    path.replace(/^\/api/, '/Api'),
    `${path}/`,
    `${path};`,
    `${path};jsessionid=1`,
    `${path}?`,
    `${path}?x=1`,
    `/api/x/..${path.slice(4)}`,
    `/.${path}`,
  ];
}

interface Operation {
  method: Method;
  path: string;
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, unknown>>>;
}

/** Every table's rows, each as sorted JSON text, so any insert, update or delete shows. */
async function databaseState(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const state: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      row: unknown;
    }>`select to_jsonb(x) as row from ${sql.table(name)} x`.execute(db);
    state[name] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return state;
}

/** A request on a real socket, with the request target sent exactly as given. */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        // Framed by its length: Node's client sends a DELETE's body unframed otherwise.
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Called by the payment provider from its own origin: they prove themselves by
 * signature instead (subscriptions.int.test.ts forges them).
 */
const CROSS_SITE_BY_DESIGN = [
  'post /api/payments/return/{provider}',
  'post /api/payments/webhooks/{provider}',
];

describe.each(testBackends)('CSRF guard on $name', (backend) => {
  let t: TestApp;
  let cookie: string;
  let operations: Operation[];
  let documentedPaths: string[];
  /** A body each route would act on if the guard let it through. */
  let attackBodies: Record<string, unknown>;

  beforeAll(async () => {
    // With a Google client id, One Tap's POST route exists and is walked too.
    t = await createTestApp(backend, {
      env: { GOOGLE_CLIENT_ID: 'folio-test.apps.googleusercontent.com' },
    });
    ({ cookie } = await signIn(t, { phoneNumber: '+919833300001' }));
    expect(
      (await call(t, 'PUT', '/api/auth/me', { cookie, body: { first_name: 'Anne' } })).statusCode,
    ).toBe(200);
    // An article the reader may save, so a forged save would change something.
    const today = t.container.editions.latestDate();
    const [frontPage] = (await insertIssue(t, { brand: 'dh', editionNumber: 2, date: today }))
      .pages;
    const pending = await requestCode(t, { phoneNumber: '+919833300002' });
    const pendingCode = lastCodeSentTo(t, '+919833300002');
    attackBodies = {
      'post /api/auth/code': { phoneNumber: '+919833300003' },
      'post /api/auth/code/resend': pending,
      'post /api/auth/verify-code': { ...pending, userInputCode: pendingCode },
      'post /api/auth/change-phone-number': { phoneNumber: '+919833300004' },
      'post /api/auth/change-email': { email: 'mallory@evil.example' },
      'post /api/auth/session/refresh': {},
      'post /api/auth/signout': {},
      'post /api/auth/one-tap': { credential: 'header.payload.signature' },
      'put /api/auth/me': { first_name: 'Mallory' },
      'put /api/auth/me/metadata': { receiveMarketingAndPromitionalEmail: true },
      'patch /api/users/preferences': { preferredEditionId: 2 },
      'put /api/users/reading-position': { date: today, edition: 2, page: 3 },
      'post /api/users/disable-welcome-popup': {},
      'post /api/subscriptions/quote': { publisher: 'DH', planId: 1 },
      'post /api/subscriptions/checkout': {
        publisher: 'DH',
        planId: 1,
        termsAccepted: true,
        idempotencyKey: 'attacker-key',
      },
      'put /api/subscriptions/{id}/cancel': { reason: 'Others', message: 'attack' },
      'post /sandbox/checkout/{orderId}': { action: 'pay' },
      'put /api/dev/clock': { offsetDays: 30 },
      'post /api/contact': {
        name: 'Mallory',
        email: 'mallory@evil.example',
        subject: 'Other',
        message: 'A message sent from another site.',
      },
      'post /api/user/saved-articles': {
        publisher_short_code: 'DH',
        article_id: frontPage?.articles[0]?.id,
        edition_number: 2,
        page_no: 0,
        html_path: '/media/x.html',
        image_path: '/media/x.webp',
        image_coordinates: frontPage?.articles[0]?.box,
        title: 'Attack',
        description: '',
        edition_date: today,
      },
      'delete /api/user/saved-articles/{id}': {},
      // The desk's (a forged call would also meet the desk's guard; this one stops it first).
      'post /api/desk/second-factor/setup': {},
      'post /api/desk/second-factor/verify': { code: '123456' },
      'post /api/desk/holidays': { brand: 'dh', date: today, message: 'Forged holiday' },
      'delete /api/desk/holidays/{brand}/{date}': {},
      'post /api/desk/staff': { email: 'mallory@evil.example', role: 'admin' },
      'patch /api/desk/staff/{id}': { role: 'admin' },
      'delete /api/desk/staff/{id}': {},
      'post /api/desk/editions': { brand: 'dh', groupId: 1, name: 'Forged' },
      'patch /api/desk/editions/{brand}/{number}': { name: 'Forged' },
      'post /api/desk/edition-groups': { brand: 'dh', name: 'Forged' },
      'patch /api/desk/edition-groups/{brand}/{id}': { name: 'Forged' },
      'post /api/desk/pages': {},
      'post /api/desk/editions/{brand}/{number}/{date}/release': { action: 'unpublish' },
      'patch /api/desk/brands/{brand}': { freeEdition: 3 },
      'put /api/desk/editions/{brand}/{number}/{date}/pages/{page}/zoning': {
        revision: 'r',
        articles: [],
        ads: [],
      },
      // The business desk's (issue 27).
      'post /api/desk/plans/{brand}': {
        groupId: 1,
        title: 'Forged',
        tagline: '',
        description: [],
        archivalAccess: 0,
        mrp: null,
        visible: true,
        priceMinor: 100,
        currency: 'INR',
        durationUnit: 'month',
        durationLength: 1,
        recurring: true,
      },
      'patch /api/desk/plans/{brand}/{id}': { priceMinor: 100 },
      'patch /api/desk/plans/{brand}/groups/{id}': { badges: ['Hot'] },
      'delete /api/desk/plans/{brand}/{id}': {},
      'put /api/desk/offers/{brand}/banner': {
        text: 'Forged',
        subtext: 'Forged',
        startsAt: new Date(0).toISOString(),
        endsAt: new Date(4e12).toISOString(),
        active: true,
      },
      'post /api/desk/offers/{brand}/faqs': { question: 'Forged?', answer: 'Forged.' },
      'put /api/desk/offers/{brand}/faqs/order': { ids: [1] },
      'patch /api/desk/offers/{brand}/faqs/{id}': { answer: 'Forged.' },
      'delete /api/desk/offers/{brand}/faqs/{id}': {},
      'post /api/desk/offers/{brand}/testimonials': {
        name: 'Mallory',
        role: 'Forger',
        message: 'Forged.',
        photo: null,
      },
      'patch /api/desk/offers/{brand}/testimonials/{id}': { message: 'Forged.' },
      'delete /api/desk/offers/{brand}/testimonials/{id}': {},
      'post /api/desk/messages/{id}/replies': { body: 'Forged reply' },
      'patch /api/desk/messages/{id}': { status: 'closed' },
      'post /api/desk/care/readers/{id}/extend': { subscriptionId: 1, days: 30, reason: 'x' },
      'post /api/desk/care/payments/{paymentId}/refunds': { amountMinor: 100, reason: 'x' },
      'post /api/desk/care/readers/{id}/mandates/{mandateId}/cancel': { reason: 'x' },
      'post /api/desk/care/readers/{id}/sign-out': { reason: 'x' },
      // Resends take no body: the empty object is the whole request (issue 27 part 3).
      'post /api/desk/care/payments/{paymentId}/receipt': {},
      'post /api/desk/care/readers/{id}/subscriptions/{subscriptionId}/notice': {},
      // The reader's daily beacon for the desk's figures (issue 27 part 5).
      'post /api/readers/visit': { brand: 'dh' },
    };
    const document = t.app.swagger() as unknown as OpenApiDocument;
    documentedPaths = Object.keys(document.paths);
    operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        STATE_CHANGING.filter((method) => item[method] !== undefined).map((method) => ({
          method,
          path,
        })),
      )
      .filter(({ method, path }) => !CROSS_SITE_BY_DESIGN.includes(`${method} ${path}`));
  });
  afterAll(async () => t.close());

  const bodyOf = (method: Method, path: string) => attackBodies[`${method} ${path}`] ?? {};

  /** The app on a real socket (for request targets inject cannot send). */
  const listening = async (): Promise<number> => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  };

  it('has an attack body for every state-changing route the OpenAPI document lists', () => {
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      Object.keys(attackBodies).sort(),
    );
  });

  it("lets only the provider's signed routes through from another site, and a forged one changes nothing", async () => {
    const before = await databaseState(t.db);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: { event: 'payment.captured', order_id: 'x', payment_id: 'y' },
      headers: {
        origin: 'https://evil.example',
        'x-sandbox-signature': 'forged',
        'x-sandbox-event-id': 'e1',
      },
    });
    expect(hook.statusCode).toBe(400);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/payments/return/sandbox?order=nope',
      payload: 'sandbox_payment_id=y&sandbox_signature=forged',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/payment-failure?reason=error');
    expect(await databaseState(t.db)).toEqual(before);
  });

  it('refuses every state-changing route from another site under every spelling, changing nothing', async () => {
    const before = await databaseState(t.db);
    const sent = t.container.outbox?.list().length;
    let tried = 0;
    for (const { method, path } of operations) {
      for (const target of spellings(path)) {
        for (const headers of CROSS_SITE) {
          const response = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: target,
            payload: bodyOf(method, path) as object,
            headers: { cookie, ...headers },
          });
          expect(response.statusCode, `${method} ${target} ${JSON.stringify(headers)}`).toBe(403);
          expect(response.json()).toEqual({ status: 'ERROR', message: MESSAGES.crossSiteRequest });
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(await databaseState(t.db)).toEqual(before);
    expect(t.container.outbox?.list().length).toBe(sent);
    expect(t.container.devClock?.offsetDays).toBe(0);
  });

  it('refuses POST, PUT, PATCH and DELETE from another site on every documented path and off the API', async () => {
    const before = await databaseState(t.db);
    for (const path of [
      ...documentedPaths.filter((p) => !CROSS_SITE_BY_DESIGN.some((r) => r.endsWith(` ${p}`))),
      '/',
      '/media/x.webp',
      '/auth/callback/google',
      '/no-such-page',
    ]) {
      for (const method of STATE_CHANGING) {
        for (const target of path === '/' ? [path] : spellings(path)) {
          const response = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url: target,
            payload: bodyOf(method, path) as object,
            headers: { cookie, origin: 'https://evil.example' },
          });
          expect(response.statusCode, `${method} ${target}`).toBe(403);
        }
      }
    }
    expect(await databaseState(t.db)).toEqual(before);
  });

  it('refuses absolute-form request targets from another site on a real socket', async () => {
    const port = await listening();
    const before = await databaseState(t.db);
    for (const { method, path } of operations) {
      for (const authority of [
        'http://evil.example',
        'http://localhost',
        `http://127.0.0.1:${port}`,
        'HTTP://LOCALHOST',
      ]) {
        for (const headers of CROSS_SITE) {
          const target = `${authority}${path}`;
          const response = await rawRequest(
            port,
            method.toUpperCase(),
            target,
            { cookie, ...headers },
            JSON.stringify(bodyOf(method, path)),
          );
          expect(response.statusCode, `${method} ${target} ${JSON.stringify(headers)}`).toBe(403);
          expect(JSON.parse(response.body)).toEqual({
            status: 'ERROR',
            message: MESSAGES.crossSiteRequest,
          });
        }
      }
    }
    expect(await databaseState(t.db)).toEqual(before);
    expect((await call(t, 'GET', '/api/auth/me', { cookie })).json()).toMatchObject({
      metadata: { first_name: 'Anne' },
    });
  });

  it('lets the same request through from the site itself (the checks above can see a change)', async () => {
    const before = await databaseState(t.db);
    const response = await call(t, 'PUT', '/%61pi/auth/me', {
      cookie,
      body: bodyOf('put', '/api/auth/me'),
    });
    expect(response.statusCode).toBe(200);
    expect(await databaseState(t.db)).not.toEqual(before);
    expect((await call(t, 'GET', '/api/auth/me', { cookie })).json()).toMatchObject({
      metadata: { first_name: 'Mallory' },
    });
  });

  it('runs a sign-in route from the site itself whatever spelling of its path the router matched', async () => {
    const port = await listening();
    const site = { origin: t.config.publicUrl };
    const encoded = await call(t, 'PUT', '/%61pi/auth/m%65', {
      cookie,
      body: { first_name: 'Anne' },
    });
    expect(encoded.statusCode).toBe(200);
    const targets = ['/%61pi/auth/code', `http://localhost:${port}/api/auth/code?x=1`];
    for (const [index, target] of targets.entries()) {
      // One number per target: two codes to one number within 30 s would be refused.
      const response = await rawRequest(
        port,
        'POST',
        target,
        site,
        JSON.stringify({ phoneNumber: `+91983330001${index}` }),
      );
      expect(response.statusCode, target).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ status: 'OK' });
    }
  });
});
