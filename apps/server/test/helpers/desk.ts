// Staff for the desk's tests: an account made staff as `npm run staff` would, signed
// in by e-mail code, with the authenticator set up through the desk's own routes
// and its code worked out here as an authenticator app would (RFC 6238).
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { DeskRole } from '@folio/core/desk';
import { COMMAND_LINE } from '../../src/modules/desk/index.ts';
import type { TestApp } from './app.ts';
import { freshIp, post, sessionCookie, signIn } from './auth.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The authenticator's code for the secret of an otpauth:// address, at `at`. */
export function totp(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  let bits = '';
  for (const char of secret) bits += BASE32.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A staff member signed in, with the authenticator set up and its code given. */
export async function staffSession(t: TestApp, email: string, role: DeskRole) {
  await t.container.desk.addStaff(COMMAND_LINE, email, role);
  const { cookie } = await signIn(t, { email });
  const setup = await post(t, '/api/desk/second-factor/setup', {}, { cookie });
  expect(setup.statusCode, setup.body).toBe(200);
  const { totpURI } = setup.json<{ totpURI: string }>();
  const verified = await post(
    t,
    '/api/desk/second-factor/verify',
    { code: totp(totpURI) },
    { cookie },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  return { cookie: sessionCookie(verified), totpURI };
}

/** Sends a page file from disk as the desk's browser does (POST /api/desk/pages); it must be taken. */
export async function sendPage(t: TestApp, cookie: string, name: string, file: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/desk/pages',
    payload: await readFile(file),
    remoteAddress: freshIp(),
    headers: {
      origin: t.config.publicUrl,
      cookie,
      'content-type': 'application/pdf',
      'x-file-name': encodeURIComponent(name),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
