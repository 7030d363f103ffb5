// The review's bad inputs, one by one (issue 6 part 5): each once answered 500, was
// stored, or echoed the URL. Every one now gets a 4xx in the API's error shape that
// names the problem, and leaves the reader's account, session and preferences as
// they were. The fuzz test covers the same ground at random; this file pins each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MAX_NAME_LENGTH, MESSAGES } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, post, requestCode, signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

/** 5,000 levels in 10 KB: under the body limit, so the depth rule is what refuses it. */
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

describe.each(testBackends)("the review's bad inputs on $name", (backend) => {
  let t: TestApp;
  let reader: SignedIn;
  const me = async () => (await call(t, 'GET', '/api/auth/me', { cookie: reader.cookie })).json();
  const preferences = async () =>
    (await call(t, 'GET', '/api/users/preferences', { cookie: reader.cookie })).json();

  beforeAll(async () => {
    t = await createTestApp(backend);
    reader = await signIn(t, { phoneNumber: '+919812300001' });
    await call(t, 'PUT', '/api/auth/me', { cookie: reader.cookie, body: { first_name: 'Asha' } });
  });
  afterAll(async () => t.close());

  const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    body: response.json(),
  });

  it('edition=2147483648 is refused by name', async () => {
    const response = await t.app.inject(
      '/api/epaper/data?publisher=DH&date=2026-11-20&edition=2147483648',
    );
    expect(errorOf(response)).toEqual({
      status: 400,
      body: { status: 'ERROR', message: MESSAGES.badEdition },
    });
  });

  it('preferredEditionId 2147483648 is refused and the preference stays', async () => {
    const before = await preferences();
    const response = await call(t, 'PATCH', '/api/users/preferences', {
      cookie: reader.cookie,
      body: { preferredEditionId: 2147483648 },
    });
    expect(errorOf(response)).toEqual({
      status: 400,
      body: { status: 'ERROR', message: MESSAGES.badPreferredEdition },
    });
    expect(await preferences()).toEqual(before);
  });

  it('a NUL byte in preAuthSessionId or in an e-mail is refused by name', async () => {
    const sent = await requestCode(t, { phoneNumber: '+919812300002' });
    const verify = await post(t, '/api/auth/verify-code', {
      preAuthSessionId: `${sent.preAuthSessionId}\u0000`,
      deviceId: sent.deviceId,
      userInputCode: '123456',
    });
    expect(errorOf(verify)).toEqual({
      status: 400,
      body: { status: 'ERROR', message: MESSAGES.controlCharacters('preAuthSessionId') },
    });
    const code = await post(t, '/api/auth/code', { email: 'asha\u0000@example.in' });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.emailInvalid });
    expect(t.container.outbox?.list().some((m) => m.to.includes('\u0000'))).toBe(false);
  });

  it('a 900 KB e-mail is refused before it is read', async () => {
    const response = await post(t, '/api/auth/code', { email: `${'a'.repeat(900_000)}@x.io` });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 'ERROR' });
    expect(String((response.json() as { message: string }).message)).toMatch(/too large/i);
  });

  it('a 5,000-deep JSON body on signout and refresh is refused and the session lives', async () => {
    for (const url of ['/api/auth/signout', '/api/auth/session/refresh']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: DEEP,
        headers: {
          'content-type': 'application/json',
          origin: t.config.publicUrl,
          cookie: reader.cookie,
        },
      });
      expect(errorOf(response), url).toEqual({
        status: 400,
        body: { status: 'ERROR', message: MESSAGES.bodyTooDeep(8) },
      });
    }
    expect((await call(t, 'GET', '/api/auth/me', { cookie: reader.cookie })).statusCode).toBe(200);
  });

  it('a 1 MB name is neither stored nor served back', async () => {
    const response = await call(t, 'PUT', '/api/auth/me', {
      cookie: reader.cookie,
      body: { first_name: 'R'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    const longest = await call(t, 'PUT', '/api/auth/me', {
      cookie: reader.cookie,
      body: { first_name: 'R'.repeat(MAX_NAME_LENGTH + 1) },
    });
    expect(errorOf(longest)).toEqual({
      status: 400,
      body: { status: 'ERROR', message: AUTH_MESSAGES.nameInvalid },
    });
    expect(await me()).toMatchObject({ metadata: { first_name: 'Asha' } });
  });

  it('/media/%zz answers in the error shape without echoing the address', async () => {
    const response = await t.app.inject('/media/%zz');
    expect(errorOf(response)).toEqual({
      status: 400,
      body: { status: 'ERROR', message: MESSAGES.badUrl },
    });
    expect(response.body).not.toContain('%zz');
  });
});
