// Code delivery through the production adapters, against local stand-ins for the
// outside services: an SMTP server (smtp-server) and an HTTP SMS gateway. The
// code that arrives there is the one that signs the reader in.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@folio/core';
import { renderSmsBody } from '../src/modules/messaging/sms-gateway.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { post, requestCode, sessionCookie } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

interface SmsCall {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The readable text of a raw message: headers as they are, quoted-printable decoded. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

describe.each(testBackends)('code delivery on $name', (backend) => {
  let t: TestApp;
  let smtp: SMTPServer;
  let gateway: Server;
  const mails: Mail[] = [];
  const smsCalls: SmsCall[] = [];
  let gatewayStatus = 200;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
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
        smsCalls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response
          .writeHead(gatewayStatus, { 'content-type': 'application/json' })
          .end('{"queued":true}');
      });
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');

    t = await createTestApp(backend, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        SMTP_FROM: 'Deccan Herald e-paper <epaper@dh.example>',
        SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
        SMS_GATEWAY_BODY: '{"recipient":"{{to}}","text":"{{message}}","sender":"DHEPPR"}',
        SMS_GATEWAY_AUTHORIZATION: 'Bearer gateway-token',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });
  beforeEach(() => {
    gatewayStatus = 200;
  });

  it('e-mails the code over SMTP, naming the sender and how long it lasts', async () => {
    const sent = await requestCode(t, { email: 'reader@paper.in' });
    expect(t.container.outbox).toBeUndefined();
    const mail = mails.at(-1);
    expect(mail?.to).toEqual(['reader@paper.in']);
    expect(mail?.from).toBe('epaper@dh.example');
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain('From: "Deccan Herald e-paper" <epaper@dh.example>');
    expect(text).toContain('Subject: Your Deccan Herald e-paper verification code');
    expect(text).toContain('It is valid for 10 minutes.');
    const code = codeIn(
      text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    );
    expect(code).toMatch(/^\d{6}$/);

    const verified = await post(t, '/api/auth/verify-code', { ...sent, userInputCode: code });
    expect(verified.statusCode).toBe(200);
    expect(sessionCookie(verified)).toBeTruthy();
  });

  it('sends the code through the SMS gateway with the templated JSON body', async () => {
    const sent = await requestCode(t, { phoneNumber: '+919812345678' });
    const call = smsCalls.at(-1);
    expect(call?.headers.authorization).toBe('Bearer gateway-token');
    expect(call?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(call?.body ?? '{}') as {
      recipient: string;
      text: string;
      sender: string;
    };
    expect(body.recipient).toBe('+919812345678');
    expect(body.sender).toBe('DHEPPR');
    expect(body.text).toMatch(
      /^\d{6} is your Deccan Herald e-paper verification code\. It is valid for 10 minutes\. Do not share it with anyone\.$/,
    );
    const verified = await post(t, '/api/auth/verify-code', {
      ...sent,
      userInputCode: codeIn(body.text),
    });
    expect(verified.statusCode).toBe(200);
  });

  it('answers 503 with the spec words when the gateway fails', async () => {
    gatewayStatus = 500;
    const response = await post(t, '/api/auth/code', { phoneNumber: '+919812345679' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'ERROR', message: AUTH_MESSAGES.startFailed });
  });
});

describe('the SMS gateway body template', () => {
  it('escapes the substituted values as JSON', () => {
    const body = renderSmsBody(
      '{"to":"{{to}}","message":"{{message}}"}',
      '+91"x',
      'line one\nsays "hi" \\ ok',
    );
    expect(JSON.parse(body)).toEqual({ to: '+91"x', message: 'line one\nsays "hi" \\ ok' });
  });
});
