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
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
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

/**
 * Opens /profile with the session marking the reader a subscriber, whom the
 * welcome popup is for. Marked only as /profile loads: marked on the page the
 * sign-up left open, the popup could show there first (once per session) and
 * never on /profile.
 */
export async function openProfileAsSubscriber(page: Page) {
  await page.addInitScript(() => {
    if (location.pathname === '/profile') sessionStorage.setItem('isSubscribed', 'true');
  });
  await page.goto('/profile');
}
