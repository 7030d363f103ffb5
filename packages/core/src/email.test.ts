// The one strict e-mail rule (issue 6 part 4): a bare addr-spec, 254 characters
// at most, normalised the same way for sign-in, profile and every send limit.
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, codeRequestSchema, loginEmailSchema, profileEmailSchema } from './auth.ts';
import { isEmailAddress, normaliseEmail } from './email.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

/** local@domain of exactly `length` characters, the local part at most 64. */
function addressOfLength(length: number): string {
  const local = 'a'.repeat(64);
  const labelsNeeded = length - local.length - 1 - '.io'.length;
  const labels: string[] = [];
  let left = labelsNeeded;
  while (left > 0) {
    const size = Math.min(63, left - (labels.length > 0 ? 1 : 0));
    labels.push('b'.repeat(size));
    left -= size + (labels.length > 1 ? 1 : 0);
  }
  return `${local}@${labels.join('.')}.io`;
}

const REFUSED = [
  'y<victim@x.io>',
  '"x"<victim@x.io>',
  '"x"@x.io',
  'victim@x.io(z)',
  '(z)victim@x.io',
  'Victim <victim@x.io>',
  '<victim@x.io>',
  'victim@x.io,other@x.io',
  'a b@x.io',
  'a\u0000b@x.io',
  'a\tb@x.io',
  'victim@x.io\u0000',
  '<script>alert(1)</script>@x.io',
  '<img src=x onerror=alert(1)>@x.io',
  'a"onmouseover="alert(1)@x.io',
  'a@b@x.io',
  'a@-x.io',
  'a@x-.io',
  'a@x..io',
  'a@x.i',
  'a@x.io1',
  'a@[127.0.0.1]',
  `${'a'.repeat(65)}@x.io`,
  addressOfLength(255),
];

describe('the strict e-mail rule', () => {
  it.each(REFUSED)('refuses %j at sign-in and in the profile, in the spec words', (email) => {
    expect(isEmailAddress(email)).toBe(false);
    expect(messageOf(loginEmailSchema.safeParse(email))).toBe(AUTH_MESSAGES.emailInvalid);
    expect(messageOf(profileEmailSchema.safeParse(email))).toBe(AUTH_MESSAGES.profileEmailInvalid);
    expect(messageOf(codeRequestSchema.safeParse({ email }))).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it.each([
    'reader@paper.in',
    "o'brien@mail.paper.co.in",
    'first.last+news@x.io',
    'a_b%c-d@sub-domain.example.com',
    `${'a'.repeat(64)}@x.io`,
    addressOfLength(254),
  ])('accepts %j', (email) => {
    expect(isEmailAddress(email)).toBe(true);
    expect(loginEmailSchema.safeParse(email).success).toBe(true);
    expect(profileEmailSchema.safeParse(email).success).toBe(true);
  });

  it('measures the limits it is named after', () => {
    expect(addressOfLength(254)).toHaveLength(254);
    expect(addressOfLength(255)).toHaveLength(255);
  });

  it('gives every form of one address the same normalised value', () => {
    const forms = ['  Victim@X.IO ', 'victim@x.io', 'VICTIM@x.io'];
    const login = forms.map((email) => loginEmailSchema.parse(email));
    const profile = forms.map((email) => profileEmailSchema.parse(email));
    expect(new Set([...login, ...profile])).toEqual(new Set(['victim@x.io']));
    expect(normaliseEmail(' A.B@Paper.IN ')).toBe('a.b@paper.in');
  });

  it('says the address is required when the login field is empty', () => {
    expect(messageOf(loginEmailSchema.safeParse('   '))).toBe(AUTH_MESSAGES.emailRequired);
  });

  it('refuses a 900 KB address without scanning it for long', () => {
    const huge = `${'a'.repeat(900 * 1024)}@x.io`;
    expect(messageOf(loginEmailSchema.safeParse(huge))).toBe(AUTH_MESSAGES.emailInvalid);
  });
});
