// The business desk's plans (issue 27 part 1) through HTTP: an admin changes a
// plan's price and the next purchase pays it while a reader who bought before renews
// at what they paid; a plan made hidden and then shown; a retired plan leaves the
// sale but its subscribers renew; a plan in use is never deleted, an unused one is.
// Bad input is a 400 in the desk's words and changes nothing; support agents and
// editors get 403; every change is in the audit log with before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutResponseSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
} from '@folio/core';
import {
  DESK_MESSAGES,
  PLAN_MESSAGES,
  deskPlansSchema,
  type DeskPlan,
  type DeskPlans,
} from '@folio/core/desk';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { freshIp, signIn, type SignedIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

const DAY = 86_400_000;

describe.each(testBackends)('the desk’s plans on $name', (backend) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let editor: string;

  const request = (method: string, url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: freshIp(),
      headers: { origin: t.config.publicUrl, cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const change = async (method: string, url: string, body?: unknown): Promise<DeskPlans> => {
    const res = await request(method, url, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return deskPlansSchema.parse(res.json());
  };
  const deskPlans = async () =>
    deskPlansSchema.parse((await request('GET', '/api/desk/plans?brand=dh', admin)).json());
  const onSale = async () =>
    subscriptionPlansSchema.parse(
      (await t.app.inject('/api/subscription-plans?publisher=DH')).json(),
    );
  const planNamed = async (title: string, currency = 'INR'): Promise<DeskPlan> => {
    const found = (await deskPlans()).plans.find(
      (p) => p.title === title && p.currency === currency,
    );
    if (!found) throw new Error(`no plan ${title} ${currency}`);
    return found;
  };
  const audit = async () => (await t.container.desk.audit(undefined, 100)).entries;
  const everything = async () => ({
    desk: await deskPlans(),
    sale: await onSale(),
    audit: (await audit()).length,
  });

  async function subscribe(who: SignedIn, planId: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      payload: {
        publisher: 'DH',
        planId,
        termsAccepted: true,
        idempotencyKey: `k-${Math.random()}`,
      },
      headers: { cookie: who.cookie, origin: t.config.publicUrl },
    });
    const started = checkoutResponseSchema.parse(res.json());
    if (started.kind !== 'payment') throw new Error(`expected a payment: ${res.body}`);
    const pressed = await t.app.inject({
      method: 'POST',
      url: new URL(started.checkout.url).pathname,
      payload: 'action=pay',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: t.config.publicUrl,
      },
    });
    const back = new URL(String(pressed.headers.location));
    await t.app.inject(`${back.pathname}${back.search}`);
  }
  const subscriptionOf = async (who: SignedIn) =>
    subscriptionStateSchema.parse(
      (
        await t.app.inject({
          url: '/api/users/subscription?publisher=DH',
          headers: { cookie: who.cookie },
        })
      ).json(),
    ).subscription;
  const paidAmounts = async (who: SignedIn) =>
    (
      await t.db
        .selectFrom('payment_orders')
        .select('amount_minor')
        .where('user_id', '=', who.body.user.id)
        .where('status', '=', 'paid')
        .orderBy('created_at')
        .execute()
    ).map((row) => row.amount_minor);

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await staffSession(t, 'plans.admin@example.com', 'admin')).cookie;
    support = (await staffSession(t, 'agent@example.com', 'support')).cookie;
    editor = (await staffSession(t, 'editor@example.com', 'editor')).cookie;
  });
  afterAll(async () => t.close());

  it('shows the admin every plan in catalogue order with its texts, as readers get them', async () => {
    const desk = await deskPlans();
    const sale = await onSale();
    expect(desk.groups.length).toBeGreaterThan(0);
    for (const plan of sale) {
      const mine = desk.plans.find((p) => p.id === plan.id);
      expect(mine).toMatchObject({
        title: plan.title,
        priceMinor: plan.price_cents,
        currency: plan.price_currency,
        visible: true,
        retired: false,
        running: 0,
        used: false,
      });
    }
    const lite = await planNamed('ePaper Lite');
    expect(lite).toMatchObject({
      tagline: "Today's paper, every day",
      description: ["Every page of today's edition", 'All city editions', 'Read on any device'],
      archivalAccess: 0,
      mrp: 149,
    });
  });

  it('changes a price for new purchases only: a reader who bought before renews at what they paid', async () => {
    const monthly = await planNamed('Monthly');
    const before = monthly.priceMinor;
    const early = await signIn(t, { email: 'early.bird@example.com' });
    await subscribe(early, monthly.id);
    const bought = await subscriptionOf(early);
    expect(bought?.plan_amount_cents).toBe(before);

    const raised = before + 5000;
    // Above its crossed-out price now, so that goes.
    const after = await change('PATCH', `/api/desk/plans/dh/${monthly.id}`, {
      priceMinor: raised,
      mrp: null,
    });
    expect(after.plans.find((p) => p.id === monthly.id)).toMatchObject({
      priceMinor: raised,
      running: 1,
      used: true,
    });
    // Readers see the new price at once on this server.
    expect((await onSale()).find((p) => p.id === monthly.id)?.price_cents).toBe(raised);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: 'plan.price',
      actor: 'plans.admin@example.com',
      subject: `plan:dh:${monthly.id}`,
      before: expect.objectContaining({ priceMinor: before }),
      after: expect.objectContaining({ priceMinor: raised }),
    });

    // A new reader pays the new price.
    const late = await signIn(t, { email: 'late.comer@example.com' });
    await subscribe(late, monthly.id);
    expect(await paidAmounts(late)).toEqual([raised]);

    // The early reader's renewal: the notice and the charge are the price they bought at.
    const end = bought?.end_date ?? '';
    t.advanceClock(Date.parse(`${end}T00:00:00Z`) - 2 * DAY - t.now().getTime());
    expect((await t.container.renewals.runOnce())?.noticesSent).toBeGreaterThanOrEqual(1);
    t.advanceClock(3 * DAY);
    expect((await t.container.renewals.runOnce())?.charged).toBeGreaterThanOrEqual(1);
    expect(await paidAmounts(early)).toEqual([before, before]);
    expect((await subscriptionOf(early))?.plan_amount_cents).toBe(before);
  });

  it('makes a plan, hidden from readers until it is shown, and deletes it while nobody bought it', async () => {
    const { groups } = await deskPlans();
    const group = groups[0]?.id ?? 0;
    const made = await change('POST', '/api/desk/plans/dh', {
      groupId: group,
      title: '  Student Quarterly ',
      tagline: 'For students, three months',
      description: ['Every page', 'The archive | a year back'],
      archivalAccess: 365,
      mrp: 599,
      visible: false,
      priceMinor: 39900,
      currency: 'INR',
      durationUnit: 'months',
      durationLength: 3,
      recurring: true,
    });
    const plan = made.plans.at(-1) as DeskPlan;
    expect(plan).toMatchObject({
      title: 'Student Quarterly',
      description: ['Every page', 'The archive / a year back'],
      mrp: 599,
      visible: false,
      used: false,
    });
    expect((await onSale()).some((p) => p.id === plan.id)).toBe(false);

    await change('PATCH', `/api/desk/plans/dh/${plan.id}`, { visible: true, move: 'up' });
    const shown = (await onSale()).find((p) => p.id === plan.id);
    expect(shown?.custom_attributes).toEqual(
      expect.arrayContaining([
        { name: 'Tagline', value: 'For students, three months' },
        { name: 'ArchivalAccess', value: '365' },
        { name: 'MRP_INR', value: '599' },
      ]),
    );
    const order = (await deskPlans()).plans.map((p) => p.id);
    expect(order.indexOf(plan.id)).toBe(order.length - 2);

    await change('DELETE', `/api/desk/plans/dh/${plan.id}`);
    expect((await deskPlans()).plans.some((p) => p.id === plan.id)).toBe(false);
    expect((await audit()).slice(0, 3).map((e) => e.action)).toEqual([
      'plan.remove',
      'plan.change',
      'plan.add',
    ]);
  });

  it('never deletes a plan in use; retired, it leaves the sale and its subscribers still renew', async () => {
    const monthly = await planNamed('Monthly');
    const refused = await request('DELETE', `/api/desk/plans/dh/${monthly.id}`, admin);
    expect([refused.statusCode, refused.json().message]).toEqual([409, PLAN_MESSAGES.planInUse]);
    expect((await deskPlans()).plans.some((p) => p.id === monthly.id)).toBe(true);

    await change('PATCH', `/api/desk/plans/dh/${monthly.id}`, { retired: true });
    expect((await onSale()).some((p) => p.id === monthly.id)).toBe(false);
    const buyer = await signIn(t, { email: 'too.late@example.com' });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/checkout',
      payload: {
        publisher: 'DH',
        planId: monthly.id,
        termsAccepted: true,
        idempotencyKey: 'retired-plan-1',
      },
      headers: { cookie: buyer.cookie, origin: t.config.publicUrl },
    });
    expect(checkout.statusCode).toBe(404);
    const edit = await request('PATCH', `/api/desk/plans/dh/${monthly.id}`, admin, {
      title: 'Renamed',
    });
    expect([edit.statusCode, edit.json().message]).toEqual([409, PLAN_MESSAGES.planRetired]);

    // The reader who bought it renews on it, at their price, while it is retired.
    const early = await signIn(t, { email: 'early.bird@example.com' });
    const end = (await subscriptionOf(early))?.end_date ?? '';
    t.advanceClock(Date.parse(`${end}T00:00:00Z`) - 2 * DAY - t.now().getTime());
    await t.container.renewals.runOnce();
    t.advanceClock(3 * DAY);
    expect((await t.container.renewals.runOnce())?.charged).toBeGreaterThanOrEqual(1);
    const paid = await paidAmounts(early);
    expect(paid).toHaveLength(3);
    expect(new Set(paid).size).toBe(1);

    await change('PATCH', `/api/desk/plans/dh/${monthly.id}`, { retired: false });
    expect((await onSale()).some((p) => p.id === monthly.id)).toBe(true);
    expect((await audit()).slice(0, 2).map((e) => e.action)).toEqual([
      'plan.restore',
      'plan.retire',
    ]);
  });

  it('refuses bad prices, a plan without a currency, an MRP under the price and an unknown group, changing nothing', async () => {
    const lite = await planNamed('ePaper Lite');
    const { groups } = await deskPlans();
    const valid = {
      groupId: groups[0]?.id ?? 0,
      title: 'Bad',
      tagline: '',
      description: [],
      archivalAccess: 0,
      mrp: null,
      visible: true,
      priceMinor: 9900,
      currency: 'INR',
      durationUnit: 'month',
      durationLength: 1,
      recurring: true,
    };
    const was = await everything();
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, { priceMinor: -100 }, PLAN_MESSAGES.priceInvalid],
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, { priceMinor: 0 }, PLAN_MESSAGES.priceInvalid],
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, { priceMinor: 99.5 }, PLAN_MESSAGES.priceInvalid],
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, { priceMinor: 1e12 }, PLAN_MESSAGES.priceInvalid],
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, { mrp: 50 }, PLAN_MESSAGES.mrpInvalid],
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, {}, PLAN_MESSAGES.nothingToChange],
      ['PATCH', `/api/desk/plans/dh/${lite.id}`, { title: '   ' }, PLAN_MESSAGES.titleRequired],
      [
        'POST',
        '/api/desk/plans/dh',
        { ...valid, currency: undefined },
        PLAN_MESSAGES.currencyInvalid,
      ],
      ['POST', '/api/desk/plans/dh', { ...valid, currency: 'EUR' }, PLAN_MESSAGES.currencyInvalid],
      ['POST', '/api/desk/plans/dh', { ...valid, mrp: 99 }, PLAN_MESSAGES.mrpInvalid],
      [
        'POST',
        '/api/desk/plans/dh',
        { ...valid, durationUnit: 'years', durationLength: 9 },
        PLAN_MESSAGES.durationInvalid,
      ],
      ['POST', '/api/desk/plans/dh', { ...valid, groupId: 999_999 }, PLAN_MESSAGES.groupNotFound],
      [
        'POST',
        '/api/desk/plans/dh',
        { ...valid, archivalAccess: -2 },
        PLAN_MESSAGES.archiveInvalid,
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await request(method, url, admin, body);
      expect([url, JSON.stringify(body), res.statusCode, res.json().message]).toEqual([
        url,
        JSON.stringify(body),
        400,
        message,
      ]);
    }
    const missing = await request('PATCH', '/api/desk/plans/dh/999999', admin, { title: 'x' });
    expect([missing.statusCode, missing.json().message]).toEqual([404, PLAN_MESSAGES.planNotFound]);
    expect(await everything()).toEqual(was);
  });

  it('renames a group and sets its badges, which readers’ cards get at once; bad ones change nothing', async () => {
    const { groups } = await deskPlans();
    const group = groups.find((g) => g.badges.length > 0) ?? groups[0];
    if (!group) throw new Error('the demo catalogue has no groups');
    const url = `/api/desk/plans/dh/groups/${group.id}`;
    const was = await everything();
    const bad: Array<[string, unknown, number, string]> = [
      [url, { badges: ['One', 'Two', 'Three', 'Four'] }, 400, PLAN_MESSAGES.badgesInvalid],
      [url, { badges: ['x'.repeat(25)] }, 400, expect.stringContaining('at most 24') as never],
      [url, { badges: ['  '] }, 400, PLAN_MESSAGES.badgesInvalid],
      [url, { badges: ['Best', 'best'] }, 400, PLAN_MESSAGES.badgesInvalid],
      [url, { name: ' ' }, 400, PLAN_MESSAGES.groupNameRequired],
      [url, {}, 400, PLAN_MESSAGES.nothingToChange],
      ['/api/desk/plans/dh/groups/999999', { name: 'Gone' }, 404, PLAN_MESSAGES.groupNotFound],
      [
        `/api/desk/plans/pv/groups/${group.id}`,
        { name: 'Other paper' },
        404,
        PLAN_MESSAGES.groupNotFound,
      ],
    ];
    for (const [to, body, status, message] of bad) {
      const res = await request('PATCH', to, admin, body);
      expect([to, JSON.stringify(body), res.statusCode, res.json().message]).toEqual([
        to,
        JSON.stringify(body),
        status,
        message,
      ]);
    }
    expect(await everything()).toEqual(was);

    const after = await change('PATCH', url, {
      name: ' Reader’s choice ',
      badges: ['Most read', ' New '],
    });
    expect(after.groups.find((g) => g.id === group.id)).toEqual({
      id: group.id,
      name: 'Reader’s choice',
      badges: ['Most read', 'New'],
    });
    const sold = (await onSale()).filter((p) => p.subscription_group_id === group.id);
    expect(sold.length).toBeGreaterThan(0);
    for (const plan of sold)
      expect([plan.group.name, plan.group.metadata_fields]).toEqual([
        'Reader’s choice',
        ['Most read', 'New'],
      ]);
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: 'plan-group.change',
      subject: `plan-group:dh:${group.id}`,
      before: { name: group.name, badges: group.badges },
      after: { name: 'Reader’s choice', badges: ['Most read', 'New'] },
    });
    await change('PATCH', url, { name: group.name, badges: group.badges });
  });

  it('is the admin’s: support agents and editors are refused and change nothing', async () => {
    const lite = await planNamed('ePaper Lite');
    const was = await everything();
    for (const cookie of [support, editor]) {
      for (const [method, url, body] of [
        ['GET', '/api/desk/plans?brand=dh', undefined],
        ['PATCH', `/api/desk/plans/dh/${lite.id}`, { priceMinor: 100 }],
        ['DELETE', `/api/desk/plans/dh/${lite.id}`, undefined],
        ['PATCH', `/api/desk/plans/dh/groups/${lite.groupId}`, { badges: ['Hot'] }],
      ] as const) {
        const res = await request(method, url, cookie, body);
        expect([url, res.statusCode, res.json().message]).toEqual([
          url,
          403,
          DESK_MESSAGES.roleNotAllowed,
        ]);
      }
    }
    expect(await everything()).toEqual(was);
  });
});
