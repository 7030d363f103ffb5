// Bounds on what a request may carry (issue 6 part 5). Every string a client sends
// has a maximum length and no control characters, and every number fits the
// database column it ends up in, so bad input is a 400 that names the problem
// rather than a database error.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** RFC 5321: a forward-path holds at most 254 characters of address. */
export const MAX_EMAIL_LENGTH = 254;
/** RFC 5321: the local part (before the @) holds at most 64 characters. */
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;
/** A reader's name; longer than any real one, short enough to show on a line. */
export const MAX_NAME_LENGTH = 100;
/** preAuthSessionId and deviceId: the server issues 43 characters (32 random bytes, base64url). */
export const MAX_TOKEN_LENGTH = 128;
/** A Google ID token (a signed JWT) is about 1,200 characters. */
export const MAX_CREDENTIAL_LENGTH = 8192;
/** A redirect address within the site. */
export const MAX_URL_LENGTH = 2048;
/** Short query values such as publisher and date. */
export const MAX_PARAM_LENGTH = 64;
/** PostgreSQL's integer: every id and edition number the API takes is stored as one. */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * Control characters (C0, DEL, C1) and unpaired surrogates: PostgreSQL refuses NUL
 * in text, and none of them belongs in a name, an address or an id.
 */
const CONTROL_OR_BROKEN = /[\p{Cc}\p{Cs}]/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_OR_BROKEN.test(value);
}

/**
 * A string of at most `max` characters without control characters; `field` names
 * it in the messages. The length check aborts, so nothing else scans a huge value.
 */
export function boundedString(field: string, max: number) {
  return z
    .string({ error: MESSAGES.notText(field) })
    .max(max, { error: MESSAGES.tooLong(field, max), abort: true })
    .refine((value) => !hasControlCharacters(value), {
      error: MESSAGES.controlCharacters(field),
      abort: true,
    });
}

/** A whole number from 1 to MAX_DB_INTEGER; `message` is said for anything else. */
export function databaseIdSchema(message: string) {
  // A schema's own `error` is the message of each of its checks (zod 4).
  return z.number({ error: message }).int().min(1).max(MAX_DB_INTEGER);
}

/**
 * The body of a route that takes none: absent (Fastify validates that as null) or
 * an empty JSON object; anything else is refused before it is passed on.
 */
export const emptyBodySchema = z.strictObject({}, { error: MESSAGES.noBodyExpected }).nullish();
