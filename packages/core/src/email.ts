// The one e-mail rule for sign-in, profile and newsletter (issue 6 part 4): a bare
// addr-spec (local@domain) and nothing around it. A display name, comment, angle
// brackets or quotes would let "y<victim@x.io>" count as a destination of its own
// for the send limits while the mailer delivers it to victim@x.io.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_EMAIL_LOCAL_PART_LENGTH } from './bounds.ts';

/**
 * One dot-separated piece of the local part. Narrower than RFC 5322's atext: the
 * characters real addresses use (spec 1 §5's profile rule), none that means
 * something in HTML, a header or a shell.
 */
const LOCAL_ATOM = /^[A-Za-z0-9_%+'-]+$/;
/** A DNS label: letters, digits, inner hyphens, 1 to 63 characters. */
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** The last label: a suffix of 2+ letters (spec 1 §5). */
const TOP_LEVEL = /^[A-Za-z]{2,63}$/;

/**
 * Whether `value` is exactly an address: one @, a local part of dot-separated
 * atoms (no dot at either end, none doubled) of at most 64 characters, a domain
 * of DNS labels ending in a 2+ letter suffix, 254 characters at most in all.
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  // Exactly one @, with something before it ("readerpaper.in" is not an address).
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const last = labels.at(-1) ?? '';
  return (
    local.length <= MAX_EMAIL_LOCAL_PART_LENGTH &&
    local.split('.').every((atom) => LOCAL_ATOM.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL.test(last)
  );
}

/**
 * The form an address is stored, looked up and counted under: trimmed and all
 * lower case. The local part is lower-cased too although RFC 5321 lets a host
 * tell cases apart: the mail hosts readers use do not, so "Victim@x.io" and
 * "victim@x.io" are one mailbox and must share one send limit and one account.
 */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** An e-mail field refused with `message` unless isEmailAddress; the value comes out normalised. */
export function emailField(message: string, requiredMessage: string = message) {
  return (
    z
      .string({ error: message })
      .trim()
      // No `abort`: codeRequestSchema's union picks the option whose issues are not
      // aborted, so a body with `email` gets this field's own message.
      .min(1, { error: requiredMessage })
      // The message is the schema's own `error` (zod 4 gives it to every check).
      .refine(isEmailAddress)
      .overwrite(normaliseEmail)
  );
}
