import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  codeRequestSchema,
  loginEmailSchema,
  loginMobileSchema,
  nameSchema,
  otpCodeSchema,
  profileEmailSchema,
  profilePhoneSchema,
} from './auth.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('login validation (spec 1 §5)', () => {
  it('asks for a mobile number, then ten digits starting 6-9', () => {
    expect(messageOf(loginMobileSchema.safeParse(''))).toBe('Please enter your mobile number');
    expect(messageOf(loginMobileSchema.safeParse('5876543210'))).toBe('Invalid mobile number');
    expect(messageOf(loginMobileSchema.safeParse('987654321'))).toBe('Invalid mobile number');
    expect(loginMobileSchema.safeParse('9876543210').success).toBe(true);
  });

  it('asks for an e-mail, then a standard address', () => {
    expect(messageOf(loginEmailSchema.safeParse(' '))).toBe('Please enter your email address');
    expect(messageOf(loginEmailSchema.safeParse('reader@paper'))).toBe('Invalid email');
    expect(loginEmailSchema.safeParse('reader@paper.in').success).toBe(true);
  });

  it('takes a code only as six digits', () => {
    expect(messageOf(otpCodeSchema.safeParse('12345'))).toBe('Invalid OTP.');
    expect(messageOf(otpCodeSchema.safeParse('12345a'))).toBe('Invalid OTP.');
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
  });

  it('sends codes to +91 numbers or e-mails, nothing else', () => {
    expect(codeRequestSchema.safeParse({ phoneNumber: '+919876543210' }).success).toBe(true);
    expect(codeRequestSchema.safeParse({ phoneNumber: '9876543210' }).success).toBe(false);
    expect(codeRequestSchema.safeParse({ email: 'a@b.in' }).success).toBe(true);
  });

  it('asks for a number or an address when a code request has neither (or both)', () => {
    expect(messageOf(codeRequestSchema.safeParse({}))).toBe(AUTH_MESSAGES.destinationRequired);
    expect(
      messageOf(codeRequestSchema.safeParse({ phoneNumber: '+919876543210', email: 'a@b.in' })),
    ).toBe(AUTH_MESSAGES.destinationRequired);
    expect(messageOf(codeRequestSchema.safeParse({ phoneNumber: '+915876543210' }))).toBe(
      AUTH_MESSAGES.mobileInvalid,
    );
  });
});

describe('profile validation (spec 1 §5)', () => {
  it('uses the profile wording for phone numbers', () => {
    expect(messageOf(profilePhoneSchema.safeParse(''))).toBe('Please enter a valid phone number');
    expect(messageOf(profilePhoneSchema.safeParse('12345'))).toBe(
      'Enter valid 10-digit mobile number',
    );
  });

  it.each(['a..b@paper.in', '.ab@paper.in', 'ab.@paper.in', 'ab@paper.i', 'ab@paper', ''])(
    'refuses the e-mail %j',
    (email) => {
      expect(messageOf(profileEmailSchema.safeParse(email))).toBe(
        AUTH_MESSAGES.profileEmailInvalid,
      );
    },
  );

  it('accepts ordinary e-mails', () => {
    expect(profileEmailSchema.safeParse('first.last+news@mail.paper.co.in').success).toBe(true);
  });

  it('checks names in the spec order', () => {
    expect(messageOf(nameSchema.safeParse('   '))).toBe('Please enter a valid name');
    expect(messageOf(nameSchema.safeParse('A'))).toBe('Please enter at least 2 characters');
    expect(messageOf(nameSchema.safeParse('1st Reader'))).toBe('Please enter a valid name');
    expect(messageOf(nameSchema.safeParse('Ravi_K'))).toBe('Please enter a valid name');
    expect(nameSchema.parse("  Anne-Marie O'Neil Jr. ")).toBe("Anne-Marie O'Neil Jr.");
    expect(nameSchema.safeParse('ರವಿ ಕುಮಾರ್').success).toBe(true);
  });
});
