// Bounds on every input (issue 6 part 5): lengths, control characters and
// integers inside the database's range, each refused with a message naming it.
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  metadataRequestSchema,
  nameSchema,
  oneTapRequestSchema,
  preAuthDataSchema,
  preferencesUpdateSchema,
} from './auth.ts';
import {
  MAX_DB_INTEGER,
  MAX_NAME_LENGTH,
  MAX_TOKEN_LENGTH,
  emptyBodySchema,
  hasControlCharacters,
} from './bounds.ts';
import { epaperDataQuerySchema, holidayQuerySchema } from './epaper.ts';
import { MESSAGES } from './messages.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const token = 'x'.repeat(43);

describe('input bounds', () => {
  it('finds control characters and broken surrogates, not ordinary text', () => {
    for (const bad of ['\u0000', 'a\u0007', '\n', '\u007f', '\u0085', '\ud800', 'x\udc00y'])
      expect(hasControlCharacters(bad)).toBe(true);
    for (const good of ['Ravi Kumar', 'ರವಿ', '😀', "O'Brien"])
      expect(hasControlCharacters(good)).toBe(false);
  });

  it('keeps ids of a pending sign-in short and free of control characters', () => {
    expect(preAuthDataSchema.safeParse({ preAuthSessionId: token, deviceId: token }).success).toBe(
      true,
    );
    expect(
      messageOf(
        preAuthDataSchema.safeParse({
          preAuthSessionId: 'x'.repeat(MAX_TOKEN_LENGTH + 1),
          deviceId: token,
        }),
      ),
    ).toBe(MESSAGES.tooLong('preAuthSessionId', MAX_TOKEN_LENGTH));
    expect(
      messageOf(preAuthDataSchema.safeParse({ preAuthSessionId: 'a\u0000b', deviceId: token })),
    ).toBe(MESSAGES.controlCharacters('preAuthSessionId'));
    expect(
      messageOf(preAuthDataSchema.safeParse({ preAuthSessionId: token, deviceId: '\u001b[2J' })),
    ).toBe(MESSAGES.controlCharacters('deviceId'));
    expect(messageOf(preAuthDataSchema.safeParse({ preAuthSessionId: token, deviceId: 5 }))).toBe(
      MESSAGES.notText('deviceId'),
    );
  });

  it('refuses a name that is too long or holds control characters, in the spec words', () => {
    expect(nameSchema.safeParse('R'.repeat(MAX_NAME_LENGTH)).success).toBe(true);
    expect(messageOf(nameSchema.safeParse('R'.repeat(MAX_NAME_LENGTH + 1)))).toBe(
      AUTH_MESSAGES.nameInvalid,
    );
    expect(messageOf(nameSchema.safeParse('R'.repeat(1024 * 1024)))).toBe(
      AUTH_MESSAGES.nameInvalid,
    );
    expect(messageOf(nameSchema.safeParse('Ravi\nKumar'))).toBe(AUTH_MESSAGES.nameInvalid);
    expect(messageOf(nameSchema.safeParse('Ravi\u0000'))).toBe(AUTH_MESSAGES.nameInvalid);
  });

  it('keeps edition numbers inside PostgreSQL integer', () => {
    const query = { date: '20261120', publisher: 'DH' };
    expect(
      epaperDataQuerySchema.safeParse({ ...query, edition: String(MAX_DB_INTEGER) }).success,
    ).toBe(true);
    expect(messageOf(epaperDataQuerySchema.safeParse({ ...query, edition: '2147483648' }))).toBe(
      MESSAGES.badEdition,
    );
    expect(preferencesUpdateSchema.safeParse({ preferredEditionId: MAX_DB_INTEGER }).success).toBe(
      true,
    );
    for (const body of [
      { preferredEditionId: 2147483648 },
      { dh_preferred_edition_id: 2147483648 },
      { preferredEditionId: 1e300 },
      { preferredEditionId: 0 },
    ])
      expect(messageOf(preferencesUpdateSchema.safeParse(body))).toBe(MESSAGES.badPreferredEdition);
  });

  it('bounds query values before echoing them in a message', () => {
    const long = 'D'.repeat(100_000);
    expect(messageOf(holidayQuerySchema.safeParse({ date: '20261120', publisher: long }))).toBe(
      MESSAGES.tooLong('publisher', 64),
    );
    expect(messageOf(holidayQuerySchema.safeParse({ date: long }))).toBe(
      MESSAGES.tooLong('date', 64),
    );
    expect(messageOf(holidayQuerySchema.safeParse({ date: '2026\u000011' }))).toBe(
      MESSAGES.controlCharacters('date'),
    );
  });

  it('bounds the credential and the newsletter address', () => {
    expect(messageOf(oneTapRequestSchema.safeParse({ credential: 'x'.repeat(10_000) }))).toBe(
      MESSAGES.tooLong('credential', 8192),
    );
    const metadata = (email: string) => ({
      receiveMarketingAndPromitionalEmail: true,
      dh: { dhNewsLetterTopNewsOfTheDay: true, newsLetter: { email } },
    });
    expect(messageOf(metadataRequestSchema.safeParse(metadata('a\u0000@x.io')))).toBe(
      AUTH_MESSAGES.emailInvalid,
    );
    expect(messageOf(metadataRequestSchema.safeParse(metadata('y<victim@x.io>')))).toBe(
      AUTH_MESSAGES.emailInvalid,
    );
  });

  it('takes no body, or an empty object, where a route takes none', () => {
    expect(emptyBodySchema.safeParse(undefined).success).toBe(true);
    expect(emptyBodySchema.safeParse(null).success).toBe(true);
    expect(emptyBodySchema.safeParse({}).success).toBe(true);
    for (const body of [{ a: 1 }, [], 'x', 5, false])
      expect(messageOf(emptyBodySchema.safeParse(body))).toBe(MESSAGES.noBodyExpected);
  });
});
