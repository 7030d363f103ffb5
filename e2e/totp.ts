// An authenticator app for the browser tests: RFC 6238's six-digit code for the
// key the desk shows at set-up (base32, spaced in fours).
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function authenticatorCode(key: string, at = Date.now()): string {
  let bits = '';
  for (const char of key.replace(/\s/g, ''))
    bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  const bytes = (bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
