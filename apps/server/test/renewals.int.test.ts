// The renewal scheduler on a controlled clock: the pre-debit notice a day and more
// ahead, the charge on the end date, a failed charge's grace days with access kept,
// expiry after them, a currency that cannot be mandated, and one runner at a time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkoutResponseSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
  type SubscriptionPlan,
} from '@folio/core';
import { RenewalRepo } from '../src/modules/subscriptions/renewal-repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

const ORIGIN = 'http://localhost:3000';
const DAY = 86_400_000;

describe.each(testBackends)('renewals on $name', (backend) => {
  let t: TestApp;
  let plans: SubscriptionPlan[];

  beforeEach(async () => {
    t = await createTestApp(backend);
    plans = subscriptionPlansSchema.parse(
      (await t.app.inject('/api/subscription-plans?publisher=DH')).json(),
    );
  });
  afterEach(async () => t.close());

  const plan = (title: string, currency: string) => {
    const found = plans.find((p) => p.title === title && p.price_currency === currency);
    if (!found) throw new Error(`no plan ${title} ${currency}`);
    return found;
  };

  async function subscribe(who: SignedIn, planId: number): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      payload: {
        publisher: 'DH',
        planId,
        termsAccepted: true,
        idempotencyKey: `k-${Math.random()}`,
      },
      headers: { cookie: who.cookie, origin: ORIGIN },
    });
    const started = checkoutResponseSchema.parse(res.json());
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const pressed = await t.app.inject({
      method: 'POST',
      url: new URL(started.checkout.url).pathname,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    const back = new URL(String(pressed.headers.location));
    await t.app.inject(`${back.pathname}${back.search}`);
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
  const noticesTo = (to: string) =>
    (t.container.outbox?.list() ?? []).filter((m) => m.to === to && m.subject?.includes('renewal'));
  /** Moves the clock to `days` days after the subscription's end date (00:00 UTC + hours). */
  const moveTo = (endDate: string, days: number, hours = 6) => {
    const target = Date.parse(`${endDate}T00:00:00Z`) + days * DAY + hours * 3_600_000;
    t.advanceClock(target - t.now().getTime());
  };

  it('sends the notice ahead, charges the mandate on the end date, and runs on without a gap', async () => {
    const who = await signIn(t, { email: 'renews@example.com' });
    await subscribe(who, plan('Monthly', 'INR').id);
    const first = (await state(who)).subscription;
    const end = first?.end_date ?? '';

    moveTo(end, -5);
    expect((await t.container.renewals.runOnce())?.noticesSent).toBe(0);
    // The scheduler was down until the end date itself: the notice goes out first,
    // and nothing is charged until 24 hours after it.
    moveTo(end, 0, 1);
    const late = await t.container.renewals.runOnce();
    expect(late).toMatchObject({ noticesSent: 1, charged: 0 });
    const [notice] = noticesTo('renews@example.com');
    expect(notice?.text).toContain('₹199');
    expect(notice?.text).toContain(end.split('-').reverse().join('/'));
    expect(notice?.text).toContain('/profile');
    moveTo(end, 0, 23);
    expect((await t.container.renewals.runOnce())?.charged).toBe(0);
    expect((await state(who)).subscription?.end_date).toBe(end);
    moveTo(end, 1, 2);
    expect((await t.container.renewals.runOnce())?.charged).toBe(1);
    const renewed = await state(who);
    expect(renewed.entitlement.kind).toBe('subscriber');
    expect(renewed.subscription?.start_date).toBe(end);
    expect((renewed.subscription?.end_date ?? '') > end).toBe(true);
    // A second run the same day charges nothing more.
    expect((await t.container.renewals.runOnce())?.charged).toBe(0);
    const orders = await t.db
      .selectFrom('payment_orders')
      .select('id')
      .where('status', '=', 'paid')
      .execute();
    expect(orders).toHaveLength(2);
  });

  it('keeps access through the grace days after a failed charge, then expires', async () => {
    const who = await signIn(t, { email: 'declined@example.com' });
    await subscribe(who, plan('Monthly', 'INR').id);
    const end = (await state(who)).subscription?.end_date ?? '';
    await t.db.updateTable('sandbox_mandates').set({ charges_fail: true }).execute();

    moveTo(end, -2);
    await t.container.renewals.runOnce();
    moveTo(end, 1);
    expect((await t.container.renewals.runOnce())?.failed).toBe(1);
    const inGrace = await state(who);
    expect(inGrace.entitlement.kind).toBe('subscriber');
    expect(inGrace.subscription).toMatchObject({
      in_grace_period: true,
      next_payment_due_date: null,
    });
    moveTo(end, 3);
    await t.container.renewals.runOnce();
    expect((await state(who)).entitlement.kind).toBe('subscriber');
    moveTo(end, 4);
    expect((await t.container.renewals.runOnce())?.expired).toBe(1);
    const lapsed = await state(who);
    expect(lapsed.entitlement).toEqual({ kind: 'free' });
    expect(lapsed.subscription).toBeNull();
  });

  it('never charges a USD plan: it asks the reader to pay again', async () => {
    const who = await signIn(t, { email: 'dollars@example.com' });
    await subscribe(who, plan('Monthly', 'USD').id);
    const end = (await state(who)).subscription?.end_date ?? '';
    moveTo(end, -2);
    await t.container.renewals.runOnce();
    expect(noticesTo('dollars@example.com')[0]?.text).toContain('Renew Now at http');
    moveTo(end, 1);
    const report = await t.container.renewals.runOnce();
    expect(report?.charged).toBe(0);
    expect(report?.awaitingReader).toBe(1);
    const mandates = await t.db.selectFrom('sandbox_mandates').select('id').execute();
    expect(mandates).toHaveLength(0);
  });

  it('lets the reader pay for the next term of a plan no mandate renews, from the end date on', async () => {
    const who = await signIn(t, { email: 'renew-usd@example.com' });
    const monthly = plan('Monthly', 'USD');
    await subscribe(who, monthly.id);
    const end = (await state(who)).subscription?.end_date ?? '';
    const quote = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/quote',
        payload: { publisher: 'DH', planId: monthly.id },
        headers: { cookie: who.cookie, origin: ORIGIN },
      });

    // Nothing will charge it, so there is no "next payment" and no renewal yet.
    moveTo(end, -10);
    expect((await state(who)).subscription).toMatchObject({
      next_payment_due_date: null,
      renew_by_payment: false,
    });
    expect((await quote()).statusCode).toBe(409);

    moveTo(end, -2);
    await t.container.renewals.runOnce();
    expect((await state(who)).subscription?.renew_by_payment).toBe(true);
    const renewal = await quote();
    expect(renewal.statusCode).toBe(200);
    expect(renewal.json()).toMatchObject({ change: 'renewal', start_date: end, refund_cents: 0 });

    await subscribe(who, monthly.id);
    const paid = await state(who);
    expect(paid.subscription).toMatchObject({ end_date: end, renew_by_payment: false });
    expect((await quote()).statusCode).toBe(409);

    // Past the old end and its grace, the paid term reads on; nothing waits for the reader.
    moveTo(end, 5);
    const report = await t.container.renewals.runOnce();
    expect(report?.awaitingReader).toBe(0);
    const later = await state(who);
    expect(later.entitlement.kind).toBe('subscriber');
    expect(later.subscription).toMatchObject({ start_date: end, in_grace_period: false });
    expect((later.subscription?.end_date ?? '') > end).toBe(true);
    const paidOrders = await t.db
      .selectFrom('payment_orders')
      .select(['change', 'amount_minor'])
      .where('status', '=', 'paid')
      .orderBy('created_at')
      .execute();
    expect(paidOrders.map((order) => order.change)).toEqual(['new', 'renewal']);
  });

  it('skips a run while another server holds the lease, and runs once it lapses', async () => {
    const other = new RenewalRepo(t.db);
    const now = t.now();
    expect(await other.takeLease('other-server', now, new Date(now.getTime() + 60_000))).toBe(true);
    expect(await t.container.renewals.runOnce()).toBeUndefined();
    t.advanceClock(61_000);
    expect(await t.container.renewals.runOnce()).toBeDefined();
    const held = await t.db
      .selectFrom('app_state')
      .select('key')
      .where('key', '=', 'renewals.lease')
      .execute();
    expect(held).toHaveLength(0);
  });
});
