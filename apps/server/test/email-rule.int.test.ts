// The one strict e-mail rule on the server (issue 6 part 4), against a real SMTP
// server in process: an address with a display name, comment, quotes or markup,
// or longer than 254 characters, is refused in the spec's words at sign-in and in
// the profile and nothing is sent; one mailbox is one send-limit key; and the
// mailer hands nodemailer an address, never a string it would parse.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@folio/core';
import { SmtpMailer } from '../src/modules/messaging/smtp-mailer.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { post, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

const LONG_LOCAL = 'a'.repeat(64);
/** 64 + 1 + 186 + 4 = 255 characters. */
const ADDRESS_255 = `${LONG_LOCAL}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.io`;

const HOSTILE = [
  'y<victim@x.io>',
  '"x"<victim@x.io>',
  'victim@x.io(z)',
  '"victim@x.io"@x.io',
  'victim@x.io, victim@x.io',
  '<img src=x onerror=alert(1)>@x.io',
  '<b>victim</b>@x.io',
  'victim\u0000@x.io',
  ADDRESS_255,
];

describe.each(testBackends)('the e-mail rule on $name', (backend) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const recipients: string[] = [];
  let smtpUrl = '';
  let cookie = '';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          recipients.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    // E-mail goes over SMTP; SMS stays in the development outbox, so a reader can
    // sign in by phone and then try to change the e-mail.
    t = await createTestApp(backend, {
      env: { SMTP_URL: smtpUrl, SMTP_FROM: 'epaper@dh.example' },
    });
    cookie = (await signIn(t, { phoneNumber: '+919800000001' })).cookie;
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(() => {
    recipients.length = 0;
  });

  it('checks the length it names', () => {
    expect(ADDRESS_255).toHaveLength(255);
  });

  it.each(HOSTILE)('refuses %j at sign-in and sends nothing', async (email) => {
    const response = await post(t, '/api/auth/code', { email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.emailInvalid });
    expect(recipients).toEqual([]);
  });

  it.each(HOSTILE)('refuses %j as a new profile e-mail and sends nothing', async (email) => {
    const response = await post(t, '/api/auth/change-email', { email }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: AUTH_MESSAGES.profileEmailInvalid,
    });
    expect(recipients).toEqual([]);
  });

  it('sends to, stores and counts one mailbox under one normalised address', async () => {
    const first = await post(t, '/api/auth/code', { email: '  Reader.One@Paper.IN ' });
    expect(first.statusCode).toBe(200);
    expect(recipients).toEqual(['reader.one@paper.in']);
    const rows = await t.db
      .selectFrom('otp_challenges')
      .select('destination')
      .where('destination', 'ilike', 'reader.one@paper.in')
      .execute();
    expect(rows.map((row) => row.destination)).toEqual(['reader.one@paper.in']);
  });

  it('hands nodemailer an address, so a string with a display name reaches nobody else', async () => {
    const mailer = new SmtpMailer({ url: smtpUrl, from: 'epaper@dh.example' });
    await mailer
      .send({ channel: 'email', to: 'y<victim@x.io>', subject: 's', text: 't' })
      .catch(() => undefined);
    expect(recipients).not.toContain('victim@x.io');
  });
});
