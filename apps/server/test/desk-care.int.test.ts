// Subscriber care at the desk (issue 27 part 3) through HTTP, on a real database and
// the sandbox provider's own books: a support agent finds a subscriber by phone, by
// order id and by payment id; sees their payments with nothing card- or token-like;
// refunds half a payment (one ledger row, one refund at the provider), is refused
// more than is left, and of two refunds sent at once exactly one reaches the
// provider; a payment older than six months is refused by the provider, in its
// words; extends a term by 7 days; cancels the mandate; signs the reader out
// everywhere. Bad input changes nothing; every action is in the audit log; an
// editor is refused.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, checkoutResponseSchema, subscriptionPlansSchema } from '@folio/core';
import {
  CARE_MESSAGES,
  careReaderSchema,
  careSearchSchema,
  formatExactMoney,
} from '@folio/core/desk';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, post, signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

const PHONE = '+919876543210';

describe.each(testBackends)('subscriber care on $name', (backend) => {
  let t: TestApp;
  let support: string;
  let editor: string;
  let reader: SignedIn;
  let readerId: string;
  let planId: number;
  let price: number;

  const get = (url: string, cookie = support) => call(t, 'GET', url, { cookie });
  const act = (url: string, body: unknown, cookie = support) => post(t, url, body, { cookie });
  const view = async (id = readerId) =>
    careReaderSchema.parse((await get(`/api/desk/care/readers/${id}`)).json());
  const search = async (q: string) =>
    careSearchSchema.parse((await get(`/api/desk/care/search?q=${encodeURIComponent(q)}`)).json());
  const providerRefunds = (paymentId: string) =>
    t.db.selectFrom('sandbox_refunds').selectAll().where('payment_id', '=', paymentId).execute();
  const refundRows = (paymentId: string) =>
    t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('kind', '=', 'refund')
      .where('payment_id', '=', paymentId)
      .execute();
  const careAudit = async () =>
    (await t.container.desk.audit(undefined, 100)).entries
      .filter((e) => e.action.startsWith('care.'))
      .map((e) => [e.action, e.actor, e.reason]);

  /** Buys the plan on the sandbox's checkout page; answers the order's id and its payment's. */
  async function buy(who = reader): Promise<{ orderId: string; paymentId: string }> {
    const res = await post(
      t,
      '/api/subscriptions/checkout',
      { publisher: 'DH', planId, termsAccepted: true, idempotencyKey: `key-${Math.random()}` },
      { cookie: who.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const started = checkoutResponseSchema.parse(res.json());
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const page = new URL(started.checkout.url);
    const pressed = await t.app.inject({
      method: 'POST',
      url: page.pathname,
      payload: 'action=pay',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.config.publicUrl,
      },
    });
    expect(pressed.statusCode).toBe(303);
    const back = new URL(String(pressed.headers.location));
    await t.app.inject({ url: `${back.pathname}${back.search}` });
    const order = await t.db
      .selectFrom('payment_orders')
      .select(['id', 'payment_id', 'status'])
      .where('id', '=', started.orderId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
    return { orderId: order.id, paymentId: order.payment_id ?? '' };
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    support = (await staffSession(t, 'care@example.com', 'support')).cookie;
    editor = (await staffSession(t, 'night@example.com', 'editor')).cookie;
    reader = await signIn(t, { phoneNumber: PHONE });
    readerId = reader.body.user.id;
    const plans = subscriptionPlansSchema.parse(
      (await t.app.inject({ url: '/api/subscription-plans?publisher=DH' })).json(),
    );
    const monthly = plans.find((p) => p.title === 'Monthly' && p.price_currency === 'INR');
    if (!monthly) throw new Error('no Monthly INR plan');
    planId = monthly.id;
    price = monthly.price_cents;
  });
  afterAll(async () => t.close());

  it('finds a subscriber by phone, by order id and by payment id; an unknown one by nothing', async () => {
    const { orderId, paymentId } = await buy();
    for (const [q, matched] of [
      ['98765 43210', 'phone'],
      [PHONE, 'phone'],
      [orderId, 'order'],
      [paymentId, 'payment'],
    ] as const)
      expect((await search(q)).readers).toEqual([
        { id: readerId, name: '', email: null, phone: PHONE, matched },
      ]);
    expect((await search('9000000000')).readers).toEqual([]);
    expect((await search('pay_nobody')).readers).toEqual([]);
    const empty = await get('/api/desk/care/search?q=%20');
    expect([empty.statusCode, empty.json().message]).toEqual([400, CARE_MESSAGES.queryRequired]);
  });

  it('shows the payments and the mandate without any full card or token', async () => {
    const page = await view();
    const term = await t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', readerId)
      .executeTakeFirstOrThrow();
    const mandateId = term.mandate_id ?? '';
    expect(mandateId).not.toBe('');
    expect(page.payments).toHaveLength(1);
    expect(page.payments[0]).toMatchObject({
      amountMinor: price,
      currency: 'INR',
      refundedMinor: 0,
      refundableMinor: price,
    });
    expect(page.mandates).toEqual([
      expect.objectContaining({ status: 'active', last4: mandateId.slice(-4) }),
    ]);
    expect(JSON.stringify(page)).not.toContain(mandateId);
    expect(page.subscriptions[0]?.mandate).toBe(page.mandates[0]?.id);
  });

  it('refunds half a payment once, refuses more than is left, and of two at once sends one', async () => {
    const paymentId = (await view()).payments[0]?.paymentId ?? '';
    const half = Math.floor(price / 2);
    const first = await act(`/api/desk/care/payments/${paymentId}/refunds`, {
      amountMinor: half,
      reason: 'Paid twice by mistake',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(careReaderSchema.parse(first.json()).payments[0]).toMatchObject({
      refundedMinor: half,
      refundableMinor: price - half,
    });
    expect((await refundRows(paymentId)).map((r) => [r.state, r.amount_minor])).toEqual([
      ['settled', half],
    ]);
    expect((await providerRefunds(paymentId)).map((r) => r.amount_minor)).toEqual([half]);

    const tooMuch = await act(`/api/desk/care/payments/${paymentId}/refunds`, {
      amountMinor: price - half + 1,
      reason: 'The rest',
    });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([
      400,
      CARE_MESSAGES.refundTooLarge(formatExactMoney(price - half, 'INR')),
    ]);
    for (const bad of [
      { amountMinor: 0, reason: 'x' },
      { amountMinor: -5, reason: 'x' },
      { amountMinor: 1e12, reason: 'x' },
      { amountMinor: 1.5, reason: 'x' },
      { amountMinor: 10, reason: '   ' },
      { amountMinor: 10 },
    ]) {
      const refused = await act(`/api/desk/care/payments/${paymentId}/refunds`, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await act('/api/desk/care/payments/pay_nobody/refunds', {
      amountMinor: 10,
      reason: 'x',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      404,
      CARE_MESSAGES.paymentNotFound,
    ]);
    expect(await refundRows(paymentId)).toHaveLength(1);
    expect(await providerRefunds(paymentId)).toHaveLength(1);

    const both = await Promise.all(
      ['agent one', 'agent two'].map((reason) =>
        act(`/api/desk/care/payments/${paymentId}/refunds`, {
          amountMinor: price - half,
          reason,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await providerRefunds(paymentId)).map((r) => r.amount_minor).sort()).toEqual(
      [half, price - half].sort(),
    );
    expect(await refundRows(paymentId)).toHaveLength(2);
    expect((await view()).payments[0]).toMatchObject({ refundedMinor: price, refundableMinor: 0 });
  });

  it('passes on the provider’s refusal of a payment older than six months, and refunds nothing', async () => {
    const other = await signIn(t, { email: 'long-ago@example.com' });
    const { paymentId } = await buy(other);
    // The sandbox took this payment 200 days ago (its books, not Folio's, say when).
    const longAgo = new Date(t.now().getTime() - 200 * 86_400_000);
    await sql`update sandbox_orders set created_at = ${longAgo} where payment_id = ${paymentId}`.execute(
      t.db,
    );
    const refused = await act(`/api/desk/care/payments/${paymentId}/refunds`, {
      amountMinor: 100,
      reason: 'Goodwill',
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      CARE_MESSAGES.refundRefused('Refunds are not allowed on payments older than six months.'),
    ]);
    expect((await refundRows(paymentId)).map((r) => r.state)).toEqual(['failed']);
    expect(await providerRefunds(paymentId)).toEqual([]);
    // A refused refund holds nothing back: the whole payment is still refundable.
    expect((await view(other.body.user.id)).payments[0]).toMatchObject({
      refundableMinor: price,
    });
  });

  it('extends a term by 7 days with a reason, its renewal date too; refuses bad extensions', async () => {
    const page = await view();
    const term = page.subscriptions.find((s) => s.status === 'active' && s.autoRenew);
    if (!term) throw new Error('no renewing term');
    const url = `/api/desk/care/readers/${readerId}/extend`;
    for (const bad of [
      { subscriptionId: term.id, days: 0, reason: 'x' },
      { subscriptionId: term.id, days: -3, reason: 'x' },
      { subscriptionId: term.id, days: 367, reason: 'x' },
      { subscriptionId: term.id, days: 7, reason: '' },
    ])
      expect((await act(url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const stranger = await act(`/api/desk/care/readers/nobody/extend`, {
      subscriptionId: term.id,
      days: 7,
      reason: 'x',
    });
    expect([stranger.statusCode, stranger.json().message]).toEqual([
      404,
      CARE_MESSAGES.readerNotFound,
    ]);
    const extended = await act(url, {
      subscriptionId: term.id,
      days: 7,
      reason: 'Paper not delivered for a week',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const after = careReaderSchema
      .parse(extended.json())
      .subscriptions.find((s) => s.id === term.id);
    expect(after).toMatchObject({
      endDate: addDays(term.endDate, 7),
      renewsOn: term.renewsOn ? addDays(term.renewsOn, 7) : null,
    });
  });

  it('cancels the mandate at the provider once; renewal stops', async () => {
    const mandate = (await view()).mandates[0];
    if (!mandate) throw new Error('no mandate');
    const url = `/api/desk/care/readers/${readerId}/mandates/${mandate.id}/cancel`;
    expect((await act(url, { reason: ' ' })).statusCode).toBe(400);
    const cancelled = await act(url, { reason: 'Reader asked by phone' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const page = careReaderSchema.parse(cancelled.json());
    expect(page.mandates[0]?.status).toBe('cancelled');
    expect(
      page.subscriptions.filter((s) => s.mandate === mandate.id).map((s) => s.autoRenew),
    ).not.toContain(true);
    const again = await act(url, { reason: 'Again' });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      CARE_MESSAGES.mandateAlreadyCancelled,
    ]);
  });

  it('signs the reader out everywhere: their session no longer works', async () => {
    const me = () => t.app.inject({ url: '/api/auth/me', headers: { cookie: reader.cookie } });
    expect((await me()).statusCode).toBe(200);
    expect((await view()).account.sessions).toBeGreaterThan(0);
    const url = `/api/desk/care/readers/${readerId}/sign-out`;
    expect((await act(url, {})).statusCode).toBe(400);
    const out = await act(url, { reason: 'Lost phone' });
    expect(out.statusCode, out.body).toBe(200);
    expect(careReaderSchema.parse(out.json()).account.sessions).toBe(0);
    expect((await me()).statusCode).toBe(401);
  });

  it('writes every action to the audit log, and refuses an editor', async () => {
    expect(await careAudit()).toEqual(
      [
        ['care.refund', 'care@example.com', 'Paid twice by mistake'],
        ['care.refund', 'care@example.com', expect.stringMatching(/^agent (one|two)$/)],
        ['care.refund', 'care@example.com', 'Goodwill'],
        ['care.extend', 'care@example.com', 'Paper not delivered for a week'],
        ['care.mandate-cancel', 'care@example.com', 'Reader asked by phone'],
        ['care.sign-out', 'care@example.com', 'Lost phone'],
      ].reverse(),
    );
    for (const res of [
      await get(`/api/desk/care/search?q=${encodeURIComponent(PHONE)}`, editor),
      await get(`/api/desk/care/readers/${readerId}`, editor),
      await act(`/api/desk/care/readers/${readerId}/sign-out`, { reason: 'x' }, editor),
    ])
      expect([res.statusCode, res.json().reason]).toEqual([403, 'ROLE']);
  });

  it('refuses a support agent signing a staff member out, which an admin may do', async () => {
    const admin = (await staffSession(t, 'chief@example.com', 'admin')).cookie;
    const [found] = (await search('chief@example.com')).readers;
    if (!found) throw new Error('the admin is not found by e-mail');
    const url = `/api/desk/care/readers/${found.id}/sign-out`;
    const refused = await act(url, { reason: 'Prank' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, CARE_MESSAGES.staffSignOut]);
    const still = await get('/api/desk/me', admin);
    expect(still.statusCode).toBe(200);
    const supportId = (await search('care@example.com')).readers[0]?.id;
    const out = await act(
      `/api/desk/care/readers/${supportId}/sign-out`,
      { reason: 'Left' },
      admin,
    );
    expect(out.statusCode, out.body).toBe(200);
    expect((await get('/api/desk/me')).statusCode).toBe(401);
  });
});
