// The reader's place kept on the account (issue 9: "the reading position is saved
// to the account too, so another device resumes where the reader left off"):
// PUT /api/users/reading-position per brand, read back with the preferences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, READING_POSITION_MESSAGES, addDays } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, post, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

describe.each(testBackends)('reading position on $name', (backend) => {
  let t: TestApp;
  let today: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    today = t.container.editions.latestDate();
  });
  afterAll(async () => t.close());

  const put = (cookie: string | undefined, body: unknown, query = '') =>
    call(t, 'PUT', `/api/users/reading-position${query}`, { cookie, body });
  const positionOf = async (cookie: string, query = '') =>
    (await call(t, 'GET', `/api/users/preferences${query}`, { cookie })).json<{
      readingPosition: unknown;
    }>().readingPosition;

  it('asks a visitor to sign in', async () => {
    const response = await put(undefined, { date: today, edition: 2, page: 3 });
    expect(response.statusCode).toBe(401);
  });

  it('keeps the place per brand, and the last one written wins', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919755500001' });
    expect(await positionOf(cookie)).toBeNull();

    const saved = await put(cookie, { date: today, edition: 2, page: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      preferredEditionId: null,
      welcome_popup_enabled: true,
      readingPosition: { date: today, edition: 2, page: 3 },
    });
    // Saving the same place again changes nothing and is no error.
    expect((await put(cookie, { date: today, edition: 2, page: 3 })).statusCode).toBe(200);

    const yesterday = addDays(today, -1);
    expect((await put(cookie, { date: yesterday, edition: 3, page: 0 })).statusCode).toBe(200);
    expect(await positionOf(cookie, '?publisher=DH')).toEqual({
      date: yesterday,
      edition: 3,
      page: 0,
    });

    // The Kannada daily keeps its own place; the English one keeps its own.
    expect(
      (await put(cookie, { date: today, edition: 4, page: 7 }, '?publisher=PV')).statusCode,
    ).toBe(200);
    expect(await positionOf(cookie, '?publisher=PV')).toEqual({ date: today, edition: 4, page: 7 });
    expect(await positionOf(cookie)).toEqual({ date: yesterday, edition: 3, page: 0 });
  });

  it('leaves the preferred edition and the welcome popup as they were', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919755500002' });
    await call(t, 'PATCH', '/api/users/preferences', { cookie, body: { preferredEditionId: 3 } });
    await post(t, '/api/users/disable-welcome-popup', undefined, { cookie });
    await put(cookie, { date: today, edition: 2, page: 1 });
    expect((await call(t, 'GET', '/api/users/preferences', { cookie })).json()).toEqual({
      preferredEditionId: 3,
      welcome_popup_enabled: false,
      readingPosition: { date: today, edition: 2, page: 1 },
    });
  });

  it('refuses a place that cannot be and keeps the last good one', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919755500003' });
    const good = { date: today, edition: 2, page: 2 };
    expect((await put(cookie, good)).statusCode).toBe(200);
    const refusals: [unknown, string][] = [
      [{ ...good, date: '2026-02-30' }, READING_POSITION_MESSAGES.badDate],
      [{ ...good, date: '20260101' }, READING_POSITION_MESSAGES.badDate],
      [{ ...good, date: '2020-05-31' }, READING_POSITION_MESSAGES.badDate],
      [{ ...good, date: addDays(today, 1) }, READING_POSITION_MESSAGES.badDate],
      [{ ...good, date: 'x'.repeat(5000) }, READING_POSITION_MESSAGES.badDate],
      [{ ...good, edition: 4 }, MESSAGES.unknownEdition(4, 'DH')],
      [{ ...good, edition: 0 }, MESSAGES.badEdition],
      [{ ...good, edition: 2147483648 }, MESSAGES.badEdition],
      [{ ...good, page: -1 }, READING_POSITION_MESSAGES.badPage],
      [{ ...good, page: 1000 }, READING_POSITION_MESSAGES.badPage],
      [{ ...good, page: 1.5 }, READING_POSITION_MESSAGES.badPage],
      [{ ...good, page: '3' }, READING_POSITION_MESSAGES.badPage],
    ];
    for (const [body, message] of refusals) {
      const response = await put(cookie, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ status: 'ERROR', message });
    }
    for (const body of [{ ...good, extra: true }, { date: today, edition: 2 }, [], null]) {
      const response = await put(cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ status: 'ERROR' });
    }
    expect(await positionOf(cookie)).toEqual(good);
  });
});
