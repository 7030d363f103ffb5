// The signed-in reader's account over HTTP: /api/auth/me, the name (spec 1 §5
// wording), marketing consent (spec 2 §3), changing phone or e-mail through a
// code to the new value, and preferences with the welcome popup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, MESSAGES, RESEND_AFTER_SECONDS, meResponseSchema } from '@folio/core';
import {
  SENDS_PER_ACCOUNT_PER_HOUR,
  SENDS_PER_DESTINATION_PER_HOUR,
} from '../src/modules/auth/otp-service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, lastCodeSentTo, post, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

describe.each(testBackends)('account on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  const me = async (cookie: string) =>
    meResponseSchema.parse((await call(t, 'GET', '/api/auth/me', { cookie })).json());
  /** Asks for a code to a new phone or e-mail and confirms it, in the reader's session. */
  const change = async (cookie: string, path: string, body: Record<string, string>, to: string) => {
    const sent = await post(t, path, body, { cookie });
    if (sent.statusCode !== 200) return sent;
    const { preAuthSessionId, deviceId } = sent.json<{
      preAuthSessionId: string;
      deviceId: string;
    }>();
    return post(
      t,
      '/api/auth/verify-code',
      { preAuthSessionId, deviceId, userInputCode: lastCodeSentTo(t, to) },
      { cookie },
    );
  };

  it('describes a reader who signed up by phone, with no e-mail shown', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919700000001' });
    expect(await me(cookie)).toEqual({
      userData: { emails: [], phoneNumbers: ['+919700000001'] },
      metadata: { first_name: null },
      loginMethod: 'regular',
      isNewUser: true,
    });
    t.advanceClock(RESEND_AFTER_SECONDS * 1000);
    const again = await signIn(t, { phoneNumber: '+919700000001' });
    expect((await me(again.cookie)).isNewUser).toBe(false);
    expect((await call(t, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('changes the name with the spec rules and messages', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919700000002' });
    const rename = (first_name: string) =>
      call(t, 'PUT', '/api/auth/me', { cookie, body: { first_name } });
    for (const [name, message] of [
      ['A', AUTH_MESSAGES.nameTooShort],
      ['   ', AUTH_MESSAGES.nameInvalid],
      ['1st Reader', AUTH_MESSAGES.nameInvalid],
      ['Ravi_K', AUTH_MESSAGES.nameInvalid],
    ] as const) {
      const response = await rename(name);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'ERROR', message });
    }
    const ok = await rename("  Anne-Marie O'Neil ");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'OK', metadata: { first_name: "Anne-Marie O'Neil" } });
    expect((await me(cookie)).metadata.first_name).toBe("Anne-Marie O'Neil");
  });

  it('stores marketing consent and the newsletter only for an account with an e-mail', async () => {
    const phoneReader = await signIn(t, { phoneNumber: '+919700000003' });
    const save = (cookie: string, body: unknown) =>
      call(t, 'PUT', '/api/auth/me/metadata', { cookie, body });
    const noEmail = await save(phoneReader.cookie, {
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: null } },
    });
    expect(noEmail.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.newsletterNeedsEmail,
    });
    expect(
      (await save(phoneReader.cookie, { receiveMarketingAndPromitionalEmail: false })).json(),
    ).toEqual({ status: 'OK' });
    expect((await me(phoneReader.cookie)).metadata).toEqual({
      first_name: null,
      receiveMarketingAndPromitionalEmail: false,
    });

    const emailReader = await signIn(t, { email: 'news@paper.in' });
    const someoneElse = await save(emailReader.cookie, {
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: 'victim@paper.in' } },
    });
    expect(someoneElse.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.newsletterEmailMismatch,
    });
    const subscribed = await save(emailReader.cookie, {
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: 'news@paper.in' } },
    });
    expect(subscribed.json()).toEqual({ status: 'OK' });
    expect((await me(emailReader.cookie)).metadata).toEqual({
      first_name: null,
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: 'news@paper.in' } },
    });
  });

  it('changes the phone number through a code sent to the new number', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919700000004' });
    const changed = await change(
      cookie,
      '/api/auth/change-phone-number',
      { phoneNumber: '+919700000005' },
      '+919700000005',
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: 'OK', changed: 'phone' });
    expect((await me(cookie)).userData.phoneNumbers).toEqual(['+919700000005']);
    // The old number is free again: a code to it signs up someone new.
    t.advanceClock(RESEND_AFTER_SECONDS * 1000);
    expect((await signIn(t, { phoneNumber: '+919700000004' })).body.createdNewRecipeUser).toBe(
      true,
    );
  });

  it('adds an e-mail to a phone-only account through a code sent to it', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919700000006' });
    const changed = await change(
      cookie,
      '/api/auth/change-email',
      { email: 'Added@Paper.in' },
      'added@paper.in',
    );
    expect(changed.json()).toEqual({ status: 'OK', changed: 'email' });
    expect((await me(cookie)).userData).toEqual({
      emails: ['added@paper.in'],
      phoneNumbers: ['+919700000006'],
    });
    t.advanceClock(RESEND_AFTER_SECONDS * 1000);
    const byEmail = await signIn(t, { email: 'added@paper.in' });
    expect(byEmail.body).toMatchObject({
      createdNewRecipeUser: false,
      user: { phoneNumbers: ['+919700000006'] },
    });
  });

  it('refuses the same or a taken phone number or e-mail with the spec words', async () => {
    const other = await signIn(t, { email: 'taken@paper.in' });
    await change(
      other.cookie,
      '/api/auth/change-phone-number',
      { phoneNumber: '+919700000008' },
      '+919700000008',
    );
    const { cookie } = await signIn(t, { phoneNumber: '+919700000007' });
    await change(cookie, '/api/auth/change-email', { email: 'mine@paper.in' }, 'mine@paper.in');
    t.advanceClock(RESEND_AFTER_SECONDS * 1000);
    for (const phoneNumber of ['+919700000007', '+919700000008']) {
      const response = await post(t, '/api/auth/change-phone-number', { phoneNumber }, { cookie });
      expect(response.json()).toEqual({
        status: 'ERROR',
        message: 'User already exists with this mobile number',
      });
    }
    for (const email of ['mine@paper.in', 'TAKEN@paper.in']) {
      const response = await post(t, '/api/auth/change-email', { email }, { cookie });
      expect(response.json()).toEqual({
        status: 'ERROR',
        message: 'User already exists with this email',
      });
    }
    const badEmail = await post(
      t,
      '/api/auth/change-email',
      { email: 'a..b@paper.in' },
      { cookie },
    );
    expect(badEmail.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.profileEmailInvalid,
    });
  });

  it('counts a probe for a taken number as a send before saying it is taken', async () => {
    await signIn(t, { phoneNumber: '+919700000020' });
    const prober = await signIn(t, { phoneNumber: '+919700000021' });
    const probe = () =>
      post(
        t,
        '/api/auth/change-phone-number',
        { phoneNumber: '+919700000020' },
        { cookie: prober.cookie },
      );
    const answers: Array<{ status: number; message: string }> = [];
    for (let i = 0; i <= SENDS_PER_DESTINATION_PER_HOUR; i += 1) {
      t.advanceClock(RESEND_AFTER_SECONDS * 1000);
      const response = await probe();
      answers.push({ status: response.statusCode, message: response.json().message });
    }
    // The sign-in spent one of the number's five sends; four probes were answered,
    // then the number's limit closes, with no code ever sent for a probe.
    const taken = { status: 400, message: AUTH_MESSAGES.samePhone };
    const limited = {
      status: 429,
      message: expect.stringMatching(/^Too many OTPs were sent to this mobile number or email/),
    };
    expect(answers).toEqual([
      ...Array<typeof taken>(SENDS_PER_DESTINATION_PER_HOUR - 1).fill(taken),
      limited,
      limited,
    ]);
    const sent = t.container.outbox?.list().filter((m) => m.to === '+919700000020') ?? [];
    expect(sent).toHaveLength(1);
  });

  it('keeps one account from probing many numbers: a limit per account', async () => {
    const prober = await signIn(t, { email: 'prober@paper.in' });
    const statuses: number[] = [];
    for (let i = 0; i <= SENDS_PER_ACCOUNT_PER_HOUR; i += 1) {
      const phoneNumber = `+9196000001${String(i).padStart(2, '0')}`;
      const response = await post(
        t,
        '/api/auth/change-phone-number',
        { phoneNumber },
        { cookie: prober.cookie },
      );
      statuses.push(response.statusCode);
      if (i === SENDS_PER_ACCOUNT_PER_HOUR)
        expect(response.json()).toMatchObject({
          message: AUTH_MESSAGES.accountSendLimit(60),
          reason: 'SEND_LIMIT',
        });
    }
    expect(statuses).toEqual([...Array<number>(SENDS_PER_ACCOUNT_PER_HOUR).fill(200), 429]);
  });

  it('signs the reader out of every other session when the phone number changes', async () => {
    const phone = { phoneNumber: '+919700000030' };
    const elsewhere = await signIn(t, phone);
    t.advanceClock(RESEND_AFTER_SECONDS * 1000);
    const here = await signIn(t, phone);
    const changed = await change(
      here.cookie,
      '/api/auth/change-phone-number',
      { phoneNumber: '+919700000031' },
      '+919700000031',
    );
    expect(changed.json()).toEqual({ status: 'OK', changed: 'phone' });
    expect((await call(t, 'GET', '/api/auth/me', { cookie: elsewhere.cookie })).statusCode).toBe(
      401,
    );
    expect((await me(here.cookie)).userData.phoneNumbers).toEqual(['+919700000031']);
  });

  it('signs the reader out of every other session when the e-mail changes', async () => {
    const phone = { phoneNumber: '+919700000032' };
    const elsewhere = await signIn(t, phone);
    t.advanceClock(RESEND_AFTER_SECONDS * 1000);
    const here = await signIn(t, phone);
    const changed = await change(
      here.cookie,
      '/api/auth/change-email',
      { email: 'moved@paper.in' },
      'moved@paper.in',
    );
    expect(changed.json()).toEqual({ status: 'OK', changed: 'email' });
    expect((await call(t, 'GET', '/api/auth/me', { cookie: elsewhere.cookie })).statusCode).toBe(
      401,
    );
    expect((await me(here.cookie)).userData.emails).toEqual(['moved@paper.in']);
  });

  it('confirms a change only in the session of the reader who asked for it', async () => {
    const owner = await signIn(t, { phoneNumber: '+919700000009' });
    const stranger = await signIn(t, { phoneNumber: '+919700000010' });
    const sent = await post(
      t,
      '/api/auth/change-phone-number',
      { phoneNumber: '+919700000011' },
      { cookie: owner.cookie },
    );
    const ids = sent.json<{ preAuthSessionId: string; deviceId: string }>();
    const body = { ...ids, userInputCode: lastCodeSentTo(t, '+919700000011') };
    expect((await post(t, '/api/auth/verify-code', body)).statusCode).toBe(401);
    const wrongReader = await post(t, '/api/auth/verify-code', body, { cookie: stranger.cookie });
    expect(wrongReader.json()).toMatchObject({ message: 'Invalid OTP.', reason: 'RESTART_FLOW' });
    expect((await post(t, '/api/auth/verify-code', body, { cookie: owner.cookie })).json()).toEqual(
      {
        status: 'OK',
        changed: 'phone',
      },
    );
    expect(
      (await post(t, '/api/auth/change-phone-number', { phoneNumber: '+919700000012' })).statusCode,
    ).toBe(401);
  });

  it('keeps a preferred edition per brand, checked against its editions', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919700000013' });
    const get = (query = '') => call(t, 'GET', `/api/users/preferences${query}`, { cookie });
    const patch = (body: unknown, query = '') =>
      call(t, 'PATCH', `/api/users/preferences${query}`, { cookie, body });
    expect((await get('?publisher=DH')).json()).toEqual({
      preferredEditionId: null,
      welcome_popup_enabled: true,
      readingPosition: null,
    });
    expect((await patch({ dh_preferred_edition_id: 3 })).json()).toEqual({
      preferredEditionId: 3,
      welcome_popup_enabled: true,
      readingPosition: null,
    });
    const otherBrands = await patch({ preferredEditionId: 4 });
    expect(otherBrands.statusCode).toBe(400);
    expect(otherBrands.json()).toEqual({
      status: 'ERROR',
      message: MESSAGES.unknownEdition(4, 'DH'),
    });
    expect((await patch({ preferredEditionId: 4 }, '?publisher=PV')).statusCode).toBe(200);
    expect((await get('?publisher=DH')).json()).toMatchObject({ preferredEditionId: 3 });
    expect((await get('?publisher=PV')).json()).toMatchObject({ preferredEditionId: 4 });
    expect((await call(t, 'GET', '/api/users/preferences')).statusCode).toBe(401);
  });

  it('turns the welcome popup off for good', async () => {
    const { cookie } = await signIn(t, { phoneNumber: '+919700000014' });
    const off = await post(t, '/api/users/disable-welcome-popup', undefined, { cookie });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ status: 'OK' });
    expect((await call(t, 'GET', '/api/users/preferences', { cookie })).json()).toEqual({
      preferredEditionId: null,
      welcome_popup_enabled: false,
      readingPosition: null,
    });
  });
});

describe.each(testBackends)('account of the Kannada daily on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { BRAND: 'pv' } });
  });
  afterAll(async () => t.close());

  it('does not offer the English daily newsletter', async () => {
    const { cookie } = await signIn(t, { email: 'odu@paper.in' });
    const response = await call(t, 'PUT', '/api/auth/me/metadata', {
      cookie,
      body: {
        receiveMarketingAndPromitionalEmail: true,
        dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: 'odu@paper.in' } },
      },
    });
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.newsletterOtherBrand,
    });
  });
});
