// The public entry (@folio/core). Importers take every name from here, or from
// auth.ts by path; splitting auth-messages.ts off auth.ts must change neither.
import { describe, expect, it } from 'vitest';

/** The runtime names auth.ts gave before auth-messages.ts was split off it. */
const AUTH_NAMES = [
  'AUTH_MESSAGES',
  'CODE_VALIDITY_SECONDS',
  'COUNTRY_PREFIX',
  'MAX_CODE_ATTEMPTS',
  'MOBILE_DIGITS',
  'OTP_LENGTH',
  'READING_POSITION_MESSAGES',
  'RESEND_AFTER_SECONDS',
  'SESSION_HINT_COOKIE',
  'authErrorBodySchema',
  'authErrorReasonSchema',
  'authUserSchema',
  'changeEmailRequestSchema',
  'changePhoneRequestSchema',
  'codeRequestSchema',
  'codeResponseSchema',
  'contactChangedResponseSchema',
  'googleStartQuerySchema',
  'loginEmailSchema',
  'loginMethodSchema',
  'loginMobileSchema',
  'meResponseSchema',
  'metadataRequestSchema',
  'nameSchema',
  'okResponseSchema',
  'oneTapRequestSchema',
  'otpCodeSchema',
  'outboxMessageSchema',
  'phoneSchema',
  'preAuthDataSchema',
  'preferencesSchema',
  'preferencesUpdateSchema',
  'prefixedPhoneSchema',
  'profileEmailSchema',
  'profilePhoneSchema',
  'readingPositionSchema',
  'signInResponseSchema',
  'typedMobileDigits',
  'updateNameRequestSchema',
  'updateNameResponseSchema',
  'verifyCodeRequestSchema',
  'verifyCodeResponseSchema',
  'withCountryPrefix',
  'withoutCountryPrefix',
];

describe('the public entry', () => {
  it('loads every module behind it (a schema that throws when it is built fails here)', async () => {
    await expect(import('./index.ts')).resolves.toHaveProperty('subscriptionStateSchema');
  });

  it('gives every name auth.ts gives, and auth.ts still gives all it gave', async () => {
    const core: Record<string, unknown> = await import('./index.ts');
    const auth: Record<string, unknown> = await import('./auth.ts');
    expect(Object.keys(auth).sort()).toEqual(AUTH_NAMES);
    for (const name of AUTH_NAMES) expect(core[name], name).toBe(auth[name]);
  });
});
