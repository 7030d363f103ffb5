// Prometheus metrics at GET /metrics (docs/decisions/0038-operations.md): requests
// counted and timed by route pattern (never the raw URL), 5xx errors, the e-paper
// caches' hits and misses (replays in front of the router included), the job
// queue's figures, payment outcomes, and the process's own. Only a direct local
// client reads them without METRICS_TOKEN, only the token's bearer with it; anyone
// else gets the 404 of an unknown route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, checkoutResponseSchema, type SubscriptionPlan } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';
import { buyThroughSandbox } from './helpers/subscriber.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const DAY = 86_400_000;
// 06:00 in Kolkata on 21 Nov: the issue of 20 Nov is served.
const AT_SIX = new Date('2026-11-21T00:30:00.000Z');
const dataUrl = '/api/epaper/data?date=2026-11-20&edition=2&publisher=DH';

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject('/metrics');
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

describe.each(testBackends)('metrics on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      now: () => AT_SIX,
      extraRoutes: (app) => {
        app.get('/api/test/explode/:what', async () => {
          throw new Error('boom');
        });
      },
    });
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-20' });
  });
  afterAll(async () => t.close());

  it('counts and times a reader request under its route pattern', async () => {
    const before = await scrape(t);
    const labels = { method: 'GET', route: '/api/epaper/data', status: '404' };
    const count = sample(before, 'folio_http_requests_total', labels) ?? 0;
    const timed =
      sample(before, 'folio_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/epaper/data',
      }) ?? 0;
    const missing = await t.app.inject('/api/epaper/data?date=2026-11-19&edition=2&publisher=DH');
    expect(missing.statusCode).toBe(404);
    const after = await scrape(t);
    expect(sample(after, 'folio_http_requests_total', labels)).toBe(count + 1);
    expect(
      sample(after, 'folio_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/epaper/data',
      }),
    ).toBe(timed + 1);
    // Buckets from a millisecond to ten seconds.
    const bucket = (le: string) =>
      sample(after, 'folio_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/epaper/data',
        le,
      });
    expect(bucket('0.001')).toBeDefined();
    expect(bucket('10')).toBeDefined();
    expect(bucket('+Inf')).toBe(timed + 1);
    expect(after).toMatch(/^# TYPE folio_http_request_duration_seconds histogram$/m);
  });

  it('labels a parametric route by its pattern, unknown paths as one, and counts 5xx', async () => {
    expect((await t.app.inject('/api/test/explode/first')).statusCode).toBe(500);
    expect((await t.app.inject('/api/test/explode/second')).statusCode).toBe(500);
    expect((await t.app.inject('/no/such/page-7f3a')).statusCode).toBe(404);
    const text = await scrape(t);
    const route = '/api/test/explode/:what';
    expect(sample(text, 'folio_http_requests_total', { route, status: '500' })).toBe(2);
    expect(sample(text, 'folio_http_errors_total', { route })).toBe(2);
    expect(sample(text, 'folio_http_errors_total', { route: '/api/epaper/data' })).toBeUndefined();
    expect(
      sample(text, 'folio_http_requests_total', { route: '(unmatched)', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('page-7f3a');
    expect(text).not.toContain('/api/test/explode/first');
  });

  it("counts the e-paper answers cache's misses and hits", async () => {
    const lookups = async (result: string) =>
      sample(await scrape(t), 'folio_cache_lookups_total', { cache: 'epaper_answers', result }) ??
      0;
    const [hits, misses] = [await lookups('hit'), await lookups('miss')];
    // A URL of its own (the query's order), so the answer is built here once.
    const url = '/api/epaper/data?publisher=DH&edition=2&date=2026-11-20';
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject(url)).statusCode).toBe(200);
    expect(await lookups('miss')).toBeGreaterThanOrEqual(misses);
    expect((await lookups('hit')) + (await lookups('miss'))).toBe(hits + misses + 3);
    expect(await lookups('hit')).toBeGreaterThanOrEqual(hits + 2);
  });

  it('counts replayed answers as their route’s requests and as replay hits, from the wire too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // `Connection: close` (agent: false) is left to node:http, where the replay
    // answers in front of the router; a kept-alive new connection is read by the
    // wire (http/wire.ts), which answers it itself.
    for (const keepAlive of [false, true]) {
      const get = (headers: Record<string, string> = {}) =>
        new Promise<{ status: number; id: string | undefined }>((resolve, reject) => {
          const agent = keepAlive ? new http.Agent({ keepAlive: true }) : false;
          http
            .get({ host: '127.0.0.1', port, path: dataUrl, headers, agent }, (res) => {
              res.resume();
              res.on('end', () => {
                if (agent) agent.destroy();
                resolve({ status: res.statusCode ?? 0, id: res.headers['x-request-id'] as string });
              });
            })
            .on('error', reject);
        });
      const before = await scrape(t);
      const labels = { method: 'GET', route: '/api/epaper/data', status: '200' };
      const replay = (result: string) => ({ cache: 'epaper_replays', result });
      const timed = (text: string) =>
        sample(text, 'folio_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/epaper/data',
        }) ?? 0;
      const first = await get();
      const second = await get({ 'x-request-id': 'replayed-request-1' });
      const third = await get();
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      const after = await scrape(t);
      expect(sample(after, 'folio_http_requests_total', labels), `${keepAlive}`).toBe(
        (sample(before, 'folio_http_requests_total', labels) ?? 0) + 3,
      );
      expect(timed(after)).toBe(timed(before) + 3);
      const hits = (text: string) => sample(text, 'folio_cache_lookups_total', replay('hit')) ?? 0;
      // The first request of the first round is the router's; every other one is replayed.
      expect(hits(after)).toBe(hits(before) + (keepAlive ? 3 : 2));
      // A replayed answer carries its own request's id, never the recorded one's.
      expect(second.id).toBe('replayed-request-1');
      expect(third.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set([first.id, third.id]).size).toBe(2);
    }
  });

  it("reports the job queue's figures, and none when they cannot be read", async () => {
    t.container.metrics.watchJobs({
      stats: async () => [
        { queue: 'ingest', waiting: 4, active: 1, oldestWaitingSeconds: 42.5 },
        { queue: 'mail', waiting: 0, active: 2, oldestWaitingSeconds: 0 },
      ],
    });
    const text = await scrape(t);
    expect(sample(text, 'folio_job_queue_depth', { queue: 'ingest', state: 'waiting' })).toBe(4);
    expect(sample(text, 'folio_job_queue_depth', { queue: 'ingest', state: 'active' })).toBe(1);
    expect(sample(text, 'folio_job_queue_depth', { queue: 'mail', state: 'active' })).toBe(2);
    expect(sample(text, 'folio_job_oldest_waiting_seconds', { queue: 'ingest' })).toBe(42.5);
    t.container.metrics.watchJobs({
      stats: async () => {
        throw new Error('queue unreachable');
      },
    });
    const without = await scrape(t);
    expect(sample(without, 'folio_job_queue_depth', { queue: 'ingest' })).toBeUndefined();
    t.container.metrics.watchJobs(undefined);
    expect(sample(await scrape(t), 'folio_job_queue_depth')).toBeUndefined();
  });

  it('reports the requests waiting for their turn in the HTTP intake', async () => {
    // The app's own intake, made with its server: nothing waits between requests.
    expect(sample(await scrape(t), 'folio_http_requests_waiting')).toBe(0);
    const app = t.container.metrics;
    app.watchIntake({ waiting: 7 });
    expect(sample(await scrape(t), 'folio_http_requests_waiting')).toBe(7);
    app.watchIntake({ waiting: 0 });
  });

  it("reports the process's own metrics", async () => {
    const text = await scrape(t);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
  });

  it('answers a forwarded or remote request with the 404 of an unknown route', async () => {
    const unknown = await t.app.inject('/api/no-such-route');
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '127.0.0.1' },
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect([res.statusCode, res.json()]).toEqual([404, unknown.json()]);
    }
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect([remote.statusCode, remote.json()]).toEqual([
      404,
      { status: 'ERROR', message: MESSAGES.notFound },
    ]);
  });

  it('is left out of the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/readyz');
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('metrics behind a token', () => {
  const [backend] = testBackends;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend ?? { name: 'pglite' }, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t.close());

  it('answers only the bearer of the token, wherever it comes from', async () => {
    const read = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      t.app.inject({ url: '/metrics', headers, remoteAddress });
    // Without the token, not even a local client.
    expect((await read({})).statusCode).toBe(404);
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`])
      expect((await read({ authorization: wrong })).statusCode, wrong).toBe(404);
    const right = await read(
      { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
      '203.0.113.7',
    );
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.body).toContain('# TYPE folio_http_requests_total counter');
  });
});

describe.each(testBackends)('payment outcome metrics on $name', (backend) => {
  let t: TestApp;
  let plan: SubscriptionPlan;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const found = (await t.container.catalogue.visiblePlans('dh')).find(
      (p) => p.title === 'Monthly' && p.price_currency === 'INR',
    );
    if (!found) throw new Error('no Monthly INR plan');
    plan = found;
  });
  afterAll(async () => t.close());

  const outcome = async (kind: string, result: string) =>
    sample(await scrape(t), 'folio_payment_outcomes_total', { kind, outcome: result }) ?? 0;

  async function failedCheckout(cookie: string) {
    const origin = t.config.publicUrl;
    const started = checkoutResponseSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/subscriptions/checkout',
          headers: { origin, cookie },
          payload: {
            publisher: 'DH',
            planId: plan.id,
            termsAccepted: true,
            idempotencyKey: `fail-${Math.random()}`,
          },
        })
      ).json(),
    );
    if (started.kind !== 'payment') throw new Error('expected a payment');
    const pressed = await t.app.inject({
      method: 'POST',
      url: new URL(started.checkout.url).pathname,
      payload: 'action=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    });
    const back = new URL(String(pressed.headers.location));
    // The reader reloads the page the provider sent them back to.
    await t.app.inject(`${back.pathname}${back.search}`);
    await t.app.inject(`${back.pathname}${back.search}`);
  }

  it('counts purchases, renewals and refunds by outcome, each once', async () => {
    const paying = await signIn(t, { email: 'pays@example.com' });
    const declining = await signIn(t, { email: 'declines@example.com' });
    const failing = await signIn(t, { email: 'fails@example.com' });
    const { paymentId } = await buyThroughSandbox(t, paying.cookie, plan.id);
    await buyThroughSandbox(t, declining.cookie, plan.id);
    // The browser's return and the provider's webhook both report the failure.
    await failedCheckout(failing.cookie);
    expect(await outcome('purchase', 'captured')).toBe(2);
    expect(await outcome('purchase', 'failed')).toBe(1);

    // The declining reader's mandate fails from now on; both terms end on one day.
    const mandate = await t.db
      .selectFrom('subscriptions')
      .select(['mandate_id', 'end_date'])
      .where('user_id', '=', declining.body.user.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sandbox_mandates')
      .set({ charges_fail: true })
      .where('id', '=', mandate.mandate_id ?? '')
      .execute();
    const moveTo = (days: number) =>
      t.advanceClock(
        Date.parse(`${mandate.end_date}T00:00:00Z`) +
          days * DAY +
          6 * 3_600_000 -
          t.now().getTime(),
      );
    moveTo(-2);
    await t.container.renewals.runOnce();
    moveTo(1);
    expect(await t.container.renewals.runOnce()).toMatchObject({ charged: 1, failed: 1 });
    await t.container.renewals.runOnce();
    expect(await outcome('renewal', 'captured')).toBe(1);
    expect(await outcome('renewal', 'failed')).toBe(1);

    const support = (await staffSession(t, 'care@example.com', 'support')).cookie;
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/desk/care/payments/${paymentId}/refunds`,
      headers: { origin: t.config.publicUrl, cookie: support },
      payload: { amountMinor: 100, reason: 'Paid twice by mistake' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await outcome('refund', 'refunded')).toBe(1);
    expect(await outcome('purchase', 'captured')).toBe(2);
  });
});
