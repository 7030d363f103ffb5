// Answers that belong to one reader are never stored by a browser or a shared
// cache: every route of the OpenAPI document under /api/auth, /api/users and
// /api/dev answers with Cache-Control: no-store, on success and on refusal. The
// site is never framed (X-Frame-Options: DENY beside frame-ancestors 'none').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { lastCodeSentTo, requestCode, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { buyThroughSandbox } from './helpers/subscriber.ts';

const PERSONAL_PREFIXES = ['/api/auth/', '/api/users/', '/api/dev/', '/api/subscriptions/'];

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

interface Attempt {
  /** The URL to ask, when the route's path needs parameters or a query. */
  url?: string;
  cookie?: string;
  body?: object;
  remoteAddress?: string;
}

describe.each(testBackends)('personal answers on $name', (backend) => {
  let t: TestApp;
  let operations: string[];
  /** A request each route answers with 2xx. */
  let accepted: Record<string, Attempt>;

  /** Moved past the 30 s gap between a code and its resend. */
  let clockOffset = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => new Date(Date.now() + clockOffset) });
    const { cookie, body: signedIn } = await signIn(t, { phoneNumber: '+919866600001' });
    const plans = await t.container.catalogue.visiblePlans('dh');
    const inr = (title: string) =>
      plans.find((p) => p.title === title && p.price_currency === 'INR')?.id ?? 0;
    const monthly = { id: inr('Monthly') };
    // An upgrade: quoting and ordering it leaves the subscription as it is.
    const yearly = inr('Yearly');
    // A subscription to cancel, as a purchase leaves it.
    const today = t.container.subscriptions.today();
    const subscription = await t.db
      .insertInto('subscriptions')
      .values({
        user_id: signedIn.user.id,
        brand: 'dh',
        plan_id: monthly.id,
        plan_title: 'Monthly',
        archive_days: 30,
        duration_unit: 'month',
        duration_length: 1,
        status: 'active',
        start_date: today,
        end_date: '2099-01-01',
        next_payment_due_date: '2099-01-01',
        auto_renew: true,
        price_minor: 19900,
        currency: 'INR',
        provider: 'sandbox',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { cookie: leaving } = await signIn(t, { phoneNumber: '+919866600002' });
    // Refresh replaces its session, so it gets one of its own.
    const { cookie: refreshing } = await signIn(t, { phoneNumber: '+919866600006' });
    const pending = await requestCode(t, { phoneNumber: '+919866600003' });
    const toResend = await requestCode(t, { email: 'resend@example.com' });
    // A reader who paid, with the invoice every payment gets.
    const { cookie: payer } = await signIn(t, { phoneNumber: '+919866600007' });
    const { orderId } = await buyThroughSandbox(t, payer, monthly.id);
    const invoice = await t.db
      .selectFrom('invoices')
      .select('number')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    accepted = {
      'get /api/auth/me': { cookie },
      'put /api/auth/me': { cookie, body: { first_name: 'Anne' } },
      'put /api/auth/me/metadata': { cookie, body: { receiveMarketingAndPromitionalEmail: false } },
      'get /api/users/preferences': { cookie },
      'patch /api/users/preferences': { cookie, body: { preferredEditionId: 3 } },
      // The edition's day, which starts at 06:00 in Kolkata: from midnight until then
      // the calendar's today has no edition yet.
      'put /api/users/reading-position': {
        cookie,
        body: { date: t.container.editions.latestDate(), edition: 3, page: 1 },
      },
      'post /api/users/disable-welcome-popup': { cookie },
      'post /api/auth/code': { body: { phoneNumber: '+919866600004' } },
      'post /api/auth/code/resend': { body: toResend },
      'post /api/auth/verify-code': {
        body: { ...pending, userInputCode: lastCodeSentTo(t, '+919866600003') },
      },
      'post /api/auth/change-phone-number': { cookie, body: { phoneNumber: '+919866600005' } },
      'post /api/auth/change-email': { cookie, body: { email: 'anne@example.com' } },
      'post /api/auth/session/refresh': { cookie: refreshing },
      'post /api/auth/signout': { cookie: leaving },
      'get /api/dev/outbox': { remoteAddress: '127.0.0.1' },
      'get /api/users/subscription': { cookie, url: '/api/users/subscription?publisher=DH' },
      'get /api/subscriptions/invoices': {
        cookie: payer,
        url: '/api/subscriptions/invoices?publisher=DH',
      },
      'get /api/subscriptions/invoices/{file}': {
        cookie: payer,
        url: `/api/subscriptions/invoices/${invoice.number.replaceAll('/', '-')}.pdf`,
      },
      'post /api/subscriptions/quote': { cookie, body: { publisher: 'DH', planId: yearly } },
      'post /api/subscriptions/checkout': {
        cookie,
        body: {
          publisher: 'DH',
          planId: yearly,
          termsAccepted: true,
          idempotencyKey: 'personal-1',
        },
      },
      'put /api/subscriptions/{id}/cancel': {
        cookie,
        url: `/api/subscriptions/${subscription.id}/cancel?publisher=DH`,
        body: { reason: 'Others', message: 'Testing' },
      },
    };
    const document = t.app.swagger() as unknown as OpenApiDocument;
    operations = Object.entries(document.paths)
      .filter(([path]) => PERSONAL_PREFIXES.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
  });
  afterAll(async () => t.close());

  const send = (operation: string, attempt: Attempt) => {
    const [method = '', path = ''] = operation.split(' ');
    return t.app.inject({
      method: method.toUpperCase() as 'GET',
      url: attempt.url ?? path,
      remoteAddress: attempt.remoteAddress ?? '10.20.30.40',
      headers: {
        origin: t.config.publicUrl,
        ...(attempt.cookie ? { cookie: attempt.cookie } : {}),
      },
      ...(attempt.body ? { payload: attempt.body } : method === 'get' ? {} : { payload: {} }),
    });
  };

  it('knows an accepted request for every personal route the OpenAPI document lists', () => {
    expect(operations.sort()).toEqual(Object.keys(accepted).sort());
  });

  it('answers every personal route with no-store when it succeeds', async () => {
    clockOffset = 60_000;
    for (const operation of operations) {
      const response = await send(operation, accepted[operation] ?? {});
      expect(response.statusCode, `${operation} ${response.body}`).toBeLessThan(300);
      expect(response.headers['cache-control'], operation).toBe('no-store');
    }
  });

  it('answers every personal route with no-store when it refuses (no session, no body, not local)', async () => {
    // Signing out without a session is not refused: there is nothing to end.
    for (const operation of operations.filter((o) => o !== 'post /api/auth/signout')) {
      const response = await send(operation, {});
      expect(response.statusCode, `${operation} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, operation).toBeLessThan(500);
      expect(response.headers['cache-control'], operation).toBe('no-store');
    }
  });

  it('answers a cross-site attempt on a personal route with no-store', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      payload: { first_name: 'Mallory' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps public answers free of no-store', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('forbids framing the site anywhere', async () => {
    for (const url of ['/api/config', '/api/auth/me', '/no-such-page']) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(String(response.headers['content-security-policy'])).toContain(
        "frame-ancestors 'none'",
      );
    }
  });
});
