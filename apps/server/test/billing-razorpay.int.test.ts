// The Razorpay adapter driven through Folio's own routes (issue 23 part 6), with the
// fake Razorpay at the network edge behaving as Razorpay does: a recurring debit is
// pending for 36 hours, webhooks arrive when a test delivers them (late, twice or
// never), an answer can be lost after the money moved, refunds of old payments are
// refused. Checkout -> hosted checkout -> the callback's form POST -> webhook ->
// subscription; an upgrade with its refund; a downgrade and a renewal whose debits
// stay pending; cancelling with the mandate cancelled at Razorpay.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CANCEL_REASONS,
  SUBSCRIPTION_MESSAGES,
  addDays,
  checkoutResponseSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
  type SubscriptionPlan,
} from '@folio/core';
import { sql } from 'kysely';
import type { LedgerKind } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { startFakeRazorpay, type FakeRazorpay } from './helpers/fake-razorpay.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(testBackends)('Razorpay through the routes on $name', (backend) => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let plans: SubscriptionPlan[];
  let readers = 0;

  beforeEach(async () => {
    let clock = () => new Date();
    fake = await startFakeRazorpay({ now: () => clock() });
    t = await createTestApp(backend, {
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: fake.config.keyId,
        RAZORPAY_KEY_SECRET: fake.config.keySecret,
        RAZORPAY_WEBHOOK_SECRET: fake.config.webhookSecret,
        RAZORPAY_API_URL: fake.config.apiUrl,
      },
    });
    clock = t.now;
    plans = subscriptionPlansSchema.parse(
      (await t.app.inject('/api/subscription-plans?publisher=DH')).json(),
    );
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const plan = (title: string, currency = 'INR') => {
    const found = plans.find((p) => p.title === title && p.price_currency === currency);
    if (!found) throw new Error(`no plan ${title} ${currency}`);
    return found;
  };

  /** A reader with both an e-mail and a phone number, as Razorpay's recurring payments need. */
  async function reader(): Promise<SignedIn> {
    readers += 1;
    const who = await signIn(t, { email: `rzp-${readers}@example.com` });
    const phone = `+9198765${String(readers).padStart(5, '0')}`;
    await sql`update users set phone_number = ${phone} where id = ${who.body.user.id}`.execute(
      t.db,
    );
    return who;
  }

  const state = async (who: SignedIn) =>
    subscriptionStateSchema.parse(
      (
        await t.app.inject({
          url: '/api/users/subscription?publisher=DH',
          headers: { cookie: who.cookie },
        })
      ).json(),
    );

  /** Delivers the webhooks Razorpay has queued, each `times` times. */
  async function deliverWebhooks(times = 1): Promise<number[]> {
    const statuses: number[] = [];
    for (const hook of fake.webhooks.splice(0))
      for (let i = 0; i < times; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/razorpay',
          payload: hook.body,
          headers: hook.headers,
        });
        statuses.push(res.statusCode);
      }
    return statuses;
  }

  /**
   * Proceed To Pay, Razorpay's hosted page, Pay, and the form Razorpay's page posts
   * back to the callback URL, as a browser would carry it.
   */
  async function buy(who: SignedIn, planId: number): Promise<{ landed: string; orderId: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      payload: {
        publisher: 'DH',
        planId,
        termsAccepted: true,
        idempotencyKey: `rzp-${Math.random()}`,
      },
      headers: { cookie: who.cookie, origin: t.config.publicUrl },
    });
    const started = checkoutResponseSchema.parse(res.json());
    if (started.kind !== 'payment') throw new Error(`expected a payment: ${res.body}`);
    const page = await fetch(started.checkout.url, {
      method: 'POST',
      body: new URLSearchParams(started.checkout.fields),
    });
    expect(await page.text()).toContain('<button>Pay</button>');
    const decision = await fetch(`${fake.config.apiUrl}/v1/checkout/embedded/pay`, {
      method: 'POST',
      body: new URLSearchParams({
        order_id: started.checkout.fields.order_id ?? '',
        callback_url: started.checkout.fields.callback_url ?? '',
      }),
    });
    const html = await decision.text();
    const action = /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';
    const fields = Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    const callback = new URL(action);
    const back = await t.app.inject({
      method: 'POST',
      url: `${callback.pathname}${callback.search}`,
      payload: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(fake.config.apiUrl).origin,
      },
    });
    return { landed: String(back.headers.location), orderId: started.orderId };
  }

  /** Moves the app's clock (and so the fake's) to `hours` after 00:00 UTC of `date`. */
  const moveTo = (date: string, hours = 6) => {
    t.advanceClock(Date.parse(`${date}T00:00:00Z`) + hours * HOUR - t.now().getTime());
  };
  const run = () => t.container.renewals.runOnce();
  /** Mandate debits at Razorpay (their orders, unlike a first payment's, carry no token terms). */
  const debits = () =>
    [...fake.payments.values()].filter(
      (p) => p.recurring && fake.orders.get(p.order_id)?.token === null,
    );
  const ledger = (kind: LedgerKind) =>
    t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();

  it('pays through the hosted checkout and its callback, records the mandate without a webhook, and applies webhooks twice as once', async () => {
    const who = await reader();
    const bought = await buy(who, plan('Monthly').id);
    expect(bought.landed).toBe(`/payment-success?order=${bought.orderId}`);
    const after = await state(who);
    expect(after.entitlement.kind).toBe('subscriber');
    // The callback carries no token: Folio asked Razorpay for the mandate itself.
    const row = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    const token = [...fake.tokens.values()][0];
    expect(row.mandate_id).toBe(`${token?.customer_id}/${token?.id}`);
    // Razorpay's webhooks, late and each twice, change nothing more.
    expect(await deliverWebhooks(2)).toEqual([200, 200, 200, 200]);
    expect(await t.db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
  });

  it('asks a reader without a phone number for one before it makes a mandate, and gives Razorpay both', async () => {
    readers += 1;
    const who = await signIn(t, { email: `no-phone-${readers}@example.com` });
    const ask = async (planId: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/subscriptions/quote',
          payload: { publisher: 'DH', planId },
          headers: { cookie: who.cookie, origin: t.config.publicUrl },
        })
      ).json().contact_needed as string | null;
    expect(await ask(plan('Monthly').id)).toBe('phone');
    // A USD plan makes no mandate: nothing more is needed.
    expect(await ask(plan('Monthly', 'USD').id)).toBeNull();
    const proceed = (billingContact?: { phoneNumber: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/checkout',
        payload: {
          publisher: 'DH',
          planId: plan('Monthly').id,
          termsAccepted: true,
          idempotencyKey: `contact-${Math.random()}`,
          ...(billingContact ? { billingContact } : {}),
        },
        headers: { cookie: who.cookie, origin: t.config.publicUrl },
      });
    const refused = await proceed();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.mandateContact);
    expect(fake.orders.size).toBe(0);
    const bad = await proceed({ phoneNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect((await proceed({ phoneNumber: '+919812345678' })).statusCode).toBe(200);
    expect([...fake.customers.values()]).toEqual([
      expect.objectContaining({
        email: `no-phone-${readers}@example.com`,
        contact: '+919812345678',
      }),
    ]);
  });

  it('upgrades with one refund of the unused days and cancels the old mandate', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const monthly = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    t.advanceClock(10 * DAY);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/quote',
      payload: { publisher: 'DH', planId: plan('Yearly').id },
      headers: { cookie: who.cookie, origin: t.config.publicUrl },
    });
    const refundQuoted = quote.json().refund_cents as number;
    expect(refundQuoted).toBeGreaterThan(0);
    await buy(who, plan('Yearly').id);
    await deliverWebhooks(2);
    await run();
    expect(fake.refunds).toHaveLength(1);
    expect(fake.refunds[0]).toMatchObject({ payment_id: monthly.payment_id, amount: refundQuoted });
    expect((await ledger('refund'))[0]).toMatchObject({ state: 'settled' });
    // The Monthly plan's card mandate is gone at Razorpay; the Yearly one is live.
    expect(fake.tokens.has(monthly.mandate_id?.split('/')[1] ?? '')).toBe(false);
    expect(fake.tokens.size).toBe(1);
    expect((await state(who)).entitlement).toMatchObject({ planName: 'Yearly' });
  });

  it('starts a downgrade once its pending debit is captured, after a notice, and never debits it twice', async () => {
    const who = await reader();
    await buy(who, plan('Yearly').id);
    const yearly = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      payload: {
        publisher: 'DH',
        planId: plan('Monthly').id,
        termsAccepted: true,
        idempotencyKey: 'downgrade-once',
      },
      headers: { cookie: who.cookie, origin: t.config.publicUrl },
    });
    expect(checkoutResponseSchema.parse(scheduled.json()).kind).toBe('scheduled');

    moveTo(addDays(yearly.end_date, -2));
    expect(await run()).toMatchObject({ noticesSent: 1 });
    const notice = (t.container.outbox?.list() ?? []).find((m) => m.text.includes('starts on'));
    expect(notice?.text).toContain('₹199');
    expect(notice?.text).toContain(yearly.mandate_id?.split('/')[1]);
    // The debit on the Yearly plan's last day stays pending at Razorpay for 36 hours;
    // the days it waits debit nothing more.
    for (let day = 0; day < 3; day += 1) {
      moveTo(addDays(yearly.end_date, day), 8);
      await run();
    }
    expect(debits()).toHaveLength(1);
    expect(debits()[0]?.amount).toBe(plan('Monthly').price_cents);
    // RBI: the notice went out at least 24 hours before the debit.
    const noticed = await t.db
      .selectFrom('subscription_log')
      .select('created_at')
      .where('event', '=', 'notice: downgrade')
      .executeTakeFirstOrThrow();
    const [charge] = await ledger('charge');
    expect((charge?.sent_at?.getTime() ?? 0) - noticed.created_at.getTime()).toBeGreaterThanOrEqual(
      24 * HOUR,
    );
    const entitled = await state(who);
    expect(entitled.entitlement).toMatchObject({ kind: 'subscriber', planName: 'Monthly' });
    const started = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('plan_id', '=', plan('Monthly').id)
      .executeTakeFirstOrThrow();
    expect(started).toMatchObject({ status: 'active', start_date: addDays(yearly.end_date, 1) });
    expect(await t.db.selectFrom('subscriptions').select('id').execute()).toHaveLength(2);
    expect(await ledger('charge')).toHaveLength(1);
  });

  it('renews on a pending debit, fails it by webhook, keeps grace, and retries the next day once', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const monthly = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    moveTo(addDays(monthly.end_date, -2));
    await run();
    moveTo(monthly.end_date, 8);
    expect(await run()).toMatchObject({ pending: 1 });
    fake.pendingOutcome = 'failed';
    t.advanceClock(37 * HOUR);
    fake.settleDue();
    // Razorpay's payment.failed names the pending payment: it reaches its entry.
    const failedHooks = fake.webhooks.filter((h) => h.body.includes('payment.failed'));
    expect(failedHooks).toHaveLength(1);
    await deliverWebhooks();
    expect((await ledger('charge'))[0]).toMatchObject({ state: 'failed' });
    expect((await state(who)).subscription).toMatchObject({ in_grace_period: true });
    fake.pendingOutcome = 'captured';
    await run();
    await run();
    const charges = await ledger('charge');
    expect(charges).toHaveLength(2);
    t.advanceClock(37 * HOUR);
    await run();
    expect((await ledger('charge')).map((e) => e.state)).toEqual(['failed', 'settled']);
    const renewed = await state(who);
    expect(renewed.subscription?.start_date).toBe(monthly.end_date);
    expect(renewed.entitlement.kind).toBe('subscriber');
  });

  it('asks Razorpay about a debit whose answer was lost after the money moved, and debits once', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const monthly = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    moveTo(addDays(monthly.end_date, -2));
    await run();
    fake.recurringOutcome = 'captured';
    fake.dropAfterNext(/recurring/);
    moveTo(monthly.end_date, 8);
    await run();
    expect((await ledger('charge'))[0]).toMatchObject({ state: 'unknown' });
    for (let day = 1; day <= 3; day += 1) {
      moveTo(addDays(monthly.end_date, day), 8);
      await run();
    }
    expect(debits()).toHaveLength(1);
    expect((await ledger('charge'))[0]).toMatchObject({ state: 'settled' });
    expect((await state(who)).subscription?.start_date).toBe(monthly.end_date);
  });

  it('cancels the card mandate at Razorpay when the reader cancels auto-renewal, and debits nothing after', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const monthly = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${monthly.id}/cancel?publisher=DH`,
      payload: { reason: CANCEL_REASONS[0] },
      headers: { cookie: who.cookie, origin: t.config.publicUrl },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(fake.tokens.size).toBe(0);
    expect((await ledger('mandate_cancel'))[0]).toMatchObject({
      state: 'settled',
      mandate_id: monthly.mandate_id,
    });
    moveTo(monthly.end_date, 8);
    await run();
    moveTo(addDays(monthly.end_date, 1), 8);
    await run();
    expect(await ledger('charge')).toHaveLength(0);
    expect((await state(who)).entitlement).toEqual({ kind: 'free' });
  });

  it('refunds, and logs, a debit Razorpay captures after the reader cancelled while it was pending', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const monthly = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    moveTo(addDays(monthly.end_date, -2));
    await run();
    moveTo(monthly.end_date, 8);
    expect(await run()).toMatchObject({ pending: 1 });
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${monthly.id}/cancel?publisher=DH`,
      payload: { reason: CANCEL_REASONS[1] },
      headers: { cookie: who.cookie, origin: t.config.publicUrl },
    });
    expect(cancelled.statusCode).toBe(200);
    t.advanceClock(37 * HOUR);
    await run();
    const [debit] = debits();
    expect(debit?.status).toBe('captured');
    expect(fake.refunds).toEqual([
      expect.objectContaining({ payment_id: debit?.id, amount: debit?.amount }),
    ]);
    expect(await t.db.selectFrom('subscriptions').select('id').execute()).toHaveLength(1);
    const logged = await t.db
      .selectFrom('ledger_entries')
      .select(['reason', 'state'])
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ reason: 'renewal no longer due', state: 'settled' });
  });

  it('replaces the old mandate with the new one when the reader renews a plan above ₹15,000 by paying', async () => {
    const who = await reader();
    const monthly = plan('Monthly');
    await t.db
      .updateTable('subscription_plans')
      .set({ price_cents: 1_600_000 })
      .where('id', '=', monthly.id)
      .execute();
    await t.container.catalogue.ensureSeeded();
    await buy(who, monthly.id);
    const first = await t.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    const firstToken = first.mandate_id?.split('/')[1] ?? '';
    expect(fake.tokens.has(firstToken)).toBe(true);
    moveTo(addDays(first.end_date, -3));
    expect((await state(who)).subscription?.renew_by_payment).toBe(true);
    await buy(who, monthly.id);
    await run();
    const renewed = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('replaces_subscription_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(renewed.start_date).toBe(first.end_date);
    expect(renewed.mandate_id).not.toBeNull();
    expect(renewed.mandate_id).not.toBe(first.mandate_id);
    expect(fake.tokens.has(firstToken)).toBe(false);
    expect(debits()).toHaveLength(0);
  });

  it('marks a refund Razorpay refuses for an old payment failed, and does not ask again', async () => {
    const who = await reader();
    await buy(who, plan('Yearly').id);
    t.advanceClock(200 * DAY);
    await buy(who, plan('2 Years').id);
    await run();
    await run();
    expect(fake.refunds).toHaveLength(0);
    const [refund] = await ledger('refund');
    expect(refund).toMatchObject({ state: 'failed' });
    expect(refund?.failure).toContain('180 days');
  });
});
