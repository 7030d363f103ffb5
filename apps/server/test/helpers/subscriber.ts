// A signed-in reader with a running subscription, written as a purchase leaves it,
// for tests of the reading side that need every page open (the purchase itself is
// tested in subscriptions.int.test.ts).
import { randomUUID } from 'node:crypto';
import { addDays, checkoutResponseSchema, type BrandCode } from '@folio/core';
import type { TestApp } from './app.ts';
import { signIn, type SignedIn } from './auth.ts';

export async function signInAsSubscriber(
  t: TestApp,
  options: {
    email?: string;
    brand?: BrandCode;
    archiveDays?: number;
    /** A sandbox mandate the renewal debits; `declines` makes every debit fail. */
    mandate?: 'pays' | 'declines';
  } = {},
): Promise<SignedIn> {
  const reader = await signIn(t, {
    email: options.email ?? `subscriber-${Math.random().toString(36).slice(2)}@example.com`,
  });
  const brand = options.brand ?? 'dh';
  // Mandates are for rupees only (RBI e-mandates).
  const plan = (await t.container.catalogue.visiblePlans(brand)).find(
    (p) => !options.mandate || p.price_currency === 'INR',
  );
  if (!plan) throw new Error('no plan on sale');
  const today = t.container.subscriptions.today();
  const mandateId = options.mandate ? `sbx_mandate_${Math.random().toString(36).slice(2)}` : null;
  if (mandateId)
    await t.db
      .insertInto('sandbox_mandates')
      .values({
        id: mandateId,
        currency: plan.price_currency,
        charges_fail: options.mandate === 'declines',
        created_at: t.now(),
      })
      .execute();
  await t.db
    .insertInto('subscriptions')
    .values({
      user_id: reader.body.user.id,
      brand,
      plan_id: plan.id,
      plan_title: plan.title,
      archive_days: options.archiveDays ?? -1,
      duration_unit: plan.duration_unit,
      duration_length: plan.duration_length,
      status: 'active',
      start_date: addDays(today, -1),
      end_date: addDays(today, 365),
      next_payment_due_date: addDays(today, 365),
      auto_renew: true,
      price_minor: plan.price_cents,
      currency: plan.price_currency,
      provider: 'sandbox',
      mandate_id: mandateId,
      created_at: t.now(),
      updated_at: t.now(),
    })
    .execute();
  return reader;
}

/**
 * Buys a plan for a signed-in reader the way the browser does, on the sandbox:
 * checkout, Pay on its hosted page, the signed return. Answers the paid order's id
 * and its payment's (and with them an invoice and a receipt, as any payment has).
 */
export async function buyThroughSandbox(
  t: TestApp,
  cookie: string,
  planId: number,
): Promise<{ orderId: string; paymentId: string }> {
  const origin = t.config.publicUrl;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/checkout',
    headers: { origin, cookie },
    payload: { publisher: 'DH', planId, termsAccepted: true, idempotencyKey: randomUUID() },
  });
  const answer = checkoutResponseSchema.parse(started.json());
  if (answer.kind !== 'payment') throw new Error(`expected a payment: ${started.body}`);
  const page = new URL(answer.checkout.url);
  const pressed = await t.app.inject({
    method: 'POST',
    url: page.pathname,
    payload: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
  });
  const back = new URL(String(pressed.headers.location));
  await t.app.inject({ url: `${back.pathname}${back.search}` });
  const order = await t.db
    .selectFrom('payment_orders')
    .select(['id', 'payment_id', 'status'])
    .where('id', '=', answer.orderId)
    .executeTakeFirstOrThrow();
  if (order.status !== 'paid' || !order.payment_id) throw new Error(`order ${order.id} not paid`);
  return { orderId: order.id, paymentId: order.payment_id };
}
