// Sign-in and account end to end: codes read from the development outbox, real
// sessions, real profile edits.
import { expect, test } from '@playwright/test';
import {
  enterCode,
  latestCode,
  openProfileAsSubscriber,
  signUpByPhone,
  uniqueEmail,
  uniquePhone,
} from './auth-helpers.ts';
import { siteConfig } from './helpers.ts';

test('sign in by mobile: new reader passes /auth/authenticate and stays signed in', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Log in or Create Your Account' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mobile' }).click();
  const input = page.getByPlaceholder('Enter phone number');
  await expect(input).toHaveAttribute('maxlength', '10');
  await input.pressSequentially(`${phone.slice(0, 3)}-ab ${phone.slice(3)}`);
  await expect(input).toHaveValue(phone);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Verification' })).toBeVisible();
  await expect(page.getByText('Please check your phone for the OTP')).toBeVisible();
  await expect(page.getByText(/Resend OTP in 00:\d\d/)).toBeVisible();
  await enterCode(page, await latestCode(request, `+91${phone}`));

  await expect(page).toHaveURL(/\/auth\/authenticate/);
  await expect(page.getByText('Successfully Verified')).toBeVisible();
  await expect(
    page.getByLabel('I agree to receive marketing and promotional communications.'),
  ).not.toBeChecked();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('sign in by e-mail; a returning reader skips the welcome screen', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reader');
  for (const round of [1, 2]) {
    await page.goto('/auth?redirectUrl=/profile');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByPlaceholder('Enter email id').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please check your email for the OTP')).toBeVisible();
    await enterCode(page, await latestCode(request, email));
    if (round === 1) {
      await expect(page.getByText('Successfully Verified')).toBeVisible();
      await expect(
        page.getByLabel("Sign me up for 'Top News of the Day' Newsletter"),
      ).not.toBeChecked();
      await page.getByRole('button', { name: 'Finish' }).click();
      await expect(page).toHaveURL(/\/profile/);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/(\?.*)?$/);
    } else {
      await expect(page).toHaveURL(/\/profile/);
      await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    }
  }
});

test('login validation texts appear above the input and clear on typing', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your mobile number')).toBeVisible();
  await page.getByPlaceholder('Enter phone number').fill('5123456789');
  await expect(page.getByText('Please enter your mobile number')).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid mobile number')).toBeVisible();

  await page.getByRole('tab', { name: 'Email' }).click();
  await expect(page.getByText('Invalid mobile number')).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByPlaceholder('Enter email id').fill('reader@');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page).toHaveURL(/\/auth(\?.*)?$/);
});

test('a wrong code says "Invalid OTP."', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await page.getByPlaceholder('Enter phone number').fill(phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await latestCode(request, `+91${phone}`);
  const wrong = code === '000000' ? '111111' : '000000';
  await enterCode(page, wrong);
  await expect(page.getByText('Invalid OTP.')).toBeVisible();
});

test('profile: name, e-mail and phone edits, then logout', async ({ page, request }) => {
  const phone = await signUpByPhone(page, request);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Personal Information' })).toBeVisible();

  // Name: the spec's messages, then a save.
  await page.getByRole('button', { name: 'Edit Name' }).click();
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('A');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter at least 2 characters')).toBeVisible();
  await name.fill('9 Lives');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid name')).toBeVisible();
  await name.fill('Asha Rao');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name updated successfully')).toBeVisible();
  await expect(page.getByText('Asha Rao')).toBeVisible();

  // The same phone number is refused.
  await page.getByRole('button', { name: 'Edit Mobile Number' }).click();
  await page.getByRole('textbox', { name: 'Mobile Number' }).fill(phone);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User already exists with this mobile number')).toBeVisible();

  // A new phone number goes through a code sent to it.
  const newPhone = uniquePhone();
  await page.getByRole('textbox', { name: 'Mobile Number' }).fill(newPhone);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/auth\/verify_otp/);
  await enterCode(page, await latestCode(request, `+91${newPhone}`));
  await expect(page.getByText('Mobile number updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByText(newPhone)).toBeVisible();

  // Adding an e-mail the same way.
  const email = uniqueEmail('profile');
  await page.getByRole('button', { name: 'Edit Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('not..valid@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/auth\/verify_otp/);
  await enterCode(page, await latestCode(request, email));
  await expect(page.getByText('Email updated successfully')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Logout ends the session; protected routes send the visitor away.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).not.toHaveURL(/\/profile/);
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);
});

test('the welcome popup is modal: focus stays in it, the page behind is inert and still, Escape closes it', async ({
  page,
  request,
}) => {
  await signUpByPhone(page, request);
  await openProfileAsSubscriber(page);
  const dialog = page.getByRole('dialog', { name: 'Please verify your information' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  const htmlOverflow = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).overflow);
  expect(await htmlOverflow()).toBe('hidden');

  // Tab and Shift+Tab never reach the page behind the popup.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'nowhere';
      return active.closest('dialog') ? 'popup' : 'page';
    });
    expect(where).not.toBe('page');
  }
  const logoutTakesFocus = await page.evaluate(() => {
    const logout = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent === 'Logout',
    );
    logout?.focus();
    return document.activeElement === logout;
  });
  expect(logoutTakesFocus).toBe(false);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await htmlOverflow()).not.toBe('hidden');
  await expect
    .poll(async () => {
      const { publisher } = await siteConfig(request);
      const answer = await page.request.get(`/api/users/preferences?publisher=${publisher}`);
      return ((await answer.json()) as { welcome_popup_enabled: boolean }).welcome_popup_enabled;
    })
    .toBe(false);
});
