// Each refusal of an input rule says its own words, whichever check refuses it,
// and stops at the first broken rule (one message, never a list of follow-ups).
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  googleStartQuerySchema,
  nameSchema,
  oneTapRequestSchema,
  preAuthDataSchema,
  preferencesUpdateSchema,
} from './auth.ts';
import {
  MAX_DB_INTEGER,
  MAX_NAME_LENGTH,
  MAX_URL_LENGTH,
  boundedString,
  databaseIdSchema,
} from './bounds.ts';
import { emailField, isEmailAddress } from './email.ts';
import { MESSAGES } from './messages.ts';

type Result = { success: boolean; error?: { issues: { message: string }[] } };
const messagesOf = (result: Result) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('a database id', () => {
  it('says the one message it was given for every wrong value', () => {
    const id = databaseIdSchema('pick an edition');
    for (const bad of ['7', 1.5, 0, -3, MAX_DB_INTEGER + 1, null]) {
      expect(messagesOf(id.safeParse(bad)), String(bad)).toEqual(['pick an edition']);
    }
    expect(id.parse(MAX_DB_INTEGER)).toBe(MAX_DB_INTEGER);
  });
});

describe('a bounded string', () => {
  it('stops at the first broken rule', () => {
    const field = boundedString('code', 5).min(3, { error: 'too short' });
    expect(messagesOf(field.safeParse('\u0001'))).toEqual([MESSAGES.controlCharacters('code')]);
    expect(messagesOf(field.safeParse('\u0001'.repeat(6)))).toEqual([MESSAGES.tooLong('code', 5)]);
    expect(messagesOf(field.safeParse(5))).toEqual([MESSAGES.notText('code')]);
  });
});

describe('the e-mail rule', () => {
  it('takes one @, a local part and a letter suffix after the last label', () => {
    expect(isEmailAddress('reader@mail.123.in')).toBe(true);
    expect(isEmailAddress('reader@paper.9in')).toBe(false);
    expect(isEmailAddress('@paper.in')).toBe(false);
    expect(isEmailAddress('readerpaper.in')).toBe(false);
    expect(isEmailAddress('reader.paper.in')).toBe(false);
    expect(isEmailAddress('a@b@paper.in')).toBe(false);
    expect(isEmailAddress('a@paper.in@paper.in')).toBe(false);
  });

  it('says its own message for text that is not an address and for no text', () => {
    const field = emailField('bad address', 'no address');
    expect(messagesOf(field.safeParse(42))).toEqual(['bad address']);
    expect(messagesOf(field.safeParse('reader at paper.in'))).toEqual(['bad address']);
    expect(messagesOf(field.safeParse('  '))).toEqual(['no address', 'bad address']);
    expect(field.parse(' Reader@Paper.IN ')).toBe('reader@paper.in');
  });
});

describe('sign-in and account fields', () => {
  it('refuse a name that is not text or too long with the spec message, once', () => {
    expect(messagesOf(nameSchema.safeParse(7))).toEqual([AUTH_MESSAGES.nameInvalid]);
    expect(messagesOf(nameSchema.safeParse('R'.repeat(MAX_NAME_LENGTH + 1)))).toEqual([
      AUTH_MESSAGES.nameInvalid,
    ]);
    // Too long and not a name either: the length check stops it before the rest.
    expect(messagesOf(nameSchema.safeParse('1'.repeat(MAX_NAME_LENGTH + 1)))).toEqual([
      AUTH_MESSAGES.nameInvalid,
    ]);
  });

  it('refuse empty sign-in ids and an empty One Tap credential with the spec messages', () => {
    expect(
      messagesOf(preAuthDataSchema.safeParse({ preAuthSessionId: '', deviceId: 'd' })),
    ).toEqual([AUTH_MESSAGES.loginAttemptNotFound]);
    expect(
      messagesOf(preAuthDataSchema.safeParse({ preAuthSessionId: 'p', deviceId: '' })),
    ).toEqual([AUTH_MESSAGES.loginAttemptNotFound]);
    expect(messagesOf(oneTapRequestSchema.safeParse({ credential: '' }))).toEqual([
      AUTH_MESSAGES.oneTapNotOk,
    ]);
  });

  it("keep Google's return path and name it when it is too long", () => {
    expect(googleStartQuerySchema.parse({ redirectUrl: '/profile' })).toEqual({
      redirectUrl: '/profile',
    });
    expect(
      messagesOf(googleStartQuerySchema.safeParse({ redirectUrl: '/'.repeat(MAX_URL_LENGTH + 1) })),
    ).toEqual([MESSAGES.tooLong('redirectUrl', MAX_URL_LENGTH)]);
  });

  it('refuse a preferences body with neither key in the edition words', () => {
    expect(messagesOf(preferencesUpdateSchema.safeParse({}))).toEqual([
      MESSAGES.badPreferredEdition,
    ]);
  });
});
