// The signature scheme both providers use (Razorpay's, which the sandbox copies):
// hex HMAC-SHA256 of a payload, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Whether `signature` is the hex HMAC of `payload` under `secret`; length-checked, then constant time. */
export function signedWith(
  secret: string,
  payload: string | Buffer,
  signature: string | undefined,
): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(hmacHex(secret, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
