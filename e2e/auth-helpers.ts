import { expect, type APIRequestContext, type Page } from '@playwright/test';

interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  text: string;
}

/** The newest code the development outbox holds for a destination. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      const newest = messages.find((m) => m.to === to);
      code = newest?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Types a code into the six boxes and presses Verify. */
export async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'One-time code' }).click();
  // The code submits itself after the sixth digit (the Verify button stays for a retry).
  await page.keyboard.type(code);
}

/** A mobile number no other test uses, so per-destination send limits never collide. */
export function uniquePhone(): string {
  return `9${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}@example.com`;
}

/** Signs a new reader up by mobile through the real screens and the outbox. */
export async function signUpByPhone(page: Page, request: APIRequestContext, phone = uniquePhone()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await page.getByPlaceholder('Enter phone number').fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/verify_otp/);
  await enterCode(page, await latestCode(request, `+91${phone}`));
  await expect(page.getByText('Successfully Verified')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  return phone;
}

interface PlanOnSale {
  id: number;
  title: string;
  price_currency: string;
}

/**
 * Buys a plan for the signed-in reader of `page` the way the browser does, on the
 * sandbox provider: Proceed, press Pay on its hosted page, follow the signed return.
 * Through the page's own request context, so the purchase is the page's reader's.
 */
export async function buyPlanThroughSandbox(page: Page, title = 'Monthly', currency = 'INR') {
  const api = page.request;
  const origin = new URL(page.url()).origin;
  const plans = (await (
    await api.get('/api/subscription-plans?publisher=DH')
  ).json()) as PlanOnSale[];
  const plan = plans.find((p) => p.title === title && p.price_currency === currency);
  expect(plan, `plan ${title}`).toBeTruthy();
  const proceed = await api.post('/api/subscriptions/checkout', {
    data: {
      publisher: 'DH',
      planId: plan?.id,
      termsAccepted: true,
      idempotencyKey: `e2e-${Date.now()}-${Math.random()}`,
    },
    headers: { origin },
  });
  expect(proceed.ok(), await proceed.text()).toBe(true);
  const { checkout } = (await proceed.json()) as { checkout: { url: string } };
  const paid = await api.post(new URL(checkout.url).pathname, {
    form: { action: 'pay' },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const back = new URL(paid.headers().location ?? '', origin);
  const landed = await api.get(`${back.pathname}${back.search}`, { maxRedirects: 0 });
  expect(landed.headers().location).toMatch(/^\/payment-success\?order=/);
}

/**
 * Signs a new reader in by the API (the code from the outbox), in the page's own
 * browser context, so the page is signed in from its next load. For tests about
 * what comes after sign-in; auth.spec.ts walks the screens.
 */
export async function signInThroughApi(page: Page, phone = uniquePhone()) {
  if (page.url() === 'about:blank') await page.goto('/auth');
  const api = page.request;
  const origin = new URL(page.url()).origin;
  const sent = await api.post('/api/auth/code', {
    data: { phoneNumber: `+91${phone}` },
    headers: { origin },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { preAuthSessionId, deviceId } = (await sent.json()) as {
    preAuthSessionId: string;
    deviceId: string;
  };
  const verified = await api.post('/api/auth/verify-code', {
    data: { preAuthSessionId, deviceId, userInputCode: await latestCode(api, `+91${phone}`) },
    headers: { origin },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return phone;
}

/**
 * A new reader with a plan (every page and edition, archive per plan), signed in
 * on `page`; gives their phone, to sign in as them elsewhere (another device).
 */
export async function becomeSubscriber(page: Page, title = '2 Years', currency = 'INR') {
  const phone = await signInThroughApi(page);
  await buyPlanThroughSandbox(page, title, currency);
  // The welcome popup is a11y.spec.ts's and auth.spec.ts's subject; here it would
  // cover the page under test.
  const origin = new URL(page.url()).origin;
  const closed = await page.request.post('/api/users/disable-welcome-popup', {
    headers: { origin },
  });
  expect(closed.ok()).toBe(true);
  return phone;
}

/** Makes the signed-in reader a subscriber, whom the welcome popup is for, and opens /profile. */
export async function openProfileAsSubscriber(page: Page) {
  await buyPlanThroughSandbox(page);
  await page.goto('/profile');
}
