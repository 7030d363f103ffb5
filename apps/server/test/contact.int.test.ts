// The contact form's endpoint against a real database and a real SMTP server
// (smtp-server, in-process): the spec's refusals per field, the stored message
// and the e-mail the editorial team gets, a mail server that is down (the message
// is kept and sent by a later retry run), the per-address limit, the honeypot and
// the CSRF guard.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@folio/core';
import { MAX_MAIL_ATTEMPTS, retryWaitMs } from '../src/modules/support/service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { freshIp, post } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

interface Mail {
  to: string[];
  raw: string;
}

/** A raw message as a person reads it: soft line breaks joined, =XX escapes decoded as UTF-8. */
function readable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const letter = {
  name: 'Asha Rao',
  email: 'asha@paper.in',
  subject: 'Report a Correction',
  message: 'The caption on page 3 names the wrong minister.\nPlease correct it.',
};

describe.each(testBackends)('the contact form on $name', (backend) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: Mail[] = [];
  let refuseMail = false;

  const rows = () => t.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (!refuseMail) return callback();
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    t = await createTestApp(backend, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        SMTP_FROM: 'Deccan Herald e-paper <epaper@dh.example>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(async () => {
    refuseMail = false;
    mails.length = 0;
    await t.db.deleteFrom('contact_messages').execute();
  });

  it.each([
    ['an empty name', { name: '' }, 'Field is empty'],
    ['a blank name', { name: '   ' }, 'Field is empty'],
    ['no name', { name: undefined }, 'Field is empty'],
    ['a one-letter name', { name: 'A' }, 'Please enter a valid name'],
    ['a name over 100 characters', { name: 'A'.repeat(101) }, CONTACT_MESSAGES.nameTooLong],
    ['an empty e-mail', { email: '' }, 'Email is required'],
    ['no e-mail', { email: undefined }, 'Email is required'],
    ['a bad e-mail', { email: 'asha@paper' }, 'Please enter a valid email address'],
    [
      'an e-mail with a display name',
      { email: 'y<victim@x.io>' },
      'Please enter a valid email address',
    ],
    ['a subject not on the list', { subject: 'Complaint' }, 'No option selected'],
    ['no subject', { subject: undefined }, 'No option selected'],
    ['an empty message', { message: '' }, 'Please enter a message'],
    ['a short message', { message: 'Too short' }, 'Message must be at least 10 characters long'],
    [
      'a message over 5000 characters',
      { message: 'm'.repeat(5001) },
      CONTACT_MESSAGES.messageTooLong,
    ],
    ['a NUL in the message', { message: 'Dear editor\u0000' }, CONTACT_MESSAGES.messageInvalid],
  ])('refuses %s with the spec words, keeping and mailing nothing', async (_, change, message) => {
    const response = await post(t, '/api/contact', { ...letter, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'ERROR', message });
    expect(await rows()).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('refuses a field the form does not have', async () => {
    const response = await post(t, '/api/contact', { ...letter, phone: '9876543210' });
    expect(response.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  it('stores the message, then e-mails it to the editorial address with a reply to the reader', async () => {
    const ip = freshIp();
    const response = await post(
      t,
      '/api/contact',
      { ...letter, name: ' Asha Rao ', email: 'Asha@Paper.in' },
      { ip },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });

    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      brand: 'dh',
      name: 'Asha Rao',
      email: 'asha@paper.in',
      subject: 'Report a Correction',
      message: letter.message,
      client_ip: ip,
      mail_status: 'sent',
      mail_attempts: 1,
      last_error: null,
    });
    expect(row?.mailed_at).toBeInstanceOf(Date);

    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.to).toEqual(['editorial@dh.example']);
    const raw = readable(mail?.raw ?? '');
    expect(raw).toContain('Reply-To: asha@paper.in');
    expect(raw).toContain('Subject: Contact form: Report a Correction (from Asha Rao)');
    expect(raw).toContain('Name: Asha Rao');
    expect(raw).toContain('Email: asha@paper.in');
    expect(raw).toContain(`\n${letter.message.replace('\n', '\r\n')}\r\n`);
    expect(t.container.outbox?.list().filter((m) => m.channel === 'email')).toEqual([]);
  });

  it('keeps a message the mail server refuses, tells the reader it is sent, and sends it on a later run', async () => {
    refuseMail = true;
    const response = await post(t, '/api/contact', letter);
    expect(response.statusCode).toBe(200);
    expect(mails).toEqual([]);
    const [kept] = await rows();
    expect(kept).toMatchObject({ mail_status: 'pending', mail_attempts: 1, mailed_at: null });
    expect(kept?.last_error).toMatch(/Mailbox unavailable/);

    // Not due yet: the first retry waits a minute.
    refuseMail = false;
    expect(await t.container.contact.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mails).toEqual([]);

    t.advanceClock(retryWaitMs(1));
    expect(await t.container.contact.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mails.map((m) => m.to)).toEqual([['editorial@dh.example']]);
    expect(await rows()).toMatchObject([
      { mail_status: 'sent', mail_attempts: 2, last_error: null },
    ]);
    expect(await t.container.contact.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mails).toHaveLength(1);
  });

  it('gives up after its attempts, and the message stays stored as failed', async () => {
    refuseMail = true;
    expect((await post(t, '/api/contact', letter)).statusCode).toBe(200);
    for (let attempts = 1; attempts < MAX_MAIL_ATTEMPTS; attempts += 1) {
      t.advanceClock(retryWaitMs(attempts));
      const report = await t.container.contact.deliverDue();
      expect(report).toEqual(
        attempts + 1 < MAX_MAIL_ATTEMPTS
          ? { sent: 0, retrying: 1, failed: 0 }
          : { sent: 0, retrying: 0, failed: 1 },
      );
    }
    expect(await rows()).toMatchObject([
      { mail_status: 'failed', mail_attempts: MAX_MAIL_ATTEMPTS, message: letter.message },
    ]);
    refuseMail = false;
    t.advanceClock(retryWaitMs(MAX_MAIL_ATTEMPTS));
    expect(await t.container.contact.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mails).toEqual([]);
  });

  it('takes five messages per client address in ten minutes, then answers 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      expect((await post(t, '/api/contact', letter, { ip })).statusCode).toBe(200);
    const refused = await post(t, '/api/contact', letter, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 'ERROR',
      message: 'You have sent several messages in a short time. Please try again in 10 minutes.',
    });
    // What is left of the ten minutes since the first message: the clock runs on
    // while the five are sent (a second or more on a busy machine).
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rows()).toHaveLength(5);
    expect(mails).toHaveLength(5);

    // Another address is not held back, and the first one may write again once the window moves.
    expect((await post(t, '/api/contact', letter)).statusCode).toBe(200);
    t.advanceClock(10 * 60_000);
    expect((await post(t, '/api/contact', letter, { ip })).statusCode).toBe(200);
  });

  it('counts the socket address, not an X-Forwarded-For header it was not told to trust', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const response = await post(t, '/api/contact', letter, {
        ip,
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(response.statusCode).toBe(200);
    }
    const refused = await post(t, '/api/contact', letter, {
      ip,
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(refused.statusCode).toBe(429);
  });

  it('answers a filled honeypot as if sent, and keeps and mails nothing', async () => {
    const response = await post(t, '/api/contact', { ...letter, website: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'OK' });
    expect(await rows()).toEqual([]);
    expect(mails).toEqual([]);
    // An empty honeypot is what the form sends for a person.
    expect((await post(t, '/api/contact', { ...letter, website: '' })).statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a post from another site (CSRF) and keeps nothing', async () => {
    const response = await post(t, '/api/contact', letter, {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'ERROR',
      message: 'This request must come from the site itself.',
    });
    expect(await rows()).toEqual([]);
    expect(mails).toEqual([]);
  });
});
