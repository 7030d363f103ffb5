// The business desk's figures (issue 27 part 5) through HTTP, on a real database and
// the sandbox provider's own books: two readers buy a plan, one has half a payment
// refunded by support, the other cancels with a reason; the first one's renewal
// fails once and is recovered in its grace days; readers' beacons are counted by
// the most they were, stored as salted hashes only. The figures and the CSV show
// each of these; editors and support agents are refused; bad input is refused in
// the desk's words and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_REASONS, addDays, calendarToday, subscriptionPlansSchema } from '@folio/core';
import { DESK_MESSAGES, FIGURES_MESSAGES, figuresSchema, type Figures } from '@folio/core/desk';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, post, signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { buyThroughSandbox } from './helpers/subscriber.ts';
import { staffSession } from './helpers/desk.ts';

const DAY = 86_400_000;
const PHONE = '+919812345678';
const REASON = CANCEL_REASONS[0];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) FiguresTest/1.0';
const VISITOR_IP = '192.0.2.77';

describe.each(testBackends)('the desk’s figures on $name', (backend) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let editor: string;
  let renewing: SignedIn;
  let cancelling: SignedIn;
  let planId: number;
  let price: number;
  let firstDay: string;
  let endDate: string;

  const today = () => calendarToday(t.now(), t.config.publisherTz);
  const figures = async (from: string, to: string, brand = 'dh'): Promise<Figures> => {
    const res = await call(t, 'GET', `/api/desk/figures?brand=${brand}&from=${from}&to=${to}`, {
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return figuresSchema.parse(res.json());
  };
  const dayOf = (answer: Figures, date: string) => {
    const found = answer.days.find((d) => d.date === date);
    if (!found) throw new Error(`no day ${date}`);
    return found;
  };
  const visit = (brand: string, options: { cookie?: string; ip?: string } = {}) =>
    post(t, '/api/readers/visit', { brand }, { ...options, headers: { 'user-agent': BROWSER } });

  /** Buys the plan on the sandbox's checkout page; answers its payment and the term it made. */
  async function buy(who: SignedIn): Promise<{ paymentId: string; subscriptionId: number }> {
    const { orderId } = await buyThroughSandbox(t, who.cookie, planId);
    const term = await t.db
      .selectFrom('subscriptions')
      .select(['id', 'payment_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { paymentId: term.payment_id ?? '', subscriptionId: term.id };
  }

  /** Moves the development clock to `days` after the term's end date, 06:00 UTC (11:30 in Kolkata). */
  const moveTo = (days: number) => {
    const target = Date.parse(`${endDate}T06:00:00Z`) + days * DAY;
    t.advanceClock(target - t.now().getTime());
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await staffSession(t, 'boss@example.com', 'admin')).cookie;
    support = (await staffSession(t, 'care@example.com', 'support')).cookie;
    editor = (await staffSession(t, 'night@example.com', 'editor')).cookie;
    renewing = await signIn(t, { phoneNumber: PHONE });
    cancelling = await signIn(t, { email: 'leaving@example.com' });
    const plans = subscriptionPlansSchema.parse(
      (await t.app.inject({ url: '/api/subscription-plans?publisher=DH' })).json(),
    );
    const monthly = plans.find((p) => p.title === 'Monthly' && p.price_currency === 'INR');
    if (!monthly) throw new Error('no Monthly INR plan');
    planId = monthly.id;
    price = monthly.price_cents;
    firstDay = today();
  });
  afterAll(async () => t.close());

  it('counts new subscribers by plan and currency, and a refund against net revenue', async () => {
    const { paymentId } = await buy(renewing);
    await buy(cancelling);
    const before = dayOf(await figures(firstDay, firstDay), firstDay);
    expect(before.newSubscribers).toEqual([{ plan: 'Monthly', currency: 'INR', count: 2 }]);
    expect(before.netRevenue).toEqual([{ currency: 'INR', count: 2, amountMinor: 2 * price }]);
    expect(before.activeSubscribers).toBe(2);

    const half = Math.floor(price / 2);
    const refunded = await post(
      t,
      `/api/desk/care/payments/${paymentId}/refunds`,
      { amountMinor: half, reason: 'Charged twice by mistake' },
      { cookie: support },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = dayOf(await figures(firstDay, firstDay), firstDay);
    expect(after.refunds).toEqual([{ currency: 'INR', count: 1, amountMinor: half }]);
    expect(after.netRevenue).toEqual([
      { currency: 'INR', count: 2, amountMinor: 2 * price - half },
    ]);
  });

  it('counts a cancellation by its reason', async () => {
    const term = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', cancelling.body.user.id)
      .executeTakeFirstOrThrow();
    const res = await call(t, 'PUT', `/api/subscriptions/${term.id}/cancel?publisher=DH`, {
      cookie: cancelling.cookie,
      body: { reason: REASON },
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = dayOf(await figures(firstDay, firstDay), firstDay);
    expect(day.cancellations).toEqual([{ reason: REASON, count: 1 }]);
  });

  it('counts readers by the most they were, keeping nothing that names them', async () => {
    const stranger = await signIn(t, { email: 'browsing@example.com' });
    for (const answer of [
      await visit('dh', { ip: VISITOR_IP }),
      await visit('dh', { ip: VISITOR_IP }),
      await visit('dh', { cookie: stranger.cookie }),
      await visit('dh', { cookie: renewing.cookie }),
      await visit('dh', { cookie: renewing.cookie, ip: VISITOR_IP }),
      await visit('dh', { cookie: cancelling.cookie }),
      await visit('pv', { ip: VISITOR_IP }),
    ])
      expect(answer.statusCode, answer.body).toBe(200);
    const day = dayOf(await figures(firstDay, firstDay), firstDay);
    expect(day.readers).toEqual({ visitors: 1, signedIn: 1, subscribers: 2 });
    expect(dayOf(await figures(firstDay, firstDay, 'pv'), firstDay).readers).toEqual({
      visitors: 1,
      signedIn: 0,
      subscribers: 0,
    });

    const rows = await t.db.selectFrom('reader_days').selectAll().execute();
    expect(rows).toHaveLength(5);
    const stored = JSON.stringify(rows);
    for (const personal of [
      renewing.body.user.id,
      cancelling.body.user.id,
      stranger.body.user.id,
      VISITOR_IP,
      BROWSER,
      'leaving@example.com',
      'browsing@example.com',
      PHONE,
    ])
      expect(stored).not.toContain(personal);
    for (const row of rows) expect(row.visitor).toMatch(/^[0-9a-f]{64}$/);
  });

  it('forgets a day’s salt once the day after it is over', async () => {
    const salts = async () =>
      (await t.db.selectFrom('reader_day_salts').select('day').orderBy('day').execute()).map(
        (r) => r.day,
      );
    expect(await salts()).toEqual([firstDay]);
    t.advanceClock(DAY);
    expect((await visit('dh', { ip: VISITOR_IP })).statusCode).toBe(200);
    expect(await salts()).toEqual([firstDay, addDays(firstDay, 1)]);
    t.advanceClock(DAY);
    expect((await visit('dh', { ip: VISITOR_IP })).statusCode).toBe(200);
    expect(await salts()).toEqual([addDays(firstDay, 1), addDays(firstDay, 2)]);
    // The day's rows stay, counted; only the salt that could tie them to someone is gone.
    expect(dayOf(await figures(firstDay, firstDay), firstDay).readers.visitors).toBe(1);
  });

  it('counts a renewal due, failed, then charged and recovered in grace', async () => {
    const term = await t.db
      .selectFrom('subscriptions')
      .select('end_date')
      .where('user_id', '=', renewing.body.user.id)
      .executeTakeFirstOrThrow();
    endDate = term.end_date;
    moveTo(-2);
    await t.container.renewals.runOnce();
    await t.db.updateTable('sandbox_mandates').set({ charges_fail: true }).execute();
    moveTo(1);
    expect((await t.container.renewals.runOnce())?.failed).toBe(1);
    await t.db.updateTable('sandbox_mandates').set({ charges_fail: false }).execute();
    moveTo(2);
    expect((await t.container.renewals.runOnce())?.charged).toBe(1);

    const answer = await figures(firstDay, addDays(endDate, 2));
    // The cancelled term ends the same day, but was no longer due.
    expect(dayOf(answer, endDate).renewals).toEqual({
      due: 1,
      charged: 0,
      failed: 0,
      recovered: 0,
    });
    expect(dayOf(answer, addDays(endDate, 1)).renewals).toMatchObject({ failed: 1, charged: 0 });
    const recovered = dayOf(answer, addDays(endDate, 2));
    expect(recovered.renewals).toMatchObject({ charged: 1, recovered: 1, failed: 0 });
    expect(recovered.netRevenue).toEqual([{ currency: 'INR', count: 1, amountMinor: price }]);
    expect(recovered.newSubscribers).toEqual([]);
    expect(dayOf(answer, endDate).activeSubscribers).toBe(2);
    expect(recovered.activeSubscribers).toBe(1);
    expect(answer.totals).toMatchObject({
      newSubscribers: [{ plan: 'Monthly', currency: 'INR', count: 2 }],
      renewals: { due: 1, charged: 1, failed: 1, recovered: 1 },
      cancellations: [{ reason: REASON, count: 1 }],
      refunds: [{ currency: 'INR', count: 1, amountMinor: Math.floor(price / 2) }],
      netRevenue: [{ currency: 'INR', count: 3, amountMinor: 3 * price - Math.floor(price / 2) }],
      activeSubscribers: 1,
      readers: { visitors: 3, signedIn: 1, subscribers: 2 },
    });
  });

  it('gives the same figures as a CSV file, one row per day, safe in a spreadsheet', async () => {
    await t.db
      .updateTable('subscription_plans')
      .set({ title: '=HYPERLINK("https://evil.example","Monthly")' })
      .where('id', '=', planId)
      .execute();
    const to = addDays(endDate, 2);
    const res = await call(t, 'GET', `/api/desk/figures.csv?brand=dh&from=${firstDay}&to=${to}`, {
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="figures-dh-${firstDay}-${to}.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    const answer = await figures(firstDay, to);
    expect(lines).toHaveLength(answer.days.length + 1);
    const header = lines[0]?.split(',') ?? [];
    // The title is quoted whole (it holds commas and quotes) and no cell opens as a formula.
    expect(lines[0]).toContain(
      '"new subscribers: =HYPERLINK(""https://evil.example"",""Monthly"") (INR)"',
    );
    for (const line of lines)
      for (const cell of line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/))
        expect(cell.replace(/^"/, '')).not.toMatch(/^[=+@\t\r]|^-\D/);
    expect(header[0]).toBe('date');
    expect(header).toContain('net revenue INR');
    expect(header).toContain('refunded INR');
    expect(header).toContain(`cancellations: ${REASON}`);
    expect(header).toContain('renewals recovered in grace');
    const major = (minor: number) => (minor / 100).toFixed(2);
    const first = lines[1] ?? '';
    expect(first.startsWith(`${firstDay},2,`)).toBe(true);
    expect(first).toContain(
      `,1,${major(Math.floor(price / 2))},${major(2 * price - Math.floor(price / 2))},`,
    );
    expect(first.endsWith(',2,1,1,2')).toBe(true);
  });

  it('refuses editors and support agents', async () => {
    const range = `brand=dh&from=${firstDay}&to=${firstDay}`;
    for (const cookie of [editor, support])
      for (const url of [`/api/desk/figures?${range}`, `/api/desk/figures.csv?${range}`]) {
        const res = await call(t, 'GET', url, { cookie });
        expect([res.statusCode, res.json()]).toEqual([
          403,
          { status: 'ERROR', message: DESK_MESSAGES.roleNotAllowed, reason: 'ROLE' },
        ]);
      }
  });

  it('refuses a bad range in the desk’s words, changing nothing', async () => {
    const rows = await t.db.selectFrom('reader_days').selectAll().execute();
    for (const [query, message] of [
      [`brand=dh&from=2026-11-28&to=2026-11-27`, FIGURES_MESSAGES.rangeBackwards],
      [`brand=dh&from=2025-11-27&to=2026-11-28`, FIGURES_MESSAGES.rangeTooLong],
      [`brand=xx&from=2026-11-01&to=2026-11-28`, FIGURES_MESSAGES.brandInvalid],
      [`brand=dh&from=2026-02-30&to=2026-11-28`, FIGURES_MESSAGES.fromInvalid],
      [`brand=dh&from=2026-11-01&to=tomorrow`, FIGURES_MESSAGES.toInvalid],
    ] as const)
      for (const path of ['/api/desk/figures', '/api/desk/figures.csv']) {
        const res = await call(t, 'GET', `${path}?${query}`, { cookie: admin });
        expect([path, query, res.statusCode, res.json().message]).toEqual([
          path,
          query,
          400,
          message,
        ]);
      }
    const badVisit = await post(t, '/api/readers/visit', { brand: 'xx' });
    expect(badVisit.statusCode).toBe(400);
    expect(await t.db.selectFrom('reader_days').selectAll().execute()).toEqual(rows);
  });
});
