// Field rules of sign-in and the profile beyond auth.test.ts: whole-text matching,
// trimming, the +91 prefix helpers and the numbers the code screen relies on.
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CODE_VALIDITY_SECONDS,
  COUNTRY_PREFIX,
  MAX_CODE_ATTEMPTS,
  MOBILE_DIGITS,
  OTP_LENGTH,
  RESEND_AFTER_SECONDS,
  SESSION_HINT_COOKIE,
  loginEmailSchema,
  loginMobileSchema,
  nameSchema,
  phoneSchema,
  prefixedPhoneSchema,
  profileEmailSchema,
  profilePhoneSchema,
  typedMobileDigits,
  withCountryPrefix,
  withoutCountryPrefix,
} from './auth.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('sign-in numbers (spec 1 §5, §9)', () => {
  it('uses +91, ten-digit numbers, six-digit codes and a 30 s resend wait', () => {
    expect(COUNTRY_PREFIX).toBe('+91');
    expect(MOBILE_DIGITS).toBe(10);
    expect(OTP_LENGTH).toBe(6);
    expect(RESEND_AFTER_SECONDS).toBe(30);
    expect(CODE_VALIDITY_SECONDS).toBe(600);
    expect(MAX_CODE_ATTEMPTS).toBe(5);
  });

  it('names the session hint cookie scripts read', () => {
    expect(SESSION_HINT_COOKIE).toBe('folio.signed_in');
  });

  it('keeps only the digits of a typed mobile number, at most ten', () => {
    expect(typedMobileDigits('98765 43210')).toBe('9876543210');
    expect(typedMobileDigits('98765-4321099')).toBe('9876543210');
    expect(typedMobileDigits('abc')).toBe('');
    expect(typedMobileDigits('')).toBe('');
  });

  it('adds and removes the country prefix', () => {
    expect(withCountryPrefix('9876543210')).toBe('+919876543210');
    expect(withoutCountryPrefix('+919876543210')).toBe('9876543210');
    expect(withoutCountryPrefix('9876543210')).toBe('9876543210');
  });

  it('says how long to wait in the resend and send-limit messages', () => {
    expect(AUTH_MESSAGES.resendTooSoon(17)).toBe(
      'Please wait 17 seconds before requesting a new OTP.',
    );
    expect(AUTH_MESSAGES.destinationSendLimit(45)).toBe(
      'Too many OTPs were sent to this mobile number or email. Please try again in 45 minutes.',
    );
    expect(AUTH_MESSAGES.networkSendLimit(9)).toBe(
      'Too many OTPs were requested from your network. Please try again in 9 minutes.',
    );
  });
});

describe('mobile numbers (spec 1 §5)', () => {
  it('takes the number only when it is the whole text, spaces around it aside', () => {
    expect(loginMobileSchema.parse(' 9876543210 ')).toBe('9876543210');
    expect(messageOf(loginMobileSchema.safeParse('19876543210'))).toBe('Invalid mobile number');
    expect(messageOf(loginMobileSchema.safeParse('98765432101'))).toBe('Invalid mobile number');
    expect(loginMobileSchema.safeParse('6000000000').success).toBe(true);
  });

  it('asks for a 10-digit phone number in the welcome popup', () => {
    expect(messageOf(phoneSchema.safeParse(' '))).toBe('Please enter a valid phone number');
    expect(messageOf(phoneSchema.safeParse('12345'))).toBe(
      'Please enter a valid 10-digit phone number',
    );
    expect(phoneSchema.parse(' 9876543210 ')).toBe('9876543210');
    expect(profilePhoneSchema.parse(' 7876543210 ')).toBe('7876543210');
  });

  it('sends a number to the server only as +91 and ten digits starting 6-9', () => {
    expect(prefixedPhoneSchema.parse(' +919876543210 ')).toBe('+919876543210');
    for (const bad of [
      '919876543210',
      '+91987654321',
      '+9198765432101',
      '+915876543210',
      '+449876543210',
    ]) {
      expect(messageOf(prefixedPhoneSchema.safeParse(bad)), bad).toBe('Invalid mobile number');
    }
  });
});

describe('e-mail addresses (spec 1 §5)', () => {
  it('takes a login address only when it is the whole text, spaces around it aside', () => {
    expect(loginEmailSchema.parse(' reader@paper.in ')).toBe('reader@paper.in');
    expect(messageOf(loginEmailSchema.safeParse('first last@paper.in'))).toBe('Invalid email');
    expect(messageOf(loginEmailSchema.safeParse('reader@paper.in now'))).toBe('Invalid email');
  });

  it('takes a profile address only when it is the whole text, spaces around it aside', () => {
    expect(profileEmailSchema.parse(' reader@paper.in ')).toBe('reader@paper.in');
    expect(messageOf(profileEmailSchema.safeParse('reader@paper.in1'))).toBe(
      'Please enter a valid email address',
    );
  });

  it('accepts a one-character local part in the profile', () => {
    expect(profileEmailSchema.safeParse('a@paper.in').success).toBe(true);
  });

  it('refuses consecutive dots anywhere in a profile address', () => {
    expect(messageOf(profileEmailSchema.safeParse('abc..d@paper.in'))).toBe(
      'Please enter a valid email address',
    );
    expect(messageOf(profileEmailSchema.safeParse('abcd@paper..in'))).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('names (spec 1 §5)', () => {
  it('asks for at least two characters after trimming', () => {
    expect(messageOf(nameSchema.safeParse(' A '))).toBe('Please enter at least 2 characters');
    expect(nameSchema.parse(' Al ')).toBe('Al');
  });
});
