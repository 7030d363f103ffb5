// One server secret (AUTH_SECRET) keys everything sign-in needs: code and device
// hashes, better-auth's cookie signatures and OAuth state. Each use gets its own
// derived key so that no value computed for one purpose is valid for another.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'auth-secret';

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function isExistingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/**
 * AUTH_SECRET when configured (config makes it required in production); otherwise
 * a random secret kept in DATA_DIR, so sessions and pending codes survive restarts
 * of a development server.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when another process created the file first; then theirs wins.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!isExistingFile(error)) throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** A key for one purpose, derived from the server secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`folio:${purpose}`).digest();
}

/** HMAC-SHA256 under one derived key; values are joined unambiguously before hashing. */
export class KeyedHash {
  constructor(private readonly key: Buffer) {}

  digest(...parts: string[]): string {
    return createHmac('sha256', this.key).update(JSON.stringify(parts)).digest('hex');
  }

  /** Constant-time comparison, so response timing says nothing about how close a guess was. */
  matches(expectedHex: string, ...parts: string[]): boolean {
    const expected = Buffer.from(expectedHex, 'hex');
    const actual = Buffer.from(this.digest(...parts), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
