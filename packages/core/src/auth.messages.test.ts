import { describe, expect, it } from 'vitest';
import * as messages from './auth-messages.ts';
import { AUTH_MESSAGES, READING_POSITION_MESSAGES } from './auth.ts';
import * as core from './index.ts';

// Each text exactly as the spec writes it (spec 1 §5, §8).
const specTexts = {
  mobileRequired: 'Please enter your mobile number',
  mobileInvalid: 'Invalid mobile number',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Invalid email',
  fillOutField: 'Please fill out this field',
  otpInvalid: 'Invalid OTP.',
  profilePhoneRequired: 'Please enter a valid phone number',
  phonePatternInvalid: 'Please enter a valid 10-digit phone number',
  profilePhonePatternInvalid: 'Enter valid 10-digit mobile number',
  profileEmailInvalid: 'Please enter a valid email address',
  nameTooShort: 'Please enter at least 2 characters',
  nameInvalid: 'Please enter a valid name',
  samePhone: 'User already exists with this mobile number',
  sameEmail: 'User already exists with this email',
  loginAttemptNotFound: 'Login attempt information not found',
  missingAuthData: 'Missing required authentication data',
  jwtFailed: 'Failed to get JWT token',
  signInNotAllowed: 'Sign in not allowed.',
  startFailed: 'Failed to start verification. Please try again.',
  resendPhoneFailed: 'Invalid phone number',
  resendEmailFailed: 'Invalid email',
  socialNoEmail: 'No email provided by social login. Please use another form of login',
  socialLoginFailed: 'An error occurred during login. Please try again.',
  oneTapStateMissing: 'Google authentication state not found. Please try again.',
  oneTapNotOk: 'Login failed. Please try again.',
  oneTapException: 'Error during login. Please try again or use another login method.',
  phoneChangeFailed: 'Failed to update phone number. Please try again.',
  emailChangeFailed: 'Failed to update email. Please try again.',
  nameChangeFailed: 'Failed to update name. Please try again.',
  preferencesFailed: 'Failed to update preferences.',
  thirdPartyEmailLocked: 'This field cannot be edited for third-party login users',
} as const;

describe('auth messages', () => {
  it.each(Object.entries(specTexts))('says %s in the spec words', (key, text) => {
    expect(AUTH_MESSAGES[key as keyof typeof specTexts]).toBe(text);
  });

  it('says what Folio adds to the spec in plain words', () => {
    expect(AUTH_MESSAGES.destinationRequired).toBe(
      'Please enter your mobile number or email address',
    );
    expect(AUTH_MESSAGES.signInRequired).toBe('Please log in to continue.');
    expect(AUTH_MESSAGES.tooManyRequests).toBe('Too many requests. Please try again later.');
    expect(AUTH_MESSAGES.newsletterOtherBrand).toBe(
      'This newsletter is not offered by this publication.',
    );
    expect(AUTH_MESSAGES.newsletterNeedsEmail).toBe(
      'Please add an email address to sign up for the newsletter.',
    );
    expect(AUTH_MESSAGES.newsletterEmailMismatch).toBe(
      'The newsletter can only be sent to the email address of your account.',
    );
  });

  it('says how long to wait when an account has asked for too many codes', () => {
    expect(AUTH_MESSAGES.accountSendLimit(30)).toBe(
      'Too many OTPs were requested for this account. Please try again in 30 minutes.',
    );
  });

  it('says why a reading position is refused', () => {
    expect(READING_POSITION_MESSAGES).toEqual({
      badDate: 'date must be a date written yyyy-MM-dd, from 1 June 2020 until today',
      badPage: 'page must be a whole number from 0 to 999',
    });
  });

  it('are the same objects from auth-messages.ts, auth.ts and the public entry', () => {
    expect(AUTH_MESSAGES).toBe(messages.AUTH_MESSAGES);
    expect(READING_POSITION_MESSAGES).toBe(messages.READING_POSITION_MESSAGES);
    expect(core.AUTH_MESSAGES).toBe(messages.AUTH_MESSAGES);
    expect(core.READING_POSITION_MESSAGES).toBe(messages.READING_POSITION_MESSAGES);
  });
});
