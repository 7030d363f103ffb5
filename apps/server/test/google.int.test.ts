// Google sign-in against a local fake of Google (keys, authorization, token):
// the redirect flow ending on /auth/callback/google, One Tap, the checks on the
// ID token, linking by verified e-mail, and the refusal of a Google account
// without an e-mail. Without GOOGLE_CLIENT_ID neither flow exists.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, meResponseSchema, siteConfigSchema } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { documentCsp, INDEX_HTML, makeWebDist, type WebDist } from './helpers/web-dist.ts';
import { call, post, sessionCookie, signIn } from './helpers/auth.ts';
import { noDatabaseBackend, testBackends } from './helpers/db.ts';
import {
  FAKE_CLIENT_ID,
  startFakeGoogle,
  type FakeGoogle,
  type GoogleClaims,
} from './helpers/fake-google.ts';

const cookiesOf = (response: LightMyRequestResponse) =>
  response.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

describe.each(testBackends)('Google sign-in on $name', (backend) => {
  let t: TestApp;
  let google: FakeGoogle;
  let dist: WebDist;
  beforeAll(async () => {
    google = await startFakeGoogle();
    dist = await makeWebDist();
    t = await createTestApp(backend, { env: google.env, webDistDir: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await dist.remove();
  });

  const me = async (cookie: string) =>
    meResponseSchema.parse((await call(t, 'GET', '/api/auth/me', { cookie })).json());
  const oneTap = (credential: string) => post(t, '/api/auth/one-tap', { credential });

  /** Start → Google → back to /auth/callback/google; returns the server's final answer. */
  async function redirectFlow(claims: GoogleClaims, redirectUrl = '/profile') {
    const start = await t.app.inject({
      url: `/api/auth/google/start?redirectUrl=${encodeURIComponent(redirectUrl)}`,
    });
    expect(start.statusCode).toBe(302);
    const back = google.authorize(String(start.headers.location), claims);
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.publicUrl}/auth/callback/google`);
    return t.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookiesOf(start) },
    });
  }

  it('offers Google to the web app and lets its script in', async () => {
    const config = await t.app.inject('/api/config');
    expect(siteConfigSchema.parse(config.json()).googleClientId).toBe(FAKE_CLIENT_ID);
    expect(await documentCsp(t)).toContain('https://accounts.google.com/gsi/client');
  });

  it('sends the browser to Google with PKCE, a nonce and our callback', async () => {
    const start = await t.app.inject({ url: '/api/auth/google/start?redirectUrl=/profile' });
    const url = new URL(String(start.headers.location));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: FAKE_CLIENT_ID,
      redirect_uri: `${t.config.publicUrl}/auth/callback/google`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it('signs up through the redirect flow, then signs in, landing on the callback page', async () => {
    const claims = {
      sub: 'google-1',
      email: 'Gita@Gmail.com',
      email_verified: true,
      name: 'Gita Rao',
    };
    const first = await redirectFlow(claims);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(
      `${t.config.publicUrl}/auth/callback/google?status=ok&newUser=true&redirectUrl=%2Fprofile`,
    );
    const cookie = sessionCookie(first);
    expect(await me(cookie)).toEqual({
      userData: { emails: ['gita@gmail.com'], phoneNumbers: [] },
      metadata: { first_name: 'Gita Rao' },
      loginMethod: 'third_party',
      isNewUser: true,
    });
    const second = await redirectFlow(claims, 'https://evil.example/steal');
    expect(second.headers.location).toBe(
      `${t.config.publicUrl}/auth/callback/google?status=ok&newUser=false&redirectUrl=%2F`,
    );
  });

  it('refuses a Google account without an e-mail, on the callback page', async () => {
    const response = await redirectFlow({ sub: 'google-no-email' });
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe('/auth/callback/google');
    expect(location.searchParams.get('error')).toBe(AUTH_MESSAGES.socialNoEmail);
    expect(response.cookies.some((c) => c.name.endsWith('session_token') && c.value)).toBe(false);
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const start = await t.app.inject({ url: '/api/auth/google/start' });
    const back = google.authorize(String(start.headers.location), {
      sub: 'google-2',
      email: 'x@gmail.com',
      email_verified: true,
    });
    const withoutCookie = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(new URL(String(withoutCookie.headers.location)).searchParams.get('error')).toBe(
      AUTH_MESSAGES.socialLoginFailed,
    );
  });

  it('leaves /auth/callback/google to the web app when Google is not in the query', async () => {
    const page = await t.app.inject({
      url: '/auth/callback/google',
      headers: { accept: 'text/html' },
    });
    // The web app's document, which shows what went wrong.
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });

  it('signs in with a One Tap credential', async () => {
    const token = await google.idToken({
      sub: 'google-3',
      email: 'tap@gmail.com',
      email_verified: true,
      name: 'Tap',
    });
    const response = await oneTap(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'OK',
      createdNewRecipeUser: true,
      user: {
        id: expect.any(String),
        emails: ['tap@gmail.com'],
        phoneNumbers: [],
        loginMethod: 'google_one_tap',
      },
    });
    expect((await me(sessionCookie(response))).loginMethod).toBe('google_one_tap');
  });

  it('links Google to the account that already has the verified e-mail', async () => {
    const byCode = await signIn(t, { email: 'both@gmail.com' });
    const response = await oneTap(
      await google.idToken({ sub: 'google-4', email: 'both@gmail.com', email_verified: true }),
    );
    expect(response.json()).toMatchObject({
      createdNewRecipeUser: false,
      user: { id: byCode.body.user.id },
    });
  });

  it('checks signature, audience, issuer and expiry of the ID token', async () => {
    const claims = { sub: 'google-5', email: 'bad@gmail.com', email_verified: true };
    for (const options of [
      { forged: true },
      { audience: 'someone-else' },
      { issuer: 'https://evil.example' },
      { expiresIn: -120 },
    ]) {
      const response = await oneTap(await google.idToken(claims, options));
      expect(response.statusCode, JSON.stringify(options)).toBe(400);
      expect(response.json()).toEqual({
        status: 'ERROR',
        message: AUTH_MESSAGES.socialLoginFailed,
      });
    }
    expect((await oneTap('not-a-token')).json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.socialLoginFailed,
    });
  });

  it('refuses One Tap without a verified e-mail', async () => {
    for (const claims of [
      { sub: 'google-6' },
      { sub: 'google-7', email: 'unverified@gmail.com', email_verified: false },
    ]) {
      const response = await oneTap(await google.idToken(claims));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.socialNoEmail });
    }
  });

  it('does not let a Google reader edit the e-mail Google vouches for', async () => {
    const response = await oneTap(
      await google.idToken({ sub: 'google-8', email: 'locked@gmail.com', email_verified: true }),
    );
    const changed = await post(
      t,
      '/api/auth/change-email',
      { email: 'other@paper.in' },
      { cookie: sessionCookie(response) },
    );
    expect(changed.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.thirdPartyEmailLocked,
    });
  });
});

// Unregistered routes and the site config: no database involved, so it runs once.
describe('without Google', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(noDatabaseBackend);
  });
  afterAll(async () => t.close());

  it('has neither flow', async () => {
    expect((await post(t, '/api/auth/one-tap', { credential: 'x' })).statusCode).toBe(404);
    expect((await t.app.inject('/api/auth/google/start')).statusCode).toBe(404);
    expect(
      siteConfigSchema.parse((await t.app.inject('/api/config')).json()).googleClientId,
    ).toBeNull();
  });
});
