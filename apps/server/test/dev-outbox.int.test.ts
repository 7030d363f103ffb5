// The development outbox holds every sign-in code, so it fails closed: it answers
// only a client on this machine (by the socket's address, never X-Forwarded-For,
// and not through a proxy), only outside production, and only while no real
// delivery is configured. Everyone else gets the API's 404. A development server
// listening on a public interface says so at start.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@folio/core';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { warnWhenDevelopmentIsReachable } from '../src/startup.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { requestCode } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

const NOT_FOUND = { status: 'ERROR', message: MESSAGES.notFound };

function outbox(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url: '/api/dev/outbox', remoteAddress, headers });
}

describe.each(testBackends)('development outbox on $name', (backend) => {
  describe('with development delivery', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend, { env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } });
      await requestCode(t, { phoneNumber: '+919855500001' });
    });
    afterAll(async () => t.close());

    it('answers a client on this machine', async () => {
      for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const response = await outbox(t, address);
        expect(response.statusCode, address).toBe(200);
        expect(response.json<{ to: string }[]>()[0]?.to).toBe('+919855500001');
      }
    });

    it('answers any other client with the API 404', async () => {
      for (const address of [
        '10.1.2.3',
        '192.168.1.20',
        '203.0.113.7',
        '::ffff:10.0.0.1',
        '2001:db8::1',
      ]) {
        const response = await outbox(t, address);
        expect(response.statusCode, address).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
    });

    it('believes the socket, not X-Forwarded-For, and refuses what a proxy forwarded', async () => {
      const spoofed = await outbox(t, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' });
      expect(spoofed.statusCode).toBe(404);
      expect(spoofed.json()).toEqual(NOT_FOUND);
      const proxies: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.7' },
        { forwarded: 'for=203.0.113.7' },
      ];
      for (const headers of proxies) {
        const proxied = await outbox(t, '127.0.0.1', headers);
        expect(proxied.statusCode, JSON.stringify(headers)).toBe(404);
        expect(proxied.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe.each([
    ['SMTP', { SMTP_URL: 'smtp://127.0.0.1:1', SMTP_FROM: 'epaper@example.com' }],
    ['an SMS gateway', { SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms' }],
  ])('with %s configured', (_name, delivery) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend, { env: { NODE_ENV: 'development', ...delivery } });
    });
    afterAll(async () => t.close());

    it('answers even a client on this machine with the API 404', async () => {
      const response = await outbox(t, '127.0.0.1');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    });
  });
});

describe('a development server on a public interface', () => {
  function warningsFor(env: Record<string, string>): string[] {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: '/tmp/folio-unused', ...env });
    warnWhenDevelopmentIsReachable(config, createLogger({ logLevel: 'info' }, sink));
    return lines.map((line) => (JSON.parse(line) as { level: number; msg: string }).msg);
  }

  it('warns at start when HOST reaches other machines', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const [warning, ...rest] = warningsFor({ HOST: host });
      expect(rest).toEqual([]);
      expect(warning).toContain(
        `a development server is listening on ${host}, reachable from other machines`,
      );
    }
    expect(warningsFor({})).toHaveLength(1);
  });

  it('stays quiet on loopback and in production', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      expect(warningsFor({ HOST: host })).toEqual([]);
    expect(
      warningsFor({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMTP_FROM: 'epaper@example.com',
        SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_example',
        RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret',
        PUBLISHER_LEGAL_NAME: 'Example Printers and Publishers Private Limited',
        PUBLISHER_ADDRESS: '75 MG Road\\nBengaluru 560001',
        PUBLISHER_GSTIN: '29AAACE1234F1Z5',
        PUBLISHER_STATE: 'Karnataka',
        PUBLISHER_SUPPORT_EMAIL: 'support@example.com',
      }),
    ).toEqual([]);
  });
});
