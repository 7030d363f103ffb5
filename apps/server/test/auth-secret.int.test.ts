// Without AUTH_SECRET the server generates one into DATA_DIR once and reads it back
// on every later start: a restart of a development server keeps readers signed in
// and keeps codes already sent working.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './helpers/app.ts';
import { call, lastCodeSentTo, post, requestCode, sessionCookie, signIn } from './helpers/auth.ts';
import { createTestDatabase, testBackends, type TestDatabase } from './helpers/db.ts';

describe.each(testBackends)('the generated auth secret on $name', (backend) => {
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-secret-test-'));
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** One server start on the shared database and DATA_DIR, with no AUTH_SECRET set. */
  const start = () => startTestApp(database, dataDir);

  it('is written once, readable only by the server, and kept across restarts', async () => {
    const first = await start();
    const { cookie } = await signIn(first, { phoneNumber: '+919600000001' });
    const pending = await requestCode(first, { phoneNumber: '+919600000002' });
    const code = lastCodeSentTo(first, '+919600000002');
    const file = path.join(dataDir, 'auth-secret');
    const secret = await readFile(file, 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await first.close();

    const second = await start();
    try {
      expect(await readFile(file, 'utf8')).toBe(secret);
      // The session cookie signed before the restart still opens the account...
      expect((await call(second, 'GET', '/api/auth/me', { cookie })).statusCode).toBe(200);
      // ...and the code sent before the restart still signs in.
      const verified = await post(second, '/api/auth/verify-code', {
        preAuthSessionId: pending.preAuthSessionId,
        deviceId: pending.deviceId,
        userInputCode: code,
      });
      expect(verified.statusCode).toBe(200);
      expect(sessionCookie(verified)).toMatch(/^folio\.session_token=/);
    } finally {
      await second.close();
    }
  });
});
