// Request bodies and answers of the auth API (docs/auth-api.md; spec 1 §3, §8;
// spec 2 §3): every field is kept, and the fixed words are the only ones taken.
import { describe, expect, it } from 'vitest';
import {
  authErrorBodySchema,
  authErrorReasonSchema,
  authUserSchema,
  changeEmailRequestSchema,
  changePhoneRequestSchema,
  codeResponseSchema,
  contactChangedResponseSchema,
  loginMethodSchema,
  meResponseSchema,
  metadataRequestSchema,
  okResponseSchema,
  oneTapRequestSchema,
  outboxMessageSchema,
  preAuthDataSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  readingPositionSchema,
  READING_POSITION_MESSAGES,
  signInResponseSchema,
  updateNameRequestSchema,
  updateNameResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from './auth.ts';
import { MESSAGES } from './messages.ts';

const preAuth = { preAuthSessionId: 'pre-auth-session-1', deviceId: 'device-abc-123' };
const user = {
  id: 'user-1',
  emails: ['reader@paper.in'],
  phoneNumbers: ['+919876543210'],
  loginMethod: 'regular',
};

describe('auth request bodies', () => {
  it('keeps the pending sign-in and the typed code of a verify request', () => {
    expect(preAuthDataSchema.parse(preAuth)).toEqual(preAuth);
    const body = { ...preAuth, userInputCode: '123456' };
    expect(verifyCodeRequestSchema.parse(body)).toEqual(body);
    expect(verifyCodeRequestSchema.safeParse({ ...body, userInputCode: '12345' }).success).toBe(
      false,
    );
  });

  it('refuses an empty pending sign-in', () => {
    expect(preAuthDataSchema.safeParse({ ...preAuth, preAuthSessionId: '' }).success).toBe(false);
    expect(preAuthDataSchema.safeParse({ ...preAuth, deviceId: '' }).success).toBe(false);
  });

  it('keeps the new phone, e-mail or name of a change request', () => {
    expect(changePhoneRequestSchema.parse({ phoneNumber: '+919876543210' })).toEqual({
      phoneNumber: '+919876543210',
    });
    expect(changePhoneRequestSchema.safeParse({ phoneNumber: '9876543210' }).success).toBe(false);
    expect(changeEmailRequestSchema.parse({ email: 'reader@paper.in' })).toEqual({
      email: 'reader@paper.in',
    });
    expect(changeEmailRequestSchema.safeParse({ email: 'reader@paper' }).success).toBe(false);
    expect(updateNameRequestSchema.parse({ first_name: 'Ravi' })).toEqual({ first_name: 'Ravi' });
    expect(updateNameRequestSchema.safeParse({ first_name: 'R' }).success).toBe(false);
  });

  it('keeps marketing consent with and without the newsletter (spec 2 §3)', () => {
    const consentOnly = { receiveMarketingAndPromitionalEmail: false };
    expect(metadataRequestSchema.parse(consentOnly)).toEqual(consentOnly);
    const withNewsletter = {
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: 'reader@paper.in' } },
    };
    expect(metadataRequestSchema.parse(withNewsletter)).toEqual(withNewsletter);
    const noAddress = {
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: false, newsLetter: { email: null } },
    };
    expect(metadataRequestSchema.parse(noAddress)).toEqual(noAddress);
    expect(
      metadataRequestSchema.safeParse({
        ...withNewsletter,
        dh: { ...withNewsletter.dh, newsLetter: { email: 'not an address' } },
      }).success,
    ).toBe(false);
  });

  it('keeps a One Tap credential and refuses an empty one', () => {
    expect(oneTapRequestSchema.parse({ credential: 'header.payload.signature' })).toEqual({
      credential: 'header.payload.signature',
    });
    expect(oneTapRequestSchema.safeParse({ credential: '' }).success).toBe(false);
  });

  it('takes the preferred edition under either of its two names, as a positive whole number', () => {
    expect(preferencesUpdateSchema.parse({ dh_preferred_edition_id: 2 })).toEqual({
      dh_preferred_edition_id: 2,
    });
    expect(preferencesUpdateSchema.parse({ preferredEditionId: 4 })).toEqual({
      preferredEditionId: 4,
    });
    expect(preferencesUpdateSchema.safeParse({ preferredEditionId: 0 }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ dh_preferred_edition_id: 2.5 }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('auth answers', () => {
  it('knows the three login methods', () => {
    for (const method of ['regular', 'third_party', 'google_one_tap']) {
      expect(loginMethodSchema.parse(method)).toBe(method);
    }
    expect(loginMethodSchema.safeParse('password').success).toBe(false);
  });

  it('answers OK as { status: "OK" } only', () => {
    expect(okResponseSchema.parse({ status: 'OK' })).toEqual({ status: 'OK' });
    expect(okResponseSchema.safeParse({ status: 'ERROR' }).success).toBe(false);
  });

  it('knows why a code or a send was refused', () => {
    const reasons = [
      'INCORRECT_CODE',
      'CODE_EXPIRED',
      'RESTART_FLOW',
      'RESEND_TOO_SOON',
      'SEND_LIMIT',
      'RATE_LIMITED',
    ];
    for (const reason of reasons) expect(authErrorReasonSchema.parse(reason)).toBe(reason);
    expect(authErrorReasonSchema.safeParse('UNKNOWN').success).toBe(false);
  });

  it('keeps the details of an auth error', () => {
    const body = {
      status: 'ERROR',
      message: 'Invalid OTP.',
      reason: 'INCORRECT_CODE',
      attemptsRemaining: 4,
      retryAfterSeconds: 30,
    };
    expect(authErrorBodySchema.parse(body)).toEqual(body);
    expect(authErrorBodySchema.parse({ status: 'ERROR', message: 'Sign in not allowed.' })).toEqual(
      {
        status: 'ERROR',
        message: 'Sign in not allowed.',
      },
    );
    expect(authErrorBodySchema.safeParse({ ...body, status: 'OK' }).success).toBe(false);
  });

  it('keeps every field of a sent code', () => {
    const body = {
      ...preAuth,
      status: 'OK',
      flowType: 'USER_INPUT_CODE',
      codeLength: 6,
      resendAfterSeconds: 30,
      expiresInSeconds: 600,
    };
    expect(codeResponseSchema.parse(body)).toEqual(body);
    expect(codeResponseSchema.safeParse({ ...body, flowType: 'MAGIC_LINK' }).success).toBe(false);
  });

  it('keeps the user of a completed sign-in', () => {
    expect(authUserSchema.parse(user)).toEqual(user);
    const body = { status: 'OK', createdNewRecipeUser: true, user };
    expect(signInResponseSchema.parse(body)).toEqual(body);
    expect(verifyCodeResponseSchema.parse(body)).toEqual(body);
  });

  it('answers a confirmed phone or e-mail change with what changed', () => {
    for (const changed of ['phone', 'email']) {
      const body = { status: 'OK', changed };
      expect(contactChangedResponseSchema.parse(body)).toEqual(body);
      expect(verifyCodeResponseSchema.parse(body)).toEqual(body);
    }
    expect(contactChangedResponseSchema.safeParse({ status: 'OK', changed: 'name' }).success).toBe(
      false,
    );
  });

  it('keeps the signed-in reader with contacts, metadata and login method', () => {
    const body = {
      userData: { emails: ['reader@paper.in'], phoneNumbers: ['+919876543210'] },
      metadata: {
        first_name: 'Ravi',
        receiveMarketingAndPromitionalEmail: true,
        dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email: 'reader@paper.in' } },
      },
      loginMethod: 'google_one_tap',
      isNewUser: false,
    };
    expect(meResponseSchema.parse(body)).toEqual(body);
    const fresh = {
      userData: { emails: [], phoneNumbers: ['+919876543210'] },
      metadata: { first_name: null },
      loginMethod: 'regular',
      isNewUser: true,
    };
    expect(meResponseSchema.parse(fresh)).toEqual(fresh);
  });

  it('answers a name change with the stored name', () => {
    const body = { status: 'OK', metadata: { first_name: 'Ravi' } };
    expect(updateNameResponseSchema.parse(body)).toEqual(body);
  });

  it('keeps the preferred edition and the welcome popup switch', () => {
    const prefs = {
      preferredEditionId: 2,
      welcome_popup_enabled: true,
      readingPosition: { date: '2026-11-21', edition: 3, page: 4 },
    };
    expect(preferencesSchema.parse(prefs)).toEqual(prefs);
    const none = { preferredEditionId: null, welcome_popup_enabled: false, readingPosition: null };
    expect(preferencesSchema.parse(none)).toEqual(none);
  });

  it('takes a reading position with a real date from June 2020, an edition and a page 0..999', () => {
    const good = { date: '2026-11-21', edition: 2, page: 0 };
    expect(readingPositionSchema.parse(good)).toEqual(good);
    expect(readingPositionSchema.parse({ ...good, page: 999 }).page).toBe(999);
    expect(readingPositionSchema.parse({ ...good, date: '2020-06-01' }).date).toBe('2020-06-01');
    const refusal = (body: unknown) =>
      readingPositionSchema.safeParse(body).error?.issues[0]?.message;
    expect(refusal({ ...good, date: '2020-05-31' })).toBe(READING_POSITION_MESSAGES.badDate);
    expect(refusal({ ...good, date: '2026-02-30' })).toBe(READING_POSITION_MESSAGES.badDate);
    expect(refusal({ ...good, page: -1 })).toBe(READING_POSITION_MESSAGES.badPage);
    expect(refusal({ ...good, page: 1000 })).toBe(READING_POSITION_MESSAGES.badPage);
    expect(refusal({ ...good, edition: 0 })).toBe(MESSAGES.badEdition);
    expect(readingPositionSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
  });

  it('refuses a reading position of the wrong type or a date too long, with one message each', () => {
    const good = { date: '2026-11-21', edition: 2, page: 0 };
    const messages = (body: unknown) =>
      readingPositionSchema.safeParse(body).error?.issues.map((issue) => issue.message);
    const badDate = 'date must be a date written yyyy-MM-dd, from 1 June 2020 until today';
    const badPage = 'page must be a whole number from 0 to 999';
    expect(messages({ ...good, date: 20261121 })).toEqual([badDate]);
    expect(messages({ ...good, date: '2026-11-210' })).toEqual([badDate]);
    expect(messages({ ...good, date: '2026-11-21'.repeat(100_000) })).toEqual([badDate]);
    expect(messages({ ...good, page: '4' })).toEqual([badPage]);
    expect(messages({ ...good, page: 2.5 })).toEqual([badPage]);
  });

  it('lists development outbox messages sent by SMS or e-mail', () => {
    const sms = {
      id: 'm1',
      channel: 'sms',
      to: '+919876543210',
      subject: null,
      text: 'Your code is 123456',
      createdAt: '2026-11-23T10:00:00.000Z',
    };
    expect(outboxMessageSchema.parse(sms)).toEqual(sms);
    const email = {
      ...sms,
      id: 'm2',
      channel: 'email',
      to: 'reader@paper.in',
      subject: 'Your code',
    };
    expect(outboxMessageSchema.parse(email)).toEqual(email);
    expect(outboxMessageSchema.safeParse({ ...sms, channel: 'post' }).success).toBe(false);
  });
});
