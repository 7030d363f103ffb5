// The development clock: a developer on this machine moves it forward and the
// renewals that day brings have run when the answer comes back (grace, then
// expiry); nobody else can reach it, production has none, and bad input moves
// nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, subscriptionStateSchema } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { noDatabaseBackend, testBackends } from './helpers/db.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

const ORIGIN = 'http://localhost:3000';
const MESSAGE = 'offsetDays must be a whole number from 0 to 3650.';

describe.each(testBackends)('development clock on $name', (backend) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(backend);
  });
  afterEach(async () => t.close());

  const setClock = (offsetDays: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      payload: { offsetDays },
      headers: { origin: ORIGIN },
      remoteAddress,
    });

  it('moves every service to the new day and runs its renewals: grace, then expiry', async () => {
    const start = t.container.subscriptions.today();
    // Its card declines every renewal debit: grace days while it is retried, then expiry.
    const reader = await signInAsSubscriber(t, {
      email: 'lapses@example.com',
      mandate: 'declines',
    });
    const state = async () =>
      subscriptionStateSchema.parse(
        (
          await t.app.inject({
            url: '/api/users/subscription?publisher=DH',
            headers: { cookie: reader.cookie },
          })
        ).json(),
      );
    const end = (await state()).subscription?.end_date ?? '';
    expect(end).toBe(addDays(start, 365));

    const moved = await setClock(366);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ offsetDays: 366, today: addDays(start, 366) });
    expect(t.container.subscriptions.today()).toBe(addDays(start, 366));
    const grace = await state();
    expect(grace.entitlement.kind).toBe('subscriber');
    expect(grace.subscription).toMatchObject({ in_grace_period: true, end_date: end });

    expect((await setClock(369)).statusCode).toBe(200);
    const lapsed = await state();
    expect(lapsed.entitlement).toEqual({ kind: 'free' });
    expect(lapsed.subscription).toBeNull();
    const row = await t.db.selectFrom('subscriptions').select('status').executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');

    const back = await setClock(0);
    expect(back.json()).toMatchObject({ offsetDays: 0, today: start });
    const read = await t.app.inject({ url: '/api/dev/clock', remoteAddress: '::1' });
    expect(read.json()).toMatchObject({ offsetDays: 0, today: start });
  });

  it('refuses bad input with the same message and moves nothing', async () => {
    for (const bad of [-1, 3651, 1.5, 'ten', null]) {
      const res = await setClock(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ status: 'ERROR', message: MESSAGE });
    }
    expect((await t.app.inject('/api/dev/clock')).json()).toMatchObject({ offsetDays: 0 });
  });

  it('answers 404 to another machine and through a proxy', async () => {
    expect((await setClock(30, '203.0.113.9')).statusCode).toBe(404);
    const proxied = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/clock',
      payload: { offsetDays: 30 },
      headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    expect((await t.app.inject('/api/dev/clock')).json()).toMatchObject({ offsetDays: 0 });
  });
});

describe('development clock in production', () => {
  it('does not exist', async () => {
    const t = await createTestApp(noDatabaseBackend, {
      env: {
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
      },
    });
    try {
      expect(t.container.devClock).toBeUndefined();
      expect((await t.app.inject('/api/dev/clock')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
