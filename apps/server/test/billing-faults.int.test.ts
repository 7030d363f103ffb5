// Issue 23's defects, each reproduced on the sandbox provider with its debits kept
// pending as a card's are: a scheduled downgrade debited once (not every day) and
// noticed first, a refund sent once by two workers at once, a scheduler that never
// overlaps itself nor frees another's lease, grace only where a debit is made, a
// plan above ₹15,000 never auto-debited, an upgrade that refunds a renewal already
// paid for, a late upgrade refunded by the days it really leaves, and a capture of
// another amount refunded instead of granted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  checkoutResponseSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
  unusedRefundMinor,
  type SubscriptionPlan,
} from '@folio/core';
import { LedgerRepo, newLedgerEntry } from '../src/modules/subscriptions/ledger-repo.ts';
import { RenewalRepo } from '../src/modules/subscriptions/renewal-repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';

const HOUR = 3_600_000;

describe.each(testBackends)('billing under real provider behaviour on $name', (backend) => {
  let t: TestApp;
  let plans: SubscriptionPlan[];
  let readers = 0;

  beforeEach(async () => {
    t = await createTestApp(backend, { env: { SANDBOX_DEBIT_PENDING_HOURS: '36' } });
    plans = subscriptionPlansSchema.parse(
      (await t.app.inject('/api/subscription-plans?publisher=DH')).json(),
    );
  });
  afterEach(async () => t.close());

  const plan = (title: string, currency = 'INR') => {
    const found = plans.find((p) => p.title === title && p.price_currency === currency);
    if (!found) throw new Error(`no plan ${title} ${currency}`);
    return found;
  };
  const reader = () => {
    readers += 1;
    return signIn(t, { email: `faults-${readers}@example.com` });
  };
  const checkout = async (who: SignedIn, planId: number, key = `k-${Math.random()}`) =>
    checkoutResponseSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/subscriptions/checkout',
          payload: { publisher: 'DH', planId, termsAccepted: true, idempotencyKey: key },
          headers: { cookie: who.cookie, origin: t.config.publicUrl },
        })
      ).json(),
    );
  /** Buys on the sandbox's hosted page; `returns: false` loses the browser's way back. */
  async function buy(who: SignedIn, planId: number, returns = true): Promise<string> {
    const started = await checkout(who, planId);
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const order = await t.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', started.orderId)
      .executeTakeFirstOrThrow();
    t.container.sandbox?.useWebhookSender(async () => undefined);
    const back = await t.container.sandbox?.settle(order.provider_order_id ?? '', 'pay');
    if (returns && back) {
      const url = new URL(back);
      await t.app.inject(`${url.pathname}${url.search}`);
    }
    return started.orderId;
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
  const moveTo = (date: string, hours = 8) =>
    t.advanceClock(Date.parse(`${date}T00:00:00Z`) + hours * HOUR - t.now().getTime());
  const run = () => t.container.renewals.runOnce();
  const rows = () => t.db.selectFrom('subscriptions').selectAll().orderBy('id').execute();
  const debits = () => t.db.selectFrom('sandbox_charges').selectAll().execute();

  it('debits a scheduled downgrade once while its debit is pending, after a notice, and starts it when captured', async () => {
    const who = await reader();
    await buy(who, plan('Yearly').id);
    const [yearly] = await rows();
    if (!yearly) throw new Error('no subscription');
    expect((await checkout(who, plan('Monthly').id)).kind).toBe('scheduled');
    for (let day = -2; day <= 4; day += 1) {
      moveTo(addDays(yearly.end_date, day));
      await run();
    }
    expect(await debits()).toHaveLength(1);
    const notices = (t.container.outbox?.list() ?? []).filter((m) => m.text.includes('starts on'));
    expect(notices).toHaveLength(1);
    const monthly = (await rows()).filter((row) => row.plan_id === plan('Monthly').id);
    expect(monthly).toHaveLength(1);
    expect(monthly[0]).toMatchObject({ status: 'active', start_date: addDays(yearly.end_date, 1) });
    expect((await state(who)).entitlement).toMatchObject({
      kind: 'subscriber',
      planName: 'Monthly',
    });
  });

  it('refunds once when two workers send the same refund at once, and once more after a replay', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const [monthly] = await rows();
    if (!monthly?.payment_id) throw new Error('no paid subscription');
    // A refund written and not yet sent, as an upgrade leaves it when its server stops.
    const entry = await new LedgerRepo(t.db).insert(
      newLedgerEntry(
        {
          kind: 'refund',
          idempotency_key: `refund:test:${monthly.id}`,
          user_id: monthly.user_id,
          brand: monthly.brand,
          provider: 'sandbox',
          subscription_id: monthly.id,
          order_id: monthly.order_id,
          amount_minor: 5_000,
          currency: 'INR',
          payment_id: monthly.payment_id,
          reason: 'unused days of an upgraded plan',
        },
        t.now(),
      ),
    );
    // Two workers pick it up at once (a scheduler run, a payment completing).
    await Promise.all([
      t.container.payments.send([entry.entry]),
      t.container.payments.send([entry.entry]),
    ]);
    await Promise.all([run(), run()]);
    await t.container.payments.send([entry.entry]);
    const refunds = await t.db.selectFrom('sandbox_refunds').selectAll().execute();
    expect(refunds.map((r) => [r.payment_id, r.amount_minor, r.receipt])).toEqual([
      [monthly.payment_id, 5_000, entry.entry.id],
    ]);
    const stored = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('id', '=', entry.entry.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ state: 'settled', provider_refund_id: refunds[0]?.id });
  });

  it('never runs the scheduler twice at once, and a run frees only its own lease', async () => {
    const both = await Promise.all([run(), run()]);
    expect(both.filter((report) => report === undefined)).toHaveLength(1);
    const leases = new RenewalRepo(t.db);
    const now = t.now();
    const later = new Date(now.getTime() + 60_000);
    expect(await leases.takeLease('server-a', now, later)).toBe(true);
    // The holder does not take its own running lease again, nor does anyone else.
    expect(await leases.takeLease('server-a', now, later)).toBe(false);
    expect(await run()).toBeUndefined();
    // Another runner's release leaves it; only its holder renews or frees it.
    await leases.releaseLease('server-b');
    expect(await leases.renewLease('server-b', later)).toBe(false);
    expect(await leases.renewLease('server-a', new Date(later.getTime() + 60_000))).toBe(true);
    expect(await run()).toBeUndefined();
    await leases.releaseLease('server-a');
    expect(await run()).toBeDefined();
  });

  it('gives no grace days to a plan nothing debits (USD), and ends it on its end date', async () => {
    const who = await reader();
    await buy(who, plan('Monthly', 'USD').id);
    const [monthly] = await rows();
    if (!monthly) throw new Error('no subscription');
    moveTo(addDays(monthly.end_date, 1));
    await run();
    expect((await state(who)).entitlement).toEqual({ kind: 'free' });
    expect(await debits()).toHaveLength(0);
  });

  it('never auto-debits a plan above ₹15,000: the reader is asked to pay', async () => {
    const who = await reader();
    const monthly = plan('Monthly');
    await t.db
      .updateTable('subscription_plans')
      .set({ price_cents: 1_600_000 })
      .where('id', '=', monthly.id)
      .execute();
    // The catalogue is read through a cache; seeding (a no-op here) drops it.
    await t.container.catalogue.ensureSeeded();
    await buy(who, monthly.id);
    const [row] = await rows();
    if (!row) throw new Error('no subscription');
    expect(row.price_minor).toBe(1_600_000);
    expect(row.mandate_id).not.toBeNull();
    for (let day = -2; day <= 2; day += 1) {
      moveTo(addDays(row.end_date, day));
      await run();
    }
    expect(await debits()).toHaveLength(0);
    const notice = (t.container.outbox?.list() ?? []).find((m) => m.text.includes('Renew Now'));
    expect(notice?.text).toContain('₹16000');
    expect((await state(who)).entitlement).toEqual({ kind: 'free' });
  });

  it('refunds a renewal already paid for when the reader upgrades, and the old plan by the days really left', async () => {
    const who = await reader();
    await buy(who, plan('Monthly').id);
    const [monthly] = await rows();
    if (!monthly) throw new Error('no subscription');
    // The Monthly plan's next term is already paid for (a debit captured early).
    const at = t.now();
    await t.db
      .insertInto('sandbox_orders')
      .values({
        id: 'sbx_order_next',
        receipt: 'next-term',
        amount_minor: monthly.price_minor,
        currency: 'INR',
        description: 'Monthly',
        return_url: t.config.publicUrl,
        mandate: false,
        status: 'paid',
        payment_id: 'sbx_pay_next',
        created_at: at,
      })
      .execute();
    const { id: _id, ...copy } = monthly;
    await t.db
      .insertInto('subscriptions')
      .values({
        ...copy,
        order_id: null,
        start_date: monthly.end_date,
        end_date: addDays(monthly.end_date, 30),
        payment_id: 'sbx_pay_next',
        replaces_subscription_id: monthly.id,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // The upgrade is quoted (and its order made) today, but paid three days later.
    const started = await checkout(who, plan('Yearly').id);
    if (started.kind !== 'payment') throw new Error('expected a payment');
    t.advanceClock(3 * 86_400_000);
    const order = await t.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', started.orderId)
      .executeTakeFirstOrThrow();
    await t.container.sandbox?.settle(order.provider_order_id ?? '', 'pay');
    await t.container.payments.reconcile();
    const paidOn = t.container.subscriptions.today();
    const refunds = await t.db
      .selectFrom('sandbox_refunds')
      .select(['payment_id', 'amount_minor'])
      // By amount: the unused days are worth less than the whole renewal term.
      .orderBy('amount_minor')
      .execute();
    const unused = unusedRefundMinor(
      monthly.price_minor,
      monthly.start_date,
      monthly.end_date,
      paidOn,
    );
    expect(unused).toBeLessThan(order.refund_minor);
    expect(refunds).toEqual([
      { payment_id: monthly.payment_id, amount_minor: unused },
      { payment_id: 'sbx_pay_next', amount_minor: monthly.price_minor },
    ]);
    const statuses = (await rows()).map((row) => [row.plan_title, row.status]);
    expect(statuses).toEqual([
      ['Monthly', 'replaced'],
      ['Monthly', 'replaced'],
      ['Yearly', 'active'],
    ]);
  });

  it('refunds a capture of another amount instead of granting a term for it', async () => {
    const who = await reader();
    const started = await checkout(who, plan('Monthly').id);
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const order = await t.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('id', '=', started.orderId)
      .executeTakeFirstOrThrow();
    // The provider reports (signed) a capture of ₹1 for this ₹199 order.
    await t.db
      .updateTable('sandbox_orders')
      .set({ amount_minor: 100 })
      .where('id', '=', order.provider_order_id ?? '')
      .execute();
    await t.container.sandbox?.settle(order.provider_order_id ?? '', 'pay');
    await t.container.payments.reconcile();
    expect((await state(who)).entitlement).toEqual({ kind: 'free' });
    expect(await rows()).toHaveLength(0);
    const refunds = await t.db.selectFrom('sandbox_refunds').selectAll().execute();
    expect(refunds.map((r) => r.amount_minor)).toEqual([100]);
    const stored = await t.db
      .selectFrom('payment_orders')
      .select(['status', 'failure'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      status: 'failed',
      failure: 'amount or currency differs from the order',
    });
  });
});
