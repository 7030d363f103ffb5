// A first-time reader's whole journey is quiet, on a phone (412 px) and a desktop
// (1366 px): as a visitor (the paper, a locked page, an article, search, the
// support pages), signing in with a one-time code, subscribing and paying on the
// sandbox provider, then reading as a subscriber (every page, an article in text
// and image view, an ad, search, saved articles, the profile). On no screen a
// console error, an uncaught exception, a failed request, an answer of 400 or
// above the screen did not ask for, a Content-Security-Policy violation or an
// entry in Chromium's Issues panel (console-watch.ts, which names the issue kinds
// it leaves out and why). A visitor's screens never ask who is signed in. The
// holiday's notice is walked too: its data request answers 200 with no pages.
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '@folio/core';
import { enterCode, latestCode, uniquePhone } from './auth-helpers.ts';
import { watchConsole, type ConsoleWatch } from './console-watch.ts';
import {
  articleHotspots,
  expectPageImageLoaded,
  frontPageArticle,
  siteConfig,
  todaysEdition,
} from './helpers.ts';

const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 915 } },
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
] as const;

/** Closes whatever popup is open (a lock's, the welcome popup) the way a reader may: Escape. */
async function closePopup(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function visitorScreens(page: Page, watch: ConsoleWatch, word: string) {
  watch.enter('reader, front page (visitor)');
  await page.goto('/');
  await expectPageImageLoaded(page);
  await watch.settle();

  watch.enter('reader, a locked page and its popup (visitor)');
  await page.goto('/?page=1');
  await closePopup(page);
  await watch.settle();

  watch.enter('article, text view (visitor)');
  await page.goto('/');
  await expectPageImageLoaded(page);
  await articleHotspots(page).first().click();
  await expect(page).toHaveURL(/\/article\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await watch.settle();

  watch.enter('search with results (visitor)');
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();
  await watch.settle();

  for (const [name, path] of [
    ['FAQs', '/faqs'],
    ['contact', '/contact'],
    ['terms and privacy', '/legal-and-privacy-policy'],
  ] as const) {
    watch.enter(`${name} (visitor)`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await watch.settle();
  }
}

async function signIn(page: Page, watch: ConsoleWatch) {
  watch.enter('sign-in');
  await page.goto('/auth');
  const phone = uniquePhone();
  await page.getByRole('tab', { name: 'Mobile' }).click();
  await page.getByPlaceholder('Enter phone number').fill(phone);
  await watch.settle();

  watch.enter('one-time code');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/verify_otp/);
  await expect(page.getByRole('textbox', { name: 'One-time code' })).toBeVisible();
  await watch.settle();

  watch.enter('signed in (authenticate)');
  await enterCode(page, await latestCode(page.request, `+91${phone}`));
  await expect(page).toHaveURL(/\/auth\/authenticate/);
  await watch.settle();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
}

async function subscribeAndPay(page: Page, watch: ConsoleWatch) {
  watch.enter('subscribe (signed in)');
  await page.goto('/subscribe');
  const card = page.getByRole('article', { name: 'Monthly', exact: true });
  await expect(card).toBeVisible();
  await watch.settle();

  watch.enter('review');
  await card.getByRole('button', { name: /Select Plan|Change Plan/ }).click();
  await page
    .getByRole('region', { name: 'Selected plan' })
    .getByRole('button', { name: 'Review & Pay' })
    .click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('button', { name: 'Proceed To Pay' })).toBeVisible();
  await watch.settle();

  watch.enter('sandbox checkout');
  await page.getByRole('button', { name: 'Proceed To Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await watch.settle();

  watch.enter('payment success');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  // Its confetti and its 5-second stay, up to the return to the paper.
  await expect(page).toHaveURL(/\/(\?.*)?$/, { timeout: 10_000 });

  watch.enter('reader with the welcome popup (new subscriber)');
  await expectPageImageLoaded(page);
  await closePopup(page);
  await watch.settle();
}

async function subscriberScreens(page: Page, watch: ConsoleWatch, word: string) {
  watch.enter('reader, page 2 (subscriber)');
  await page.goto('/?page=1');
  await expectPageImageLoaded(page);
  await watch.settle();

  watch.enter('article, text view, bookmarked (subscriber)');
  await articleHotspots(page).first().click();
  await expect(page).toHaveURL(/\/article\//);
  const bookmark = page.getByRole('button', { name: 'Bookmark' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await watch.settle();

  watch.enter('article, image view (subscriber)');
  await page.getByRole('button', { name: 'Image view' }).click();
  const clip = page.getByTestId('article-clip').getByRole('img');
  await expect
    .poll(() => clip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await watch.settle();

  watch.enter('ad viewer (subscriber)');
  const { data } = await todaysEdition(page.request);
  const withAd = data.sections.flatMap((s) => s.pages).findIndex((p) => p.ads.length > 0);
  expect(withAd, "a page of today's paper with an ad").toBeGreaterThanOrEqual(0);
  await page.goto(`/?page=${withAd}`);
  await expectPageImageLoaded(page);
  await page.getByRole('button', { name: 'Advertisement' }).first().click();
  await expect(page).toHaveURL(/\/ad-viewer\//);
  await expect(page.getByRole('img', { name: 'Advertisement' })).toBeVisible();
  await watch.settle();

  watch.enter('search with results (subscriber)');
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();
  await watch.settle();

  watch.enter('saved articles');
  await page.goto('/saved-articles');
  await expect(
    page.getByRole('list', { name: 'Saved articles' }).getByRole('listitem').first(),
  ).toBeVisible();
  await watch.settle();

  watch.enter('profile, personal details');
  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'Subscriptions' })).toBeVisible();
  await watch.settle();

  watch.enter('profile, subscriptions');
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Monthly' })).toBeVisible();
  await watch.settle();

  watch.enter("a holiday's notice (subscriber)");
  const holiday = await demoHoliday(page);
  await page.goto(`/?date=${holiday.date}`);
  await expect(page.getByRole('heading', { name: holiday.holiday_message })).toBeVisible();
  await watch.settle();
}

/** The demo seed's holiday, one of the six days before today. */
async function demoHoliday(page: Page): Promise<{ date: string; holiday_message: string }> {
  const { today } = await siteConfig(page.request);
  for (let back = 1; back <= 6; back += 1) {
    const date = addDays(today, -back);
    const popup = (await (await page.request.get(`/api/pop-up/by-date?date=${date}`)).json()) as {
      date: string;
      holiday_message: string;
    }[];
    if (popup[0]) return popup[0];
  }
  throw new Error('the demo seed has no holiday in the last six days');
}

for (const size of SIZES) {
  test(`on a ${size.name}, a first-time reader's whole journey: no console error, no CSP violation, no browser issue`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size.viewport);
    const watch = await watchConsole(page);
    const authCalls: string[] = [];
    const countAuthCalls = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/auth/')) authCalls.push(request.url());
    };
    page.on('request', countAuthCalls);

    const { word } = await frontPageArticle(page);
    await visitorScreens(page, watch, word);
    // A visitor is known to be one without asking who is signed in.
    expect(authCalls).toEqual([]);
    page.off('request', countAuthCalls);

    await signIn(page, watch);
    await subscribeAndPay(page, watch);
    await subscriberScreens(page, watch, word);

    console.log(
      `clean console on a ${size.name}, ${watch.screens.length} screens:\n  ${watch.screens.join('\n  ')}`,
    );
    expect(watch.problems).toEqual([]);
  });
}
