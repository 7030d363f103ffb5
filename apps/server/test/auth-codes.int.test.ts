// One-time codes over HTTP (spec 1 §4 "One-time code flow", §9): sign-in-up,
// wrong-code lockout, expiry on a controlled clock, replay, concurrent use,
// resend timing and the limits on sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  RESEND_AFTER_SECONDS,
  authErrorBodySchema,
  codeResponseSchema,
  signInResponseSchema,
} from '@folio/core';
import {
  SENDS_PER_DESTINATION_PER_HOUR,
  SENDS_PER_IP_PER_HOUR,
} from '../src/modules/auth/otp-service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { freshIp, lastCodeSentTo, post, requestCode, sessionCookie } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

const START = new Date('2026-11-20T10:00:00Z');

describe.each(testBackends)('one-time codes on $name', (backend) => {
  let t: TestApp;
  let clock = START;
  let phones = 0;
  /** A number nobody in this file has used, so per-destination limits start at zero. */
  const newPhone = () => `+9198765${String(++phones).padStart(5, '0')}`;
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const verify = (
    sent: { preAuthSessionId: string; deviceId: string },
    userInputCode: string,
    ip = freshIp(),
  ) => post(t, '/api/auth/verify-code', { ...sent, userInputCode }, { ip });
  const wrongCodeFor = (right: string) => (right === '000000' ? '111111' : '000000');

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => clock });
  });
  afterAll(async () => t.close());

  it('sends a six-digit code that signs up a new reader, then signs them in', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    expect(sent).toMatchObject({
      flowType: 'USER_INPUT_CODE',
      codeLength: 6,
      resendAfterSeconds: 30,
      expiresInSeconds: 600,
    });
    const first = await verify(sent, lastCodeSentTo(t, phone));
    expect(first.statusCode).toBe(200);
    expect(signInResponseSchema.parse(first.json())).toMatchObject({
      createdNewRecipeUser: true,
      user: { emails: [], phoneNumbers: [phone], loginMethod: 'regular' },
    });
    expect(sessionCookie(first)).toMatch(/^folio\.session_token=/);

    advance(RESEND_AFTER_SECONDS);
    const again = await requestCode(t, { phoneNumber: phone });
    const second = await verify(again, lastCodeSentTo(t, phone));
    expect(second.json()).toMatchObject({
      createdNewRecipeUser: false,
      user: { id: first.json().user.id },
    });
  });

  it('signs up by e-mail too, case-insensitively', async () => {
    const sent = await requestCode(t, { email: 'Reader@Paper.IN' });
    const response = await verify(sent, lastCodeSentTo(t, 'reader@paper.in'));
    expect(response.json()).toMatchObject({
      createdNewRecipeUser: true,
      user: { emails: ['reader@paper.in'], phoneNumbers: [] },
    });
  });

  it('stores only a hash of the code', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    const row = await t.db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('id', '=', sent.preAuthSessionId)
      .executeTakeFirstOrThrow();
    const code = lastCodeSentTo(t, phone);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(sent.deviceId);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same for a known and an unknown number', async () => {
    const known = newPhone();
    await verify(await requestCode(t, { phoneNumber: known }), lastCodeSentTo(t, known));
    const shape = (body: unknown) => Object.keys(codeResponseSchema.parse(body)).sort();
    advance(RESEND_AFTER_SECONDS);
    const forKnown = await post(t, '/api/auth/code', { phoneNumber: known });
    const forUnknown = await post(t, '/api/auth/code', { phoneNumber: newPhone() });
    expect([forKnown.statusCode, forUnknown.statusCode]).toEqual([200, 200]);
    expect(shape(forKnown.json())).toEqual(shape(forUnknown.json()));
    const { preAuthSessionId: _a, deviceId: _b, ...knownRest } = forKnown.json();
    const { preAuthSessionId: _c, deviceId: _d, ...unknownRest } = forUnknown.json();
    expect(knownRest).toEqual(unknownRest);
  });

  it('refuses bad numbers and addresses with the spec words', async () => {
    const badPhone = await post(t, '/api/auth/code', { phoneNumber: '+915876543210' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.mobileInvalid });
    const badEmail = await post(t, '/api/auth/code', { email: 'reader@paper' });
    expect(badEmail.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.emailInvalid });
    const badCode = await post(t, '/api/auth/verify-code', {
      preAuthSessionId: 'x',
      deviceId: 'y',
      userInputCode: '12a456',
    });
    expect(badCode.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.otpInvalid });
  });

  it('locks a code after five wrong entries; a resend brings a working one', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    const right = lastCodeSentTo(t, phone);
    const remaining: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(sent, wrongCodeFor(right));
      expect(response.statusCode).toBe(400);
      const body = authErrorBodySchema.parse(response.json());
      expect(body.message).toBe('Invalid OTP.');
      remaining.push([body.reason, body.attemptsRemaining]);
    }
    expect(remaining).toEqual([
      ['INCORRECT_CODE', 4],
      ['INCORRECT_CODE', 3],
      ['INCORRECT_CODE', 2],
      ['INCORRECT_CODE', 1],
      ['RESTART_FLOW', 0],
    ]);
    const tooLate = await verify(sent, right);
    expect(tooLate.json()).toMatchObject({ message: 'Invalid OTP.', reason: 'RESTART_FLOW' });

    advance(30);
    const resent = await post(t, '/api/auth/code/resend', sent);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ preAuthSessionId: sent.preAuthSessionId });
    expect((await verify(sent, lastCodeSentTo(t, phone))).statusCode).toBe(200);
  });

  it('lets a code expire after ten minutes', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    advance(600);
    const response = await verify(sent, lastCodeSentTo(t, phone));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid OTP.', reason: 'CODE_EXPIRED' });
  });

  it('accepts a code just before it expires', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    advance(599);
    expect((await verify(sent, lastCodeSentTo(t, phone))).statusCode).toBe(200);
  });

  it('refuses a code that was already used', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    const code = lastCodeSentTo(t, phone);
    expect((await verify(sent, code)).statusCode).toBe(200);
    const replay = await verify(sent, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: 'Invalid OTP.', reason: 'RESTART_FLOW' });
  });

  it('binds a code to the device that asked for it', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    const other = await verify({ ...sent, deviceId: 'someone-else' }, lastCodeSentTo(t, phone));
    expect(other.json()).toMatchObject({ message: 'Invalid OTP.', reason: 'RESTART_FLOW' });
    expect((await verify(sent, lastCodeSentTo(t, phone))).statusCode).toBe(200);
  });

  it('gives exactly one session to two verifications racing with the same code', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    const code = lastCodeSentTo(t, phone);
    const results = await Promise.all([verify(sent, code), verify(sent, code), verify(sent, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const { n } = await t.db
      .selectFrom('otp_challenges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '=', sent.preAuthSessionId)
      .where('consumed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it('refuses a resend before 30 seconds and sends a new code after', async () => {
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    const firstCode = lastCodeSentTo(t, phone);
    advance(20);
    const early = await post(t, '/api/auth/code/resend', sent);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('10');
    expect(early.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.resendTooSoon(10),
      reason: 'RESEND_TOO_SOON',
      retryAfterSeconds: 10,
    });
    advance(10);
    expect((await post(t, '/api/auth/code/resend', sent)).statusCode).toBe(200);
    const secondCode = lastCodeSentTo(t, phone);
    if (secondCode !== firstCode) {
      expect((await verify(sent, firstCode)).json()).toMatchObject({ reason: 'INCORRECT_CODE' });
    }
    expect((await verify(sent, secondCode)).statusCode).toBe(200);
  });

  it(`sends at most ${SENDS_PER_DESTINATION_PER_HOUR} codes an hour to one number`, async () => {
    const phone = newPhone();
    for (let i = 0; i < SENDS_PER_DESTINATION_PER_HOUR; i += 1) {
      await requestCode(t, { phoneNumber: phone });
      advance(RESEND_AFTER_SECONDS);
    }
    const refused = await post(t, '/api/auth/code', { phoneNumber: phone });
    expect(refused.statusCode).toBe(429);
    const left = 3600 - SENDS_PER_DESTINATION_PER_HOUR * RESEND_AFTER_SECONDS;
    expect(refused.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.destinationSendLimit(Math.ceil(left / 60)),
      reason: 'SEND_LIMIT',
      retryAfterSeconds: left,
    });
    advance(left);
    expect((await post(t, '/api/auth/code', { phoneNumber: phone })).statusCode).toBe(200);
  });

  it('keeps 30 s between two codes to one number, a fresh request as much as a resend', async () => {
    const phone = newPhone();
    const first = await requestCode(t, { phoneNumber: phone });
    const tooSoon = await post(t, '/api/auth/code', { phoneNumber: phone });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.resendTooSoon(RESEND_AFTER_SECONDS),
      reason: 'RESEND_TOO_SOON',
      retryAfterSeconds: RESEND_AFTER_SECONDS,
    });
    advance(RESEND_AFTER_SECONDS - 1);
    expect((await post(t, '/api/auth/code', { phoneNumber: phone })).json()).toMatchObject({
      message: AUTH_MESSAGES.resendTooSoon(1),
    });
    advance(1);
    await requestCode(t, { phoneNumber: phone });
    // The fresh code counts for the number too: resending the first challenge must wait.
    const resend = await post(t, '/api/auth/code/resend', {
      preAuthSessionId: first.preAuthSessionId,
      deviceId: first.deviceId,
    });
    expect(resend.json()).toMatchObject({ reason: 'RESEND_TOO_SOON' });
    expect(t.container.outbox?.list().filter((m) => m.to === phone)).toHaveLength(2);
  });

  it('lets a reader who entered the code ask for the next one at once, within the hourly count', async () => {
    const email = `again.${phones}@example.in`;
    const sentByEmail = await requestCode(t, { email });
    expect((await verify(sentByEmail, lastCodeSentTo(t, email))).statusCode).toBe(200);
    await requestCode(t, { email });
    const phone = newPhone();
    const sent = await requestCode(t, { phoneNumber: phone });
    expect((await verify(sent, lastCodeSentTo(t, phone))).statusCode).toBe(200);
    // Signed out and back in within the gap: the number's owner proved control.
    await requestCode(t, { phoneNumber: phone });
    expect(t.container.outbox?.list().filter((m) => m.to === phone)).toHaveLength(2);
    // The gap is back for the code just sent.
    expect((await post(t, '/api/auth/code', { phoneNumber: phone })).json()).toMatchObject({
      reason: 'RESEND_TOO_SOON',
    });
  });

  it('sends one code when several requests for one number arrive at once', async () => {
    const phone = newPhone();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/api/auth/code', { phoneNumber: phone })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(t.container.outbox?.list().filter((m) => m.to === phone)).toHaveLength(1);
  });

  it(`sends at most ${SENDS_PER_IP_PER_HOUR} codes an hour to one client address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SENDS_PER_IP_PER_HOUR; i += 1) {
      expect(
        (await post(t, '/api/auth/code', { phoneNumber: newPhone() }, { ip })).statusCode,
      ).toBe(200);
    }
    const refused = await post(t, '/api/auth/code', { phoneNumber: newPhone() }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      reason: 'SEND_LIMIT',
      message: AUTH_MESSAGES.networkSendLimit(60),
    });
    expect((await post(t, '/api/auth/code', { phoneNumber: newPhone() })).statusCode).toBe(200);
  });
});

describe('codes sent per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' }, { env: { SEND_CODE_LIMIT: '3' } });
  });
  afterAll(async () => t.close());

  it('follows SEND_CODE_LIMIT where readers share an address', async () => {
    let phones = 0;
    const newPhone = () => `+9198764${String(++phones).padStart(5, '0')}`;
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1)
      expect(
        (await post(t, '/api/auth/code', { phoneNumber: newPhone() }, { ip })).statusCode,
      ).toBe(200);
    const refused = await post(t, '/api/auth/code', { phoneNumber: newPhone() }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ reason: 'SEND_LIMIT' });
  });
});
