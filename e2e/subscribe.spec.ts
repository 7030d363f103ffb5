// Subscriptions as a new reader meets them, on the sandbox payment provider that a
// fresh `npm start` uses: locked pages, buying a plan from /subscribe through
// sign-in, a currency switched on the way, a failed payment retried, an upgrade,
// a downgrade and a cancelled renewal, and a plan that lapses. Each journey on a phone (412 px) and a desktop.
import { expect, test, type Page } from '@playwright/test';
import {
  BRANDS,
  addDays,
  daysBetween,
  editionGroupsSchema,
  epaperDataSchema,
  isoToCompact,
} from '@folio/core';
import {
  becomeSubscriber,
  buyPlanThroughSandbox,
  enterCode,
  latestCode,
  signInThroughApi,
  uniquePhone,
} from './auth-helpers.ts';
import { expectPageImageLoaded, siteConfig, SCREENS, todaysEdition } from './helpers.ts';

const lockOf = (page: Page) =>
  page.getByRole('button', { name: /locked\. Subscribe to read this page/ });

/** Chooses a plan (INR) on /subscribe and proceeds from the sticky bar. */
async function choosePlan(page: Page, title: string, proceed = 'Review & Pay') {
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: /Select Plan|Change Plan/ }).click();
  await page
    .getByRole('region', { name: 'Selected plan' })
    .getByRole('button', { name: proceed })
    .click();
}

/** A reader signed in by the API who will not meet the welcome popup (a11y and auth specs test it). */
async function signInWithoutWelcome(page: Page) {
  await signInThroughApi(page);
  const origin = new URL(page.url()).origin;
  const closed = await page.request.post('/api/users/disable-welcome-popup', {
    headers: { origin },
  });
  expect(closed.ok()).toBe(true);
}

/** On the sandbox provider's page, presses a button; its page is Folio's own. */
async function sandbox(page: Page, button: 'Pay' | 'Fail' | 'Close') {
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** /review names the plan and charges its total, and nothing in another currency. */
async function expectReview(page: Page, title: string, total: string, otherTotal: string) {
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await expect(page.getByText(otherTotal, { exact: true })).toBeHidden();
}

/** The sandbox's page shows the order the server made: the plan and its amount. */
async function expectSandboxOrder(page: Page, title: string, amount: string) {
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByText(amount, { exact: true })).toBeVisible();
}

for (const size of SCREENS) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a visitor reads the front page; later pages are a blurred preview with a lock, and their files are refused', async ({
      page,
      request,
    }) => {
      const { data } = await todaysEdition(request);
      const [front, second] = data.sections.flatMap((s) => s.pages);
      expect(front?.locked).toBe(false);
      expect(second?.locked).toBe(true);
      expect(second?.articles).toEqual([]);
      // The files of page 2, by the names ingest gives them, answer 401 to a visitor.
      for (const file of ['p02.webp', 'p02-zoom.webp', 'p02.pdf', 'p02-a01.html'])
        expect((await request.get(`${data.data_url_suffix}${file}`)).status(), file).toBe(401);

      await page.goto('/?page=1');
      await expect(lockOf(page)).toBeVisible();
      const popup = page.getByRole('dialog', { name: 'Subscriber-Only Feature' });
      await expect(popup).toBeVisible();
      await expect(popup.getByRole('link', { name: 'Log in here' })).toBeVisible();
      await popup.getByRole('button', { name: 'Maybe Later' }).click();
      await expect(popup).toBeHidden();
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expectPageImageLoaded(page);
      await expect(lockOf(page)).toBeHidden();
    });

    test('a visitor picks a plan, signs in, pays in the sandbox and reads every page', async ({
      page,
      request,
    }) => {
      await page.goto('/subscribe');
      await expect(
        page.getByRole('heading', { name: 'Subscribe To Deccan Herald Epaper' }),
      ).toBeVisible();
      await expect(
        page.getByRole('main').getByText('Choose The Plan That Works Best For You'),
      ).toBeVisible();
      await choosePlan(page, 'Monthly');
      await expect(page).toHaveURL(/\/auth/);
      const phone = uniquePhone();
      await page.getByRole('tab', { name: 'Mobile' }).click();
      await page.getByPlaceholder('Enter phone number').fill(phone);
      await page.getByRole('button', { name: 'Continue' }).click();
      // A reader who chose a plan goes straight on to review it (spec 1 §4).
      await enterCode(page, await latestCode(request, `+91${phone}`));

      await expect(page).toHaveURL(/\/review$/);
      await expect(
        page.getByText('Your Subscription Renews Automatically, Cancel Anytime.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Proceed To Pay' }).click();
      await sandbox(page, 'Pay');
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await expect(page.getByText('Welcome! Your subscription is now active.')).toBeVisible();
      await expect(page).toHaveURL(/\/(\?.*)?$/, { timeout: 10_000 });

      // Subscribed: the welcome popup, once; then a later page opens.
      const welcome = page.getByRole('dialog', { name: 'Please verify your information' });
      await expect(welcome).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto('/?page=1');
      await expectPageImageLoaded(page);
      await expect(lockOf(page)).toBeHidden();
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      const tab = page.getByRole('tabpanel');
      await expect(tab.getByRole('heading', { name: 'Monthly' })).toBeVisible();
      await expect(tab.getByText('Ongoing')).toBeVisible();
      await expect(tab.getByText('Next Renewal On :')).toBeVisible();
      await expect(tab.getByText('₹199', { exact: true })).toBeVisible();
    });

    test('a signed-in free reader reads the free edition today only; other pages and dates prompt', async ({
      page,
    }) => {
      await signInWithoutWelcome(page);
      const config = await siteConfig(page.request);
      const edition = BRANDS[config.brand].freeEdition;
      await page.goto('/');
      await expectPageImageLoaded(page);
      await expect(lockOf(page)).toBeHidden();

      await page.goto('/?page=1');
      await expect(lockOf(page)).toBeVisible();
      const popup = page.getByRole('dialog', { name: 'Subscriber-Only Feature' });
      await expect(popup).toBeVisible();
      // Signed in already: the popup offers plans, not a sign-in.
      await expect(popup.getByRole('link', { name: 'Log in here' })).toBeHidden();
      await popup.getByRole('button', { name: 'Maybe Later' }).click();
      await expect(popup).toBeHidden();

      // Yesterday's front page of the same edition: free readers have today only.
      const yesterday = addDays(config.today, -1);
      await page.goto(`/?date=${yesterday}&edition=${edition}&page=0`);
      await expect(lockOf(page)).toBeVisible();
      await expect(popup).toBeVisible();
      const files = epaperDataSchema.parse(
        await (
          await page.request.get(
            `/api/epaper/data?date=${isoToCompact(yesterday)}&edition=${edition}&publisher=${config.publisher}`,
          )
        ).json(),
      );
      expect(files.sections.flatMap((s) => s.pages).every((p) => p.locked)).toBe(true);
      // Signed in, the refusal is 403 rather than 401.
      expect((await page.request.get(`${files.data_url_suffix}p01.webp`)).status()).toBe(403);
    });

    test("a signed-in free reader's edition selector shows a lock on the editions their plan does not open", async ({
      page,
    }) => {
      await signInWithoutWelcome(page);
      const config = await siteConfig(page.request);
      const free = BRANDS[config.brand].freeEdition;
      const editions = editionGroupsSchema
        .parse(
          await (
            await page.request.get(`/api/epaper/editions?publisher=${config.publisher}`)
          ).json(),
        )
        .flatMap((group) => group.editions);
      // Another edition that has an issue today, for choosing.
      let other: number | undefined;
      for (const edition of editions) {
        if (edition.edition_number === free || other !== undefined) continue;
        const issue = await page.request.get(
          `/api/epaper/data?date=${isoToCompact(config.today)}&edition=${edition.edition_number}&publisher=${config.publisher}`,
        );
        if (issue.ok()) other = edition.edition_number;
      }
      if (other === undefined) throw new Error('the demo paper has no other edition today');

      await page.goto('/');
      await expectPageImageLoaded(page);
      const select = page.getByRole('combobox', { name: 'Edition' });
      for (const edition of editions) {
        const open = edition.edition_number === free;
        const option = select.getByRole('option', {
          name: open ? edition.edition_name : `${edition.edition_name}, locked`,
          exact: true,
        });
        await expect(option).toHaveCount(1);
        await expect(option).toHaveText(open ? edition.edition_name : /\u{1F512}$/u);
      }

      // Choosing one: its front page, locked, and the subscriber popup.
      await select.selectOption(String(other));
      await expect(lockOf(page)).toBeVisible();
      const popup = page.getByRole('dialog', { name: 'Subscriber-Only Feature' });
      await expect(popup).toBeVisible();
      await expect(popup.getByRole('link', { name: 'Log in here' })).toBeHidden();
    });

    test('switching currency before choosing, after choosing and back from /review keeps the bar, /review and the order on one plan', async ({
      page,
    }) => {
      await signInWithoutWelcome(page);
      await page.goto('/subscribe');
      const bar = page.getByRole('region', { name: 'Selected plan' });
      const yearly = page.getByRole('article', { name: 'Yearly', exact: true });
      const inr = page.getByRole('button', { name: '₹ INR' });
      const usd = page.getByRole('button', { name: '$ USD' });

      // Before choosing: only the cards change.
      await usd.click();
      await expect(yearly.getByText('$49.99', { exact: true })).toBeVisible();
      await expect(bar).toBeHidden();
      await inr.click();
      await yearly.getByRole('button', { name: 'Select Plan' }).click();
      await expect(bar).toContainText('₹1999 / Year');

      // After choosing: the choice moves to the USD Yearly.
      await usd.click();
      await expect(bar).toContainText('Yearly');
      await expect(bar).toContainText('$49.99 / Year');
      await expect(yearly.getByRole('button', { name: 'Selected' })).toBeVisible();
      await bar.getByRole('button', { name: 'Review & Pay' }).click();
      await expectReview(page, 'Yearly', '$49.99', '₹1999');
      await page.getByRole('button', { name: 'Proceed To Pay' }).click();
      await expectSandboxOrder(page, 'Yearly', '$49.99');

      // Back from the provider to /review, then to the plans: still the USD Yearly.
      await page.goBack();
      await expectReview(page, 'Yearly', '$49.99', '₹1999');
      await page.getByRole('link', { name: 'Edit Yearly' }).click();
      await expect(page).toHaveURL(/\/subscribe$/);
      await expect(usd).toHaveAttribute('aria-pressed', 'true');
      await expect(bar).toContainText('$49.99 / Year');
      await inr.click();
      await expect(bar).toContainText('₹1999 / Year');
      await expect(yearly.getByRole('button', { name: 'Selected' })).toBeVisible();
      await bar.getByRole('button', { name: 'Review & Pay' }).click();
      await expectReview(page, 'Yearly', '₹1999', '$49.99');
      await page.getByRole('button', { name: 'Proceed To Pay' }).click();
      await expectSandboxOrder(page, 'Yearly', '₹1999');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

      // What was paid for is the plan the last screens named.
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      const tab = page.getByRole('tabpanel');
      await expect(tab.getByRole('heading', { name: 'Yearly' })).toBeVisible();
      await expect(tab.getByText('₹1999', { exact: true })).toBeVisible();
    });

    test('a failed payment lands on /payment-failure, and Retry Payment succeeds', async ({
      page,
    }) => {
      await signInWithoutWelcome(page);
      await page.goto('/subscribe');
      await choosePlan(page, 'Monthly');
      await expect(page).toHaveURL(/\/review$/);
      await page.getByRole('button', { name: 'Proceed To Pay' }).click();
      await sandbox(page, 'Fail');
      await expect(page).toHaveURL(/\/payment-failure\?reason=failed/);
      await expect(page.getByRole('heading', { name: 'Payment Failed!' })).toBeVisible();
      await expect(page.getByText('Payment failed. Please try again.')).toBeVisible();
      await page.getByRole('button', { name: 'Retry Payment' }).click();
      await sandbox(page, 'Pay');
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    });

    test('an upgrade shows the refund and starts today; a downgrade is scheduled after the current plan', async ({
      page,
    }) => {
      await signInWithoutWelcome(page);
      await buyPlanThroughSandbox(page, 'Monthly');
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      await page.getByRole('link', { name: 'Upgrade Plan' }).click();
      await expect(page).toHaveURL(/\/subscribe/);
      // The next plan up is chosen for an upgrade.
      await page
        .getByRole('region', { name: 'Selected plan' })
        .getByRole('button', { name: 'Change Plan' })
        .click();
      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByText(/for the unused portion of your current plan/)).toBeVisible();
      await page.getByRole('button', { name: 'Proceed To Change Plan' }).click();
      await sandbox(page, 'Pay');
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

      await page.goto('/subscribe');
      await choosePlan(page, 'Monthly', 'Change Plan');
      await expect(
        page.getByText('Change Of Plan Will Start Only After The Completion Of Your Current Plan'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Proceed To Change Plan' }).click();
      await expect(page.getByRole('heading', { name: 'Change Plan Scheduled' })).toBeVisible();
    });

    test('cancelling auto-renewal asks for a reason and confirms the end date', async ({
      page,
    }) => {
      await signInWithoutWelcome(page);
      await buyPlanThroughSandbox(page, 'Yearly');
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Subscriptions' }).click();
      await page.getByRole('button', { name: 'Cancel Renewal' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Yes, Stop Renewal' }).click();
      await expect(dialog.getByText('Select a reason to continue')).toBeVisible();
      await dialog.getByRole('combobox').selectOption("I'm not finding the news I want");
      await dialog.getByRole('button', { name: 'Yes, Stop Renewal' }).click();
      await expect(page.getByText('Auto-Renewal Canceled')).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('Expires On')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel Renewal' })).toBeHidden();
    });

    test('a plan no mandate renews offers Renew Now to its last day, then lapses the next and the paper locks again', async ({
      page,
    }) => {
      // A USD plan: no e-mandate, so nothing charges it and the reader must pay again.
      // With no debit to wait for it has no grace days (issue 23). Its archive has no
      // limit, so the demo's pages stay open to its last day.
      await becomeSubscriber(page, '2 Years', 'USD');
      const origin = new URL(page.url()).origin;
      const config = await siteConfig(page.request);
      const state = (await (
        await page.request.get(`/api/users/subscription?publisher=${config.publisher}`)
      ).json()) as { subscription: { end_date: string } };
      const end = state.subscription.end_date;
      const calendarToday = (
        (await (await page.request.get('/api/dev/clock')).json()) as { today: string }
      ).today;
      // The server's development clock, moved forward; renewals run at each move.
      const moveToDayAfterEnd = async (days: number) => {
        const moved = await page.request.put('/api/dev/clock', {
          data: { offsetDays: daysBetween(calendarToday, end) + days },
          headers: { origin },
        });
        expect(moved.ok(), await moved.text()).toBe(true);
      };
      // Page 2 of the free edition on the demo's latest date: only a subscriber opens it.
      const paidPage = `/?date=${config.today}&edition=${BRANDS[config.brand].freeEdition}&page=1`;
      const lock = page.getByRole('button', { name: /locked\. Subscribe to read this page/ });
      try {
        await moveToDayAfterEnd(0);
        await page.goto('/profile');
        const reminder = page.getByRole('dialog', { name: 'Your subscription is ending soon' });
        await expect(reminder.getByRole('button', { name: 'Renew Now' })).toBeVisible();
        await reminder.getByRole('button', { name: 'Remind Me Later' }).click();
        await page.getByRole('tab', { name: 'Subscriptions' }).click();
        await expect(page.getByText('Expires On')).toBeVisible();
        await page.goto(paidPage);
        await expectPageImageLoaded(page);
        await expect(lock).toBeHidden();

        // The day after its end date the plan has lapsed: no grace days.
        await moveToDayAfterEnd(1);
        await page.goto('/profile');
        await page.getByRole('tab', { name: 'Subscriptions' }).click();
        await expect(page.getByText('Freemium Plan')).toBeVisible();
        await page.goto(paidPage);
        await expect(lock).toBeVisible();
      } finally {
        await page.request.put('/api/dev/clock', { data: { offsetDays: 0 }, headers: { origin } });
      }
    });
  });
}
