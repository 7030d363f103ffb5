// The desk's inbox (issue 27 part 4) through HTTP, against a real database and a
// real SMTP server (smtp-server, in-process): a support agent finds a reader's
// Get in touch message, replies (the reader gets the reply with their own words
// quoted; the message is answered; the thread keeps the reply) and closes it.
// An editor, a reader and a visitor are refused; an empty, overlong or unknown
// request is refused and changes nothing; a mail server that refuses the reply
// leaves it in the thread as not sent. Every change is in the audit log.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESK_MESSAGES, INBOX_MESSAGES, type DeskRole } from '@folio/core/desk';
import { COMMAND_LINE } from '../src/modules/desk/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, freshIp, post, requestCode, sessionCookie } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { totp } from './helpers/desk.ts';

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
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

const READER = 'asha@paper.in';
const letter = {
  name: 'Asha Rao',
  email: READER,
  subject: 'Report a Correction',
  message: 'The caption on page 3 names the wrong minister.\nPlease correct it.',
};

describe.each(testBackends)('the desk inbox on $name', (backend) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: Mail[] = [];
  let refuseReader = false;
  let support: string;
  let editor: string;
  let reader: string;

  const toReader = () => mails.filter((m) => m.to.includes(READER));
  const inboxAudit = async () =>
    (await t.container.desk.audit(undefined, 100)).entries
      .filter((e) => e.action.startsWith('message.'))
      .map((e) => [e.action, e.actor, e.subject, e.before, e.after]);
  const patch = (url: string, cookie: string | undefined, body: unknown) =>
    call(t, 'PATCH', url, { cookie, body });
  const get = (url: string, cookie?: string) => call(t, 'GET', url, { cookie });

  /** Signs in by the code the SMTP server received (there is no development outbox here). */
  async function signIn(email: string): Promise<string> {
    const ip = freshIp();
    const sent = await requestCode(t, { email }, { ip });
    const mail = mails.findLast((m) => m.to.includes(email));
    const body = readable(mail?.raw ?? '')
      .split('\n\n')
      .slice(1)
      .join('\n');
    const code = /\b(\d{6})\b/.exec(body)?.[1] ?? '';
    const verified = await post(
      t,
      '/api/auth/verify-code',
      { ...sent, userInputCode: code },
      { ip },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    return sessionCookie(verified);
  }

  /** A staff member signed in, with the authenticator set up and its code given. */
  async function staffSession(email: string, role: DeskRole): Promise<string> {
    await t.container.desk.addStaff(COMMAND_LINE, email, role);
    const cookie = await signIn(email);
    const setup = await post(t, '/api/desk/second-factor/setup', {}, { cookie });
    const { totpURI } = setup.json<{ totpURI: string }>();
    const verified = await post(
      t,
      '/api/desk/second-factor/verify',
      { code: totp(totpURI) },
      { cookie },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    return sessionCookie(verified);
  }

  /** A reader writes through Get in touch; answers the message's id in the inbox. */
  async function readerWrites(): Promise<number> {
    const sent = await post(t, '/api/contact', letter, { ip: freshIp() });
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await t.db
      .selectFrom('contact_messages')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (!(refuseReader && address.address === READER)) return callback();
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
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
    support = await staffSession('care@example.com', 'support');
    editor = await staffSession('night@example.com', 'editor');
    reader = await signIn('reader@example.com');
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  beforeEach(async () => {
    refuseReader = false;
    mails.length = 0;
    await t.db.deleteFrom('contact_messages').execute();
  });

  it('lets support list a new message, reply by e-mail, see the thread and close it', async () => {
    const id = await readerWrites();
    const listed = await get('/api/desk/messages?brand=dh&status=new', support);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['cache-control']).toMatch(/no-store/);
    expect(listed.json()).toMatchObject({
      messages: [
        {
          id,
          brand: 'dh',
          name: 'Asha Rao',
          email: READER,
          subject: 'Report a Correction',
          preview: 'The caption on page 3 names the wrong minister. Please correct it.',
          status: 'new',
          replies: 0,
        },
      ],
      next: null,
      counts: { new: 1, answered: 0, closed: 0 },
    });

    const replied = await post(
      t,
      `/api/desk/messages/${id}/replies`,
      { body: '  Thank you, Asha.\nThe caption is corrected in today’s edition.  ' },
      { cookie: support },
    );
    expect(replied.statusCode, replied.body).toBe(200);
    const thread = replied.json();
    expect(thread.message).toMatchObject({ id, status: 'answered', message: letter.message });
    expect(thread.replies).toMatchObject([
      {
        by: 'care@example.com',
        body: 'Thank you, Asha.\nThe caption is corrected in today’s edition.',
        mail: 'sent',
      },
    ]);

    const [mail, ...others] = toReader();
    expect(others).toEqual([]);
    const text = readable(mail?.raw ?? '');
    expect(text).toMatch(/^Subject: Re: Report a Correction$/m);
    expect(text).toMatch(/^Reply-To: editorial@dh\.example$/m);
    expect(text).toContain('Dear Asha Rao,');
    expect(text).toContain('Thank you, Asha.\nThe caption is corrected in today’s edition.');
    expect(text).toContain(
      '> The caption on page 3 names the wrong minister.\n> Please correct it.',
    );

    expect((await get(`/api/desk/messages/${id}`, support)).json()).toEqual(thread);
    const answered = await get('/api/desk/messages?brand=dh&status=answered', support);
    expect(answered.json().messages.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await get('/api/desk/messages?status=new', support)).json()).toMatchObject({
      messages: [],
      counts: { new: 0, answered: 1, closed: 0 },
    });

    const closed = await patch(`/api/desk/messages/${id}`, support, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().message.status).toBe('closed');
    expect(closed.json().replies).toHaveLength(1);
    // Closing what is closed changes nothing and writes nothing.
    expect(
      (await patch(`/api/desk/messages/${id}`, support, { status: 'closed' })).statusCode,
    ).toBe(200);

    const replyId = thread.replies[0].id;
    expect(await inboxAudit()).toEqual([
      [
        'message.status',
        'care@example.com',
        `message:${id}`,
        { status: 'answered' },
        { status: 'closed' },
      ],
      [
        'message.reply',
        'care@example.com',
        `message:${id}`,
        { status: 'new' },
        { status: 'answered', reply: replyId, mail: 'sent' },
      ],
    ]);
  });

  it('refuses an editor, a reader and a visitor on every inbox route, changing nothing', async () => {
    const id = await readerWrites();
    const auditBefore = await inboxAudit();
    const routes = [
      ['GET', '/api/desk/messages', undefined],
      ['GET', `/api/desk/messages/${id}`, undefined],
      ['POST', `/api/desk/messages/${id}/replies`, { body: 'Hello there' }],
      ['PATCH', `/api/desk/messages/${id}`, { status: 'closed' }],
    ] as const;
    for (const [method, url, body] of routes) {
      for (const [who, cookie, status, message] of [
        ['editor', editor, 403, DESK_MESSAGES.roleNotAllowed],
        ['reader', reader, 403, DESK_MESSAGES.staffOnly],
        ['visitor', undefined, 401, DESK_MESSAGES.signInRequired],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          remoteAddress: freshIp(),
          headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
          ...(body ? { payload: body } : {}),
        });
        expect([who, url, response.statusCode, response.json().message]).toEqual([
          who,
          url,
          status,
          message,
        ]);
      }
    }
    const row = await t.db
      .selectFrom('contact_messages')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('new');
    expect(await t.db.selectFrom('contact_replies').selectAll().execute()).toEqual([]);
    expect(toReader()).toEqual([]);
    expect(await inboxAudit()).toEqual(auditBefore);
  });

  it('refuses an empty, overlong or odd reply and an unknown id, changing nothing', async () => {
    const id = await readerWrites();
    const auditBefore = await inboxAudit();
    const replies = `/api/desk/messages/${id}/replies`;
    for (const [body, message] of [
      [{ body: '' }, INBOX_MESSAGES.replyRequired],
      [{ body: ' \n\t ' }, INBOX_MESSAGES.replyRequired],
      [{}, INBOX_MESSAGES.replyRequired],
      [{ body: 'x'.repeat(5001) }, INBOX_MESSAGES.replyTooLong],
      [{ body: 'Hello\u0000there' }, INBOX_MESSAGES.replyInvalid],
    ] as const) {
      const response = await post(t, replies, body, { cookie: support });
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const extra = await post(t, replies, { body: 'Hi', cc: 'x@y.in' }, { cookie: support });
    expect(extra.statusCode).toBe(400);
    const badStatus = await patch(`/api/desk/messages/${id}`, support, { status: 'open' });
    expect([badStatus.statusCode, badStatus.json().message]).toEqual([
      400,
      INBOX_MESSAGES.statusInvalid,
    ]);

    const unknown = id + 1000;
    for (const response of [
      await get(`/api/desk/messages/${unknown}`, support),
      await post(
        t,
        `/api/desk/messages/${unknown}/replies`,
        { body: 'Hello' },
        { cookie: support },
      ),
      await patch(`/api/desk/messages/${unknown}`, support, { status: 'closed' }),
    ]) {
      expect([response.statusCode, response.json().message]).toEqual([
        404,
        INBOX_MESSAGES.messageNotFound,
      ]);
    }
    expect((await get('/api/desk/messages/abc', support)).statusCode).toBe(400);

    // The longest reply allowed is taken.
    const longest = await post(t, replies, { body: 'y'.repeat(5000) }, { cookie: support });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json().replies).toHaveLength(1);
    expect((await inboxAudit()).length).toBe(auditBefore.length + 1);
  });

  it('keeps a reply the mail server refused as not sent, leaving the message new', async () => {
    const id = await readerWrites();
    refuseReader = true;
    const refused = await post(
      t,
      `/api/desk/messages/${id}/replies`,
      { body: 'We are looking into it.' },
      { cookie: support },
    );
    expect([refused.statusCode, refused.json().message]).toEqual([
      503,
      INBOX_MESSAGES.replyNotSent,
    ]);
    const thread = (await get(`/api/desk/messages/${id}`, support)).json();
    expect(thread.message.status).toBe('new');
    expect(thread.replies).toMatchObject([{ body: 'We are looking into it.', mail: 'failed' }]);
    expect((await inboxAudit())[0]).toEqual([
      'message.reply-failed',
      'care@example.com',
      `message:${id}`,
      { status: 'new' },
      { status: 'new', reply: thread.replies[0].id, mail: 'failed' },
    ]);

    refuseReader = false;
    const again = await post(
      t,
      `/api/desk/messages/${id}/replies`,
      { body: 'We are looking into it.' },
      { cookie: support },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message.status).toBe('answered');
    expect(again.json().replies.map((r: { mail: string }) => r.mail)).toEqual(['failed', 'sent']);
  });
});
