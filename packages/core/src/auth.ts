// Sign-in and account shapes (spec 1 §3, §5, §7, §8; spec 2 §3, §7, §8; Folio's
// paths in docs/auth-api.md). One schema validates a form in the web app and the
// same body on the server, so both say the spec's words for the same mistake; the
// words themselves are in auth-messages.ts.
import { z } from 'zod';
import { AUTH_MESSAGES, READING_POSITION_MESSAGES } from './auth-messages.ts';
import {
  MAX_CREDENTIAL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TOKEN_LENGTH,
  MAX_URL_LENGTH,
  boundedString,
  databaseIdSchema,
  hasControlCharacters,
} from './bounds.ts';
import { ARCHIVE_START, isIsoDate } from './dates.ts';
import { emailField } from './email.ts';
import { MESSAGES } from './messages.ts';
import { MAX_PAGE_INDEX } from './saved-articles.ts';

export { AUTH_MESSAGES, READING_POSITION_MESSAGES } from './auth-messages.ts';

/** India's country prefix; the login form shows it and it is added on send (spec 1 §5). */
export const COUNTRY_PREFIX = '+91';
/** Digits of an Indian mobile number without the country prefix; also the inputs' maximum length. */
export const MOBILE_DIGITS = 10;

/** What a mobile input keeps of typed text: digits only, at most MOBILE_DIGITS of them. */
export function typedMobileDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, MOBILE_DIGITS);
}
export const OTP_LENGTH = 6;
/**
 * A cookie scripts may read, present while the browser holds a session cookie
 * (which is HttpOnly). It only spares visitors a /api/auth/me round trip; it
 * grants nothing.
 */
export const SESSION_HINT_COOKIE = 'folio.signed_in';
/** Seconds before another code may be requested (spec 1 §9). */
export const RESEND_AFTER_SECONDS = 30;
/** How long a code can be used; every message says so. */
export const CODE_VALIDITY_SECONDS = 600;
/** Wrong entries a code survives; after the last one the reader must ask for a new code. */
export const MAX_CODE_ATTEMPTS = 5;

/** Ten digits starting 6-9 (spec 1 §5, §9). */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;
/**
 * Starts with a letter; then letters, spaces, apostrophe, dot, hyphen. Letters are
 * Unicode letters with their combining marks, so Kannada names pass too.
 */
const NAME = /^\p{L}[\p{L}\p{M}\s'.-]*$/u;

/** Login mobile number as typed: ten digits, without the prefix. */
export const loginMobileSchema = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.mobileRequired)
  .regex(INDIAN_MOBILE, AUTH_MESSAGES.mobileInvalid);

/** Login e-mail (spec 1 §5 wording); the one strict rule of email.ts, normalised. */
export const loginEmailSchema = emailField(AUTH_MESSAGES.emailInvalid, AUTH_MESSAGES.emailRequired);

export const otpCodeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), AUTH_MESSAGES.otpInvalid);

const phoneField = (patternMessage: string) =>
  z.string().trim().min(1, AUTH_MESSAGES.profilePhoneRequired).regex(INDIAN_MOBILE, patternMessage);

/** A mobile number asked for outside the login form (the welcome popup), ten digits. */
export const phoneSchema = phoneField(AUTH_MESSAGES.phonePatternInvalid);
/** The profile's mobile number field, with the profile's own wording (spec 1 §5). */
export const profilePhoneSchema = phoneField(AUTH_MESSAGES.profilePhonePatternInvalid);

/** Profile e-mail: the same rule as the login's, with the profile's wording (spec 1 §5). */
export const profileEmailSchema = emailField(AUTH_MESSAGES.profileEmailInvalid);

export const nameSchema = z
  .string({ error: AUTH_MESSAGES.nameInvalid })
  .max(MAX_NAME_LENGTH, { error: AUTH_MESSAGES.nameInvalid, abort: true })
  .trim()
  .min(1, AUTH_MESSAGES.nameInvalid)
  .min(2, AUTH_MESSAGES.nameTooShort)
  .regex(NAME, AUTH_MESSAGES.nameInvalid)
  .refine((name) => !hasControlCharacters(name), AUTH_MESSAGES.nameInvalid);

/** A mobile number as sent to the server: +91 and ten digits. */
export const prefixedPhoneSchema = z
  .string()
  .trim()
  .refine(
    (value) =>
      value.startsWith(COUNTRY_PREFIX) && INDIAN_MOBILE.test(value.slice(COUNTRY_PREFIX.length)),
    AUTH_MESSAGES.mobileInvalid,
  );

export function withCountryPrefix(tenDigits: string): string {
  return `${COUNTRY_PREFIX}${tenDigits}`;
}

/** The ten local digits of a +91 number (what the profile and the code screen show). */
export function withoutCountryPrefix(phone: string): string {
  return phone.startsWith(COUNTRY_PREFIX) ? phone.slice(COUNTRY_PREFIX.length) : phone;
}

// ---- request bodies -----------------------------------------------------------

export const codeRequestSchema = z.union(
  [
    z.object({ phoneNumber: prefixedPhoneSchema }).strict(),
    z.object({ email: loginEmailSchema }).strict(),
  ],
  // Only when the body has neither key (or both): a body with one of them gets that field's own message.
  { error: AUTH_MESSAGES.destinationRequired },
);
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** The pending sign-in a code belongs to; kept as UserPreAuthData (spec 1 §3). */
export const preAuthDataSchema = z.object({
  preAuthSessionId: boundedString('preAuthSessionId', MAX_TOKEN_LENGTH).min(1, {
    error: AUTH_MESSAGES.loginAttemptNotFound,
  }),
  deviceId: boundedString('deviceId', MAX_TOKEN_LENGTH).min(1, {
    error: AUTH_MESSAGES.loginAttemptNotFound,
  }),
});
export type PreAuthData = z.infer<typeof preAuthDataSchema>;

export const verifyCodeRequestSchema = preAuthDataSchema.extend({ userInputCode: otpCodeSchema });
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

export const changePhoneRequestSchema = z.object({ phoneNumber: prefixedPhoneSchema });
export const changeEmailRequestSchema = z.object({ email: profileEmailSchema });
export const updateNameRequestSchema = z.object({ first_name: nameSchema });

/** Marketing consent after sign-up (spec 2 §3 "Metadata update"; the key's spelling is the spec's). */
export const metadataRequestSchema = z.object({
  receiveMarketingAndPromitionalEmail: z.boolean(),
  dh: z
    .object({
      dhNewsLetterTopNewsOfTheDay: z.boolean(),
      newsLetter: z.object({ email: loginEmailSchema.nullable() }),
    })
    .optional(),
});
export type MetadataRequest = z.infer<typeof metadataRequestSchema>;

export const oneTapRequestSchema = z.object({
  credential: boundedString('credential', MAX_CREDENTIAL_LENGTH).min(1, {
    error: AUTH_MESSAGES.oneTapNotOk,
  }),
});

/** Where Google's redirect sign-in returns the reader to (a path of the site). */
export const googleStartQuerySchema = z.object({
  redirectUrl: boundedString('redirectUrl', MAX_URL_LENGTH).optional(),
});

const preferredEdition = databaseIdSchema(MESSAGES.badPreferredEdition);
export const preferencesUpdateSchema = z.union(
  [
    z.object({ dh_preferred_edition_id: preferredEdition }),
    z.object({ preferredEditionId: preferredEdition }),
  ],
  { error: MESSAGES.badPreferredEdition },
);
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/**
 * Where the reader is in the e-paper (spec 1 §4 "Reading state"), kept on the
 * account per brand so another device resumes there: the edition's date and
 * number and the page's index (0 = front page), as in the reader's address.
 */
export const readingPositionSchema = z.strictObject({
  date: z
    .string({ error: READING_POSITION_MESSAGES.badDate })
    .max(10, { error: READING_POSITION_MESSAGES.badDate, abort: true })
    .refine((value) => isIsoDate(value) && value >= ARCHIVE_START, {
      error: READING_POSITION_MESSAGES.badDate,
    }),
  edition: databaseIdSchema(MESSAGES.badEdition),
  page: z
    .number({ error: READING_POSITION_MESSAGES.badPage })
    .int({ error: READING_POSITION_MESSAGES.badPage })
    .min(0, { error: READING_POSITION_MESSAGES.badPage })
    .max(MAX_PAGE_INDEX, { error: READING_POSITION_MESSAGES.badPage }),
});
export type ReadingPosition = z.infer<typeof readingPositionSchema>;

// ---- responses ------------------------------------------------------------------

export const loginMethodSchema = z.enum(['regular', 'third_party', 'google_one_tap']);
export type LoginMethod = z.infer<typeof loginMethodSchema>;

export const okResponseSchema = z.object({ status: z.literal('OK') });

/** Why a code or a send was refused, so the code screen can say what to do next. */
export const authErrorReasonSchema = z.enum([
  'INCORRECT_CODE',
  'CODE_EXPIRED',
  'RESTART_FLOW',
  'RESEND_TOO_SOON',
  'SEND_LIMIT',
  'RATE_LIMITED',
]);
export type AuthErrorReason = z.infer<typeof authErrorReasonSchema>;

/** The error shape of the auth API: the common { status, message } plus details where useful. */
export const authErrorBodySchema = z.object({
  status: z.literal('ERROR'),
  message: z.string(),
  reason: authErrorReasonSchema.optional(),
  attemptsRemaining: z.number().int().optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type AuthErrorBody = z.infer<typeof authErrorBodySchema>;

export const codeResponseSchema = preAuthDataSchema.extend({
  status: z.literal('OK'),
  flowType: z.literal('USER_INPUT_CODE'),
  codeLength: z.number().int(),
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type CodeResponse = z.infer<typeof codeResponseSchema>;

export const authUserSchema = z.object({
  id: z.string(),
  emails: z.array(z.string()),
  phoneNumbers: z.array(z.string()),
  loginMethod: loginMethodSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** A completed sign-in (code, Google redirect or One Tap). */
export const signInResponseSchema = z.object({
  status: z.literal('OK'),
  createdNewRecipeUser: z.boolean(),
  user: authUserSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** A confirmed change of the signed-in reader's phone or e-mail. */
export const contactChangedResponseSchema = z.object({
  status: z.literal('OK'),
  changed: z.enum(['phone', 'email']),
});

export const verifyCodeResponseSchema = z.union([
  signInResponseSchema,
  contactChangedResponseSchema,
]);
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

export const meResponseSchema = z.object({
  userData: z.object({ emails: z.array(z.string()), phoneNumbers: z.array(z.string()) }),
  metadata: z.object({
    first_name: z.string().nullish(),
    /** What PUT /api/auth/me/metadata stored; absent until then. */
    receiveMarketingAndPromitionalEmail: z.boolean().optional(),
    dh: metadataRequestSchema.shape.dh,
  }),
  loginMethod: loginMethodSchema,
  isNewUser: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const updateNameResponseSchema = z.object({
  status: z.literal('OK'),
  metadata: z.object({ first_name: z.string() }),
});

export const preferencesSchema = z.object({
  /** An edition number of the brand, as the reader selects it (`edition` of /api/epaper/data). */
  preferredEditionId: z.number().int().nullable(),
  welcome_popup_enabled: z.boolean(),
  /** The last page the reader was shown on this brand, on any device; null before any. */
  readingPosition: z
    .object({ date: z.string(), edition: z.number().int(), page: z.number().int() })
    .nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
