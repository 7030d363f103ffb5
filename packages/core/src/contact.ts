// The contact form (spec 2 §2 "Contact page", §3, §5, §8, §9): one schema per
// field, so the web form says the spec's words live as the reader types and the
// server refuses the same input with the same words. Every field has a ceiling
// (the spec gives only minimums) so nothing unbounded reaches the database or a mail.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, hasControlCharacters } from './bounds.ts';
import { emailField } from './email.ts';

/** Spec 2 §9, in the spec's order. */
export const CONTACT_SUBJECTS = [
  'General Feedback',
  'Report a Correction',
  'Story Suggestion',
  'Other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Spec 2 §9: name minimum 2, message minimum 10. */
export const MIN_CONTACT_NAME_LENGTH = 2;
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
/** A long letter to the editor fits; a pasted book does not. */
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;
/** The honeypot is never filled by a person; a bot's value is only bounded, never kept. */
export const MAX_HONEYPOT_LENGTH = 500;
/** Spec 2 §9: the success notice stays 3 s, then the reader goes to /. */
export const CONTACT_REDIRECT_MS = 3000;
/** Messages kept per client address in one window (config CONTACT_LIMIT overrides the count). */
export const CONTACT_WINDOW_MINUTES = 10;
export const DEFAULT_CONTACT_LIMIT = 5;

export const CONTACT_MESSAGES = {
  nameEmpty: 'Field is empty',
  nameInvalid: 'Please enter a valid name',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectMissing: 'No option selected',
  messageEmpty: 'Please enter a message',
  messageTooShort: 'Message must be at least 10 characters long',
  messageTooLong: `Message must be at most ${MAX_CONTACT_MESSAGE_LENGTH} characters long`,
  messageInvalid: 'Message must not contain control characters',
  honeypotInvalid: 'This field must be left empty',
  sent: 'Message sent successfully!',
  sendFailed: 'Failed to send message. Please try again later.',
  tooMany: (minutes: number) =>
    `You have sent several messages in a short time. Please try again in ${minutes} ${
      minutes === 1 ? 'minute' : 'minutes'
    }.`,
} as const;

/** Line breaks and tabs belong in a letter; every other control character does not. */
const MESSAGE_WHITESPACE = /[\t\n\r]/g;

export const contactNameSchema = z
  .string({ error: CONTACT_MESSAGES.nameEmpty })
  .max(MAX_NAME_LENGTH, { error: CONTACT_MESSAGES.nameTooLong, abort: true })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.nameEmpty, abort: true })
  .min(MIN_CONTACT_NAME_LENGTH, { error: CONTACT_MESSAGES.nameInvalid, abort: true })
  .refine((name) => !hasControlCharacters(name), { error: CONTACT_MESSAGES.nameInvalid });

export const contactEmailSchema = z
  .string({ error: CONTACT_MESSAGES.emailRequired })
  .max(MAX_EMAIL_LENGTH, { error: CONTACT_MESSAGES.emailInvalid, abort: true })
  .pipe(emailField(CONTACT_MESSAGES.emailInvalid, CONTACT_MESSAGES.emailRequired));

export const contactSubjectSchema = z.enum(CONTACT_SUBJECTS, {
  error: CONTACT_MESSAGES.subjectMissing,
});

export const contactMessageSchema = z
  .string({ error: CONTACT_MESSAGES.messageEmpty })
  .max(MAX_CONTACT_MESSAGE_LENGTH, { error: CONTACT_MESSAGES.messageTooLong, abort: true })
  .refine((text) => !hasControlCharacters(text.replace(MESSAGE_WHITESPACE, ' ')), {
    error: CONTACT_MESSAGES.messageInvalid,
    abort: true,
  })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.messageEmpty, abort: true })
  .min(MIN_CONTACT_MESSAGE_LENGTH, { error: CONTACT_MESSAGES.messageTooShort });

/**
 * The honeypot, named like a field a form might really have. People never see it;
 * a bot that fills it is answered as if its message had been sent.
 */
export const contactHoneypotSchema = z
  .string({ error: CONTACT_MESSAGES.honeypotInvalid })
  .max(MAX_HONEYPOT_LENGTH, { error: CONTACT_MESSAGES.honeypotInvalid });

/** The form's fields, each validated on its own (the web form checks them one by one). */
export const CONTACT_FIELD_SCHEMAS = {
  name: contactNameSchema,
  email: contactEmailSchema,
  subject: contactSubjectSchema,
  message: contactMessageSchema,
} as const;
export type ContactField = keyof typeof CONTACT_FIELD_SCHEMAS;

/** POST /api/contact: the spec's four fields (§3) and the honeypot. */
export const contactRequestSchema = z.strictObject({
  name: contactNameSchema,
  email: contactEmailSchema,
  subject: contactSubjectSchema,
  message: contactMessageSchema,
  website: contactHoneypotSchema.optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactSubmission = z.output<typeof contactRequestSchema>;

/** The first message a field's value gets, or null when it is valid. */
export function contactFieldError(field: ContactField, value: string): string | null {
  const result = CONTACT_FIELD_SCHEMAS[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
