// Sessions and the defences around them: the cookie's flags, sign-out revoking
// the session server-side, refresh, the CSRF guard on every /api route, and
// better-auth's per-address rate limit counted on the address Fastify resolved.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, MESSAGES, SESSION_HINT_COOKIE } from '@folio/core';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { freshIp, post, sessionCookie, signIn } from './helpers/auth.ts';
import { noDatabaseBackend, testBackends } from './helpers/db.ts';

const VERIFY_BODY = { preAuthSessionId: 'nothing', deviceId: 'nothing', userInputCode: '123456' };

const DAY_MS = 24 * 3600 * 1000;
const SESSION_DAYS = 30;

/** The session row behind a cookie ("folio.session_token=<token>.<signature>"). */
async function sessionOf(t: TestApp, cookie: string) {
  const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
  const { rows } = await sql<{ token: string; created_at: Date; expires_at: Date }>`
    select token, created_at, expires_at from sessions where token = ${token}`.execute(t.db);
  return rows[0];
}

async function sessionRows(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(t.db);
  return rows[0]?.n ?? 0;
}

describe.each(testBackends)('sessions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  const me = (cookie?: string) =>
    t.app.inject({ url: '/api/auth/me', headers: cookie ? { cookie } : {} });

  it('keeps the session in an HttpOnly, SameSite=Lax cookie for 30 days', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919800000001' });
    const response = await post(t, '/api/auth/session/refresh', {}, { cookie });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^folio\.session_token=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 3600}`);
    // PUBLIC_URL is http here; Secure is for https (below).
    expect(setCookie).not.toContain('Secure');
  });

  describe('the readable hint beside the session cookie', () => {
    const hintOf = (response: {
      cookies: { name: string; value: string; maxAge?: number; httpOnly?: boolean }[];
    }) => response.cookies.find((c) => c.name === SESSION_HINT_COOKIE);

    it('is set with the session cookie, for as long, readable by scripts and saying nothing else', async () => {
      const { response, cookie } = await signIn(t, { phoneNumber: '+919800000011' });
      expect(hintOf(response)).toMatchObject({ value: '1', maxAge: 30 * 24 * 3600, path: '/' });
      expect(hintOf(response)?.httpOnly).toBeFalsy();
      const refreshed = await post(t, '/api/auth/session/refresh', {}, { cookie });
      expect(hintOf(refreshed)).toMatchObject({ value: '1', maxAge: 30 * 24 * 3600 });
    });

    it('is cleared with it on sign-out, and when the server finds no live session', async () => {
      const { cookie } = await signIn(t, { phoneNumber: '+919800000012' });
      const hint = `${SESSION_HINT_COOKIE}=1`;
      const out = await post(t, '/api/auth/signout', {}, { cookie: `${cookie}; ${hint}` });
      expect(hintOf(out)).toMatchObject({ value: '', maxAge: 0 });
      // The session is gone but the browser still sends both.
      expect(hintOf(await me(`${cookie}; ${hint}`))).toMatchObject({ value: '', maxAge: 0 });
      // A hint without any session cookie goes too; without a hint nothing is said.
      expect(
        hintOf(await t.app.inject({ url: '/api/config', headers: { cookie: hint } })),
      ).toMatchObject({ maxAge: 0 });
      expect(hintOf(await me())).toBeUndefined();
    });

    it('is given to a browser signed in before it existed, on API answers but never on assets', async () => {
      const { cookie } = await signIn(t, { phoneNumber: '+919800000013' });
      const config = await t.app.inject({ url: '/api/config', headers: { cookie } });
      expect(hintOf(config)).toMatchObject({ value: '1' });
      // Answers outside /api that are not documents (assets, media, probes) carry no cookie.
      const probe = await t.app.inject({ url: '/healthz', headers: { cookie } });
      expect(probe.statusCode).toBe(200);
      expect(hintOf(probe)).toBeUndefined();
      // Once it has the hint, nothing more is set.
      const again = await t.app.inject({
        url: '/api/config',
        headers: { cookie: `${cookie}; ${SESSION_HINT_COOKIE}=1` },
      });
      expect(again.headers['set-cookie']).toBeUndefined();
    });
  });

  // Every signed-in request starts with this lookup; at the morning peak each query
  // in turn waits for a pooled connection again (decision 0043).
  it.runIf(backend.name === 'postgres')('finds a session and its user in one query', async () => {
    const { cookie } = await signIn(t, { email: 'one-query@example.com' });
    const texts: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      texts.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      expect((await me(cookie)).statusCode).toBe(200);
    } finally {
      pg.Client.prototype.query = original;
    }
    const reads = texts.filter((text) => /"sessions"|"users"/.test(text));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/from \(select \* from "sessions".*left join "users"/s);
  });

  it('answers 401 without a session, and to a refresh without one', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.signInRequired });
    expect((await post(t, '/api/auth/session/refresh', {})).statusCode).toBe(401);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('extends a live session on refresh, on the app clock, under a new token', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919800000002' });
    const before = await sessionOf(t, cookie);
    t.advanceClock(10 * DAY_MS);
    const response = await post(t, '/api/auth/session/refresh', {}, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });
    const renewed = sessionCookie(response);
    const after = await sessionOf(t, renewed);
    // A full lifetime from the refresh, counted on the clock the app reads.
    expect(after!.expires_at.getTime() - after!.created_at.getTime()).toBe(SESSION_DAYS * DAY_MS);
    expect(after!.created_at.getTime() - before!.created_at.getTime()).toBeGreaterThanOrEqual(
      10 * DAY_MS,
    );
    // The token rotated: the new cookie works, the old one is dead.
    expect(after!.token).not.toBe(before!.token);
    expect(await sessionOf(t, cookie)).toBeUndefined();
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/session/refresh', {}, { cookie })).statusCode).toBe(401);
  });

  it('ends a session 30 days after its last use, not before', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919800000005' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + (SESSION_DAYS - 1) * DAY_MS);
    // Used on day 29: still signed in, and the use pushes the end back.
    expect((await me(cookie)).statusCode).toBe(200);
    vi.setSystemTime(start + (2 * SESSION_DAYS - 2) * DAY_MS);
    expect((await me(cookie)).statusCode).toBe(200);
    // Then 30 idle days: the session is over, and refresh cannot revive it.
    vi.setSystemTime(start + (3 * SESSION_DAYS - 1) * DAY_MS);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/session/refresh', {}, { cookie })).statusCode).toBe(401);
  });

  it('revokes the session on sign-out: the old cookie no longer works', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919800000003' });
    expect((await me(cookie)).statusCode).toBe(200);
    const before = await sessionRows(t);
    const out = await post(t, '/api/auth/signout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'OK' });
    expect(String(out.headers['set-cookie'])).toMatch(/folio\.session_token=; Max-Age=0/);
    expect(await sessionRows(t)).toBe(before - 1);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/session/refresh', {}, { cookie })).statusCode).toBe(401);
  });

  it('refuses state-changing /api requests from another site', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919800000004' });
    const crossSite = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of crossSite) {
      for (const url of [
        '/api/auth/code',
        '/api/users/disable-welcome-popup',
        '/api/auth/signout',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: { phoneNumber: '+919800000005' },
          headers: { cookie, ...headers },
        });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual({ status: 'ERROR', message: MESSAGES.crossSiteRequest });
      }
    }
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('accepts same-origin requests shown by Origin or by Sec-Fetch-Site', async () => {
    const byOrigin = await post(t, '/api/auth/code', { phoneNumber: '+919800000006' });
    expect(byOrigin.statusCode).toBe(200);
    for (const fetchSite of ['same-origin', 'none']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/code',
        payload: { phoneNumber: fetchSite === 'none' ? '+919800000017' : '+919800000018' },
        remoteAddress: freshIp(),
        headers: { 'sec-fetch-site': fetchSite },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('rate-limits code guesses per client address, ignoring a client-sent address header', async () => {
    const ip = freshIp();
    const spoofed = { 'x-folio-client-ip': '198.51.100.1' };
    for (let i = 0; i < 20; i += 1) {
      const response = await post(t, '/api/auth/verify-code', VERIFY_BODY, {
        ip,
        headers: spoofed,
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await post(t, '/api/auth/verify-code', VERIFY_BODY, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      status: 'ERROR',
      message: AUTH_MESSAGES.tooManyRequests,
      reason: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const otherClient = await post(t, '/api/auth/verify-code', VERIFY_BODY, { headers: spoofed });
    expect(otherClient.statusCode).toBe(400);
  });
});

describe.each(testBackends)('sessions behind https on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { PUBLIC_URL: 'https://epaper.example' } });
  });
  afterAll(async () => t.close());

  it('marks the cookie Secure (with the __Secure- prefix)', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919800000011' });
    expect(cookie).toMatch(/^__Secure-folio\.session_token=/);
    const response = await post(t, '/api/auth/session/refresh', {}, { cookie });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });
});

describe.each(testBackends)('production on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://epaper.example',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMTP_FROM: 'Deccan Herald e-paper <epaper@dh.example>',
        SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
        TRUST_PROXY: '127.0.0.1',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_example',
        RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret',
        PUBLISHER_LEGAL_NAME: 'Example Printers and Publishers Private Limited',
        PUBLISHER_ADDRESS: '75 MG Road\\nBengaluru 560001',
        PUBLISHER_GSTIN: '29AAACE1234F1Z5',
        PUBLISHER_STATE: 'Karnataka',
        PUBLISHER_SUPPORT_EMAIL: 'support@example.com',
      },
    });
  });
  afterAll(async () => t.close());

  it('has no development outbox', async () => {
    expect((await t.app.inject('/api/dev/outbox')).statusCode).toBe(404);
    expect(t.container.outbox).toBeUndefined();
  });

  it("counts limits on the proxy's X-Forwarded-For address", async () => {
    const forwarded = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 20; i += 1) {
      await post(t, '/api/auth/verify-code', VERIFY_BODY, {
        ip: '127.0.0.1',
        headers: forwarded('203.0.113.7'),
      });
    }
    const limited = await post(t, '/api/auth/verify-code', VERIFY_BODY, {
      ip: '127.0.0.1',
      headers: forwarded('203.0.113.7'),
    });
    expect(limited.statusCode).toBe(429);
    const other = await post(t, '/api/auth/verify-code', VERIFY_BODY, {
      ip: '127.0.0.1',
      headers: forwarded('203.0.113.8'),
    });
    expect(other.statusCode).toBe(400);
  });

  it('ignores X-Forwarded-For from a client that is not a named proxy', async () => {
    const spoofed = (address: string) => ({
      ip: '198.51.100.9',
      headers: { 'x-forwarded-for': address },
    });
    for (let i = 0; i < 20; i += 1) {
      await post(t, '/api/auth/verify-code', VERIFY_BODY, spoofed(`203.0.113.${100 + i}`));
    }
    const limited = await post(t, '/api/auth/verify-code', VERIFY_BODY, spoofed('203.0.113.200'));
    expect(limited.statusCode).toBe(429);
  });
});

describe('code check limit from configuration', () => {
  it('allows VERIFY_CODE_LIMIT checks a minute per client, and refuses a bad value', async () => {
    const t = await createTestApp(noDatabaseBackend, { env: { VERIFY_CODE_LIMIT: '3' } });
    try {
      const check = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/verify-code',
          payload: VERIFY_BODY,
          remoteAddress: '203.0.113.77',
          headers: { origin: t.config.publicUrl },
        });
      for (let i = 0; i < 3; i += 1) expect((await check()).statusCode).toBe(400);
      expect((await check()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
    for (const bad of ['0', '10001', 'many'])
      expect(() => loadConfig({ DATA_DIR: '/tmp/folio-unused', VERIFY_CODE_LIMIT: bad })).toThrow(
        /VERIFY_CODE_LIMIT/,
      );
  });
});
