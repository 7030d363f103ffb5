// Personal data stays out of the logs. The app runs with its production delivery
// adapters (against local stand-ins for the SMTP server and the SMS gateway) and
// a logger at its most verbose level writing into memory; readers sign in by
// phone and by e-mail, a delivery fails, database errors carry an e-mail and a
// phone number in their values, an OAuth callback carries a code in its query.
// No phone number, e-mail, code, OAuth state or session token appears in what
// was logged, and the redacted places say [Redacted].
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeResponseSchema } from '@folio/core';
import { createLogger, REDACTED } from '../src/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { post, sessionCookie } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

const PHONE = '+919877700001';
const EMAIL = 'reader.private@example.com';
const REFUSED_EMAIL = 'refused.private@example.com';
const DB_EMAIL = 'stored.private@example.com';
const DB_PHONE = '+919877700009';
const OAUTH_STATE = 'oauthStateSecret42';
const OAUTH_CODE = 'oauthCodeSecret43';

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

interface LogLine {
  msg?: string;
  req?: { url: string };
  err?: Record<string, unknown>;
  [key: string]: unknown;
}

describe.each(testBackends)('logs on $name', (backend) => {
  let t: TestApp;
  let smtp: SMTPServer;
  let gateway: Server;
  let log: Logger;
  const output: string[] = [];
  const mails: string[] = [];
  const texts: string[] = [];
  /** Everything that must never be logged, filled as the flows run. */
  const secrets = [
    PHONE,
    PHONE.slice(1),
    EMAIL,
    REFUSED_EMAIL,
    DB_EMAIL,
    DB_PHONE,
    OAUTH_STATE,
    OAUTH_CODE,
  ];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === REFUSED_EMAIL) {
          callback(
            Object.assign(new Error(`Mailbox <${address.address}> unavailable`), {
              responseCode: 550,
            }),
          );
        } else callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(
            Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, ''),
          );
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        texts.push(
          (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string }).message,
        );
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');

    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output.push(chunk.toString('utf8'));
        done();
      },
    });
    log = createLogger({ logLevel: 'trace' }, sink);
    t = await createTestApp(backend, {
      log,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        SMTP_FROM: 'epaper@example.com',
        SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
      },
      extraRoutes: (app) => {
        // Queries that fail with personal data among their values, as a lookup or
        // a unique violation on a real table would.
        app.get('/test/failing-queries/unique', async () => {
          await sql`create table if not exists log_probe (email text unique)`.execute(t.db);
          await sql`insert into log_probe values (${DB_EMAIL})`.execute(t.db);
          await sql`insert into log_probe values (${DB_EMAIL})`.execute(t.db);
        });
        app.get('/test/failing-queries/cast', async () => {
          await sql`select ${DB_PHONE}::int`.execute(t.db);
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    smtp.close();
    gateway.close();
  });

  const lines = () => output.map((line) => JSON.parse(line) as LogLine);

  async function signIn(
    destination: { phoneNumber: string } | { email: string },
    delivered: string[],
  ) {
    const sent = codeResponseSchema.parse((await post(t, '/api/auth/code', destination)).json());
    const code = codeIn(delivered.at(-1) ?? '');
    secrets.push(code, sent.preAuthSessionId, sent.deviceId);
    const verified = await post(t, '/api/auth/verify-code', {
      preAuthSessionId: sent.preAuthSessionId,
      deviceId: sent.deviceId,
      userInputCode: code,
    });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified);
    secrets.push(cookie.split('=')[1] ?? cookie);
    return cookie;
  }

  it('logs no phone number, e-mail, code, OAuth value or session token', async () => {
    const byPhone = await signIn({ phoneNumber: PHONE }, texts);
    const byEmail = await signIn({ email: EMAIL }, mails);
    expect(codeIn(texts.at(-1) ?? '')).toMatch(/^\d{6}$/);
    for (const cookie of [byPhone, byEmail]) {
      const renamed = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        payload: { first_name: 'Anne' },
        headers: { origin: t.config.publicUrl, cookie, authorization: `Bearer ${OAUTH_STATE}` },
      });
      expect(renamed.statusCode).toBe(200);
    }
    expect((await post(t, '/api/auth/code', { email: REFUSED_EMAIL })).statusCode).toBe(503);
    expect(
      (await t.app.inject(`/auth/callback/google?state=${OAUTH_STATE}&code=${OAUTH_CODE}`))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject('/test/failing-queries/unique')).statusCode).toBe(500);
    expect((await t.app.inject('/test/failing-queries/cast')).statusCode).toBe(500);

    const text = output.join('');
    expect(lines().length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });

  it('keeps what a database error says, without the values of its query', () => {
    const failures = lines().filter(
      (line) => line.msg === 'request failed' && line.err?.code !== undefined,
    );
    expect(failures).toHaveLength(2);
    for (const { err } of failures) {
      expect(err?.message).toEqual(expect.any(String));
      expect(err).not.toHaveProperty('params');
      expect(err).not.toHaveProperty('detail');
    }
    expect(failures.map(({ err }) => err?.code).sort()).toEqual(['22003', '23505']);
    expect(failures.some(({ err }) => String(err?.message).includes(`"${REDACTED}"`))).toBe(true);
  });

  it('masks the failed delivery address and OAuth query values', () => {
    const delivery = lines().find((line) => line.msg === 'one-time code could not be delivered');
    expect(String(delivery?.err?.message)).toContain(`<${REDACTED}>`);
    const callback = lines().find((line) => line.req?.url.startsWith('/auth/callback/google'));
    expect(callback?.req?.url).toBe(`/auth/callback/google?state=${REDACTED}&code=${REDACTED}`);
  });

  it('redacts personal fields of logged bodies and headers', () => {
    output.length = 0;
    log.info(
      {
        body: {
          phoneNumber: PHONE,
          email: EMAIL,
          userInputCode: '123456',
          code: '654321',
          otp: '111222',
        },
        headers: {
          cookie: 'folio.session_token=cookieValue1',
          authorization: 'Bearer bearerValue2',
        },
        request: { body: { token: 'tokenValue3', credential: 'jwtValue4', state: 'stateValue5' } },
      },
      'probe',
    );
    const [line] = lines();
    expect(line).toMatchObject({
      body: {
        phoneNumber: REDACTED,
        email: REDACTED,
        userInputCode: REDACTED,
        code: REDACTED,
        otp: REDACTED,
      },
      headers: { cookie: REDACTED, authorization: REDACTED },
      request: { body: { token: REDACTED, credential: REDACTED, state: REDACTED } },
    });
    expect(output.join('')).not.toMatch(/123456|654321|111222|Value\d/);
  });
});
