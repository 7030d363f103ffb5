// Buying a plan end to end on the sandbox provider: the catalogue, a quote, one
// order per idempotency key, the hosted checkout, the signed return, webhooks
// replayed and forged, cancel, and what the reader may read at each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_MESSAGES,
  checkoutResponseSchema,
  epaperDataSchema,
  quoteSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
  type SubscriptionPlan,
} from '@folio/core';
import {
  SANDBOX_EVENT_HEADER,
  SANDBOX_SIGNATURE_HEADER,
} from '../src/modules/payments/sandbox-provider.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn, type SignedIn } from './helpers/auth.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

const ORIGIN = 'http://localhost:3000';

describe.each(testBackends)('subscriptions on $name', (backend) => {
  let t: TestApp;
  let plans: SubscriptionPlan[];
  let reader: SignedIn;
  let today: string;

  const as = (who: SignedIn | null) => (who ? { cookie: who.cookie } : {});
  const get = (url: string, who: SignedIn | null = reader) =>
    t.app.inject({ method: 'GET', url, headers: as(who) });
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    payload: unknown,
    who: SignedIn | null = reader,
  ) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...as(who), origin: ORIGIN },
    });
  const planNamed = (title: string, currency = 'INR') => {
    const plan = plans.find((p) => p.title === title && p.price_currency === currency);
    if (!plan) throw new Error(`no plan ${title}`);
    return plan;
  };
  const state = async (who: SignedIn = reader) =>
    subscriptionStateSchema.parse((await get('/api/users/subscription?publisher=DH', who)).json());

  /** Proceed, then press a button on the sandbox's page and follow the redirects back. */
  async function buy(planId: number, action: 'pay' | 'fail' | 'close', who: SignedIn = reader) {
    const res = await send(
      'POST',
      '/api/subscriptions/checkout',
      {
        publisher: 'DH',
        planId,
        termsAccepted: true,
        idempotencyKey: `key-${Math.random()}`,
      },
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    const started = checkoutResponseSchema.parse(res.json());
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const page = new URL(started.checkout.url);
    const hosted = await get(page.pathname, null);
    expect(hosted.body).toContain('Sandbox checkout');
    // Its form's POST must carry the page's origin for the CSRF guard (not "null").
    expect(hosted.headers['referrer-policy']).toBe('same-origin');
    const pressed = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      payload: `action=${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(pressed.statusCode).toBe(303);
    const back = new URL(String(pressed.headers.location));
    const returned = await get(`${back.pathname}${back.search}`, null);
    expect(returned.statusCode).toBe(303);
    return { orderId: started.orderId, back, landed: String(returned.headers.location) };
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    today = t.container.editions.latestDate();
    await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: today,
      sections: ['Front', 'City', 'Sports'],
    });
    plans = subscriptionPlansSchema.parse(
      (await get('/api/subscription-plans?publisher=DH', null)).json(),
    );
    reader = await signIn(t, { email: `buyer-${backend.name}@example.com` });
  });
  afterAll(async () => t.close());

  it('lists the plans on sale, sorted by duration then price, without the hidden one', () => {
    expect(plans.map((p) => `${p.title} ${p.price_currency}`)).toEqual([
      'ePaper Lite USD',
      'Monthly USD',
      'ePaper Lite INR',
      'Monthly INR',
      'Yearly USD',
      'Yearly INR',
      '2 Years USD',
      '2 Years INR',
    ]);
    expect(plans.some((p) => p.title === 'Staff Yearly')).toBe(false);
  });

  it('locks every page but the free edition’s front page for a free reader', async () => {
    const data = epaperDataSchema.parse(
      (await get(`/api/epaper/data?date=${today}&edition=2&publisher=DH`)).json(),
    );
    const pages = data.sections.flatMap((s) => s.pages);
    expect(pages.map((p) => p.locked)).toEqual([false, true, true]);
    expect(pages[1]?.articles).toEqual([]);
    expect(pages[1]?.imgFile).toBe('p02-locked.webp');
    const zoom = await get(`/media/${data.data_url_suffix.slice('/media/'.length)}p02-zoom.webp`);
    expect(zoom.statusCode).toBe(403);
  });

  it('refuses a hidden plan, an unknown plan and unticked terms', async () => {
    const hidden = (await t.container.catalogue.allPlans('dh')).find(
      (p) => p.title === 'Staff Yearly',
    );
    const quote = await send('POST', '/api/subscriptions/quote', {
      publisher: 'DH',
      planId: hidden?.id,
    });
    expect(quote.statusCode).toBe(404);
    expect(quote.json().message).toBe(SUBSCRIPTION_MESSAGES.hiddenPlan);
    const unknown = await send('POST', '/api/subscriptions/quote', {
      publisher: 'DH',
      planId: 99999,
    });
    expect(unknown.statusCode).toBe(404);
    const terms = await send('POST', '/api/subscriptions/checkout', {
      publisher: 'DH',
      planId: planNamed('Monthly').id,
      termsAccepted: false,
      idempotencyKey: 'unticked-terms',
    });
    expect(terms.statusCode).toBe(400);
    expect(terms.json().message).toBe(SUBSCRIPTION_MESSAGES.termsRequired);
  });

  it('makes one order from ten concurrent Proceed clicks with the same key', async () => {
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () =>
        send('POST', '/api/subscriptions/checkout', {
          publisher: 'DH',
          planId: planNamed('Monthly').id,
          termsAccepted: true,
          idempotencyKey: 'one-click-many-times',
        }),
      ),
    );
    const ids = new Set(
      clicks
        .map((c) => checkoutResponseSchema.parse(c.json()))
        .map((c) => (c.kind === 'payment' ? c.orderId : '')),
    );
    expect(ids.size).toBe(1);
    const orders = await t.db
      .selectFrom('payment_orders')
      .select('id')
      .where('idempotency_key', '=', 'one-click-many-times')
      .execute();
    expect(orders).toHaveLength(1);
    // And the provider was asked for one order, not ten.
    const atProvider = await t.db
      .selectFrom('sandbox_orders')
      .select('id')
      .where('receipt', '=', orders[0]?.id ?? '')
      .execute();
    expect(atProvider).toHaveLength(1);
  });

  it('sends a failed payment to /payment-failure and grants nothing', async () => {
    const failed = await buy(planNamed('Monthly').id, 'fail');
    expect(failed.landed).toBe('/payment-failure?reason=failed');
    const closed = await buy(planNamed('Monthly').id, 'close');
    expect(closed.landed).toBe('/payment-failure?reason=closed');
    expect((await state()).entitlement).toEqual({ kind: 'free' });
  });

  it('refuses a forged return and keeps the order unpaid', async () => {
    const res = await send('POST', '/api/subscriptions/checkout', {
      publisher: 'DH',
      planId: planNamed('Monthly').id,
      termsAccepted: true,
      idempotencyKey: 'forged-return',
    });
    const started = checkoutResponseSchema.parse(res.json());
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const order = await t.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', started.orderId)
      .executeTakeFirstOrThrow();
    const forged = await get(
      `/api/payments/return/sandbox?order=${started.orderId}&sandbox_order_id=${order.provider_order_id}&sandbox_payment_id=sbx_pay_x&sandbox_signature=${'0'.repeat(64)}`,
      null,
    );
    expect(forged.headers.location).toBe('/payment-failure?reason=error');
    expect((await state()).entitlement).toEqual({ kind: 'free' });
  });

  it('pays, lands on /payment-success, and opens every page and edition within the archive', async () => {
    const monthly = planNamed('Monthly');
    const paid = await buy(monthly.id, 'pay');
    expect(paid.landed).toBe(`/payment-success?order=${paid.orderId}`);
    const now = await state();
    expect(now.entitlement).toEqual({ kind: 'subscriber', archiveDays: 30, planName: 'Monthly' });
    expect(now.subscription).toMatchObject({
      active: true,
      plan_name: 'Monthly',
      plan_amount_cents: monthly.price_cents,
      start_date: t.container.subscriptions.today(),
      cancellable: true,
      in_grace_period: false,
    });
    expect(now.subscription?.next_payment_due_date).toBe(now.subscription?.end_date);
    const data = epaperDataSchema.parse(
      (await get(`/api/epaper/data?date=${today}&edition=2&publisher=DH`)).json(),
    );
    expect(data.sections.flatMap((s) => s.pages).every((p) => !p.locked)).toBe(true);
    const zoom = await get(`/media/${data.data_url_suffix.slice('/media/'.length)}p02-zoom.webp`);
    expect(zoom.statusCode).toBe(200);
    expect(zoom.headers['cache-control']).toBe('private, max-age=300');
  });

  it('applies a webhook replayed ten times once, and answers a forged one 400', async () => {
    const paid = await buy(
      planNamed('Yearly').id,
      'pay',
      await signIn(t, { email: `hook-${backend.name}@example.com` }),
    );
    const order = await t.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', paid.orderId)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      event: 'payment.captured',
      order_id: order.provider_order_id,
      payment_id: order.payment_id,
      mandate_id: null,
      amount: 1,
      error: null,
    });
    const signature = t.container.sandbox?.signWebhook(body) ?? '';
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        payload: body,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signature,
          [SANDBOX_EVENT_HEADER]: 'evt-replayed',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().duplicate).toBe(i > 0);
    }
    const rows = await t.db
      .selectFrom('subscriptions')
      .select(['id', 'price_minor'])
      .where('order_id', '=', paid.orderId)
      .execute();
    expect(rows).toHaveLength(1);
    // The amount in the webhook (1) is not what was granted for: the plan's price is.
    expect(rows[0]?.price_minor).toBe(planNamed('Yearly').price_cents);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body.replace('"amount":1', '"amount": 1'),
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signature,
        [SANDBOX_EVENT_HEADER]: 'evt-forged',
      },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(SUBSCRIPTION_MESSAGES.badSignature);
  });

  it('completes a payment whose return and webhook never arrived, when the reconciler asks the provider', async () => {
    const who = await signIn(t, { email: `crash-${backend.name}@example.com` });
    const started = checkoutResponseSchema.parse(
      (
        await send(
          'POST',
          '/api/subscriptions/checkout',
          {
            publisher: 'DH',
            planId: planNamed('Monthly').id,
            termsAccepted: true,
            idempotencyKey: 'lost-return',
          },
          who,
        )
      ).json(),
    );
    if (started.kind !== 'payment') throw new Error('expected a payment');
    // Paid at the provider, then the server "died": no return, and the webhook is lost.
    t.container.sandbox?.useWebhookSender(async () => undefined);
    const order = await t.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', started.orderId)
      .executeTakeFirstOrThrow();
    await t.container.sandbox?.settle(order.provider_order_id ?? '', 'pay');
    expect((await state(who)).entitlement).toEqual({ kind: 'free' });
    expect(await t.container.payments.reconcile()).toBe(1);
    expect((await state(who)).entitlement.kind).toBe('subscriber');
    // Asked again, nothing more is made.
    expect(await t.container.payments.reconcile()).toBe(0);
    const rows = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('order_id', '=', started.orderId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('quotes an upgrade with the refund of the unused part, and a downgrade after the current end', async () => {
    const up = quoteSchema.parse(
      (
        await send('POST', '/api/subscriptions/quote', {
          publisher: 'DH',
          planId: planNamed('Yearly').id,
        })
      ).json(),
    );
    expect(up.change).toBe('upgrade');
    expect(up.refund_cents).toBeGreaterThan(0);
    expect(up.refund_cents).toBeLessThanOrEqual(planNamed('Monthly').price_cents);
    const down = quoteSchema.parse(
      (
        await send('POST', '/api/subscriptions/quote', {
          publisher: 'DH',
          planId: planNamed('ePaper Lite').id,
        })
      ).json(),
    );
    expect(down.change).toBe('downgrade');
    const current = (await state()).subscription;
    expect(down.start_date > (current?.end_date ?? '')).toBe(true);
    const usd = await send('POST', '/api/subscriptions/quote', {
      publisher: 'DH',
      planId: planNamed('Yearly', 'USD').id,
    });
    expect(usd.statusCode).toBe(409);
    expect(usd.json().message).toBe(SUBSCRIPTION_MESSAGES.currencyMismatch);
  });

  it('cancels auto-renewal once, keeping access, and says until when on a second try', async () => {
    const id = (await state()).subscription?.id;
    const first = await send('PUT', `/api/subscriptions/${id}/cancel?publisher=DH`, {
      reason: 'Others',
      message: 'Moving abroad',
    });
    expect(first.statusCode, first.body).toBe(200);
    const after = await state();
    expect(after.subscription).toMatchObject({
      cancellable: false,
      next_payment_due_date: null,
      active: true,
    });
    const again = await send('PUT', `/api/subscriptions/${id}/cancel?publisher=DH`, {
      reason: 'The website is hard to use',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^Subscription is already cancelled, you still have access to the app till /,
    );
    const noText = await send('PUT', `/api/subscriptions/${id}/cancel?publisher=DH`, {
      reason: 'Others',
    });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().message).toBe(SUBSCRIPTION_MESSAGES.otherReasonRequired);
  });
});
