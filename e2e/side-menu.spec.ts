// The reader's side menu as a reader meets it, on a phone (412 px, touch) and a
// desktop (keyboard): opening it, moving through it, Escape, the support block,
// following FAQs and Home, Get in touch in a new tab, and a visitor's Saved
// Articles. Home and the header's logo lead to today's front page (spec 1 §2).
import { expect, test, type Page } from '@playwright/test';
import { BRANDS } from '@folio/core';
import { expectPageImageLoaded, siteConfig } from './helpers.ts';

const SIZES = [
  { name: 'phone', use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
] as const;

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    async function openMenu(page: Page) {
      if (size.name === 'phone') await menuButton(page).tap();
      else {
        await menuButton(page).focus();
        await page.keyboard.press('Enter');
      }
      await expect(menu(page)).toBeVisible();
    }

    test('opens, keeps focus inside, shows the support block and closes on Escape', async ({
      page,
    }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      await openMenu(page);
      const panel = menu(page);
      await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
      // A panel at the right edge, the whole height of the screen.
      const box = await panel.boundingBox();
      const viewport = page.viewportSize();
      expect(box && viewport && Math.round(box.x + box.width)).toBe(viewport?.width);
      expect(box?.height).toBe(viewport?.height);

      const nav = panel.getByRole('navigation', { name: 'Site' });
      await expect(nav.getByRole('listitem')).toHaveText([
        'Home',
        'Search',
        'Saved Articles',
        'FAQs',
        /^Get in touch/,
      ]);
      const support = panel.getByRole('region', { name: 'Facing Issues?' });
      await expect(support.getByRole('link', { name: /\+91 80 4000 2000/ })).toHaveAttribute(
        'href',
        'https://wa.me/918040002000',
      );
      await expect(
        support.getByRole('link', { name: /epaper-support@dh\.example/ }),
      ).toHaveAttribute('href', 'mailto:epaper-support@dh.example');
      await expect(support).toContainText('Working Hours Mon - Fri : 10:00 AM to 6:00 PM');

      // Tab walks the menu's controls in order and stays inside it.
      const names: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        await page.keyboard.press('Tab');
        const inside = await panel.evaluate((dialog) => dialog.contains(document.activeElement));
        expect(inside).toBe(true);
        names.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
      }
      expect(names).toEqual([
        'Home',
        'Search',
        'Saved Articles',
        'FAQs',
        'Get in touch (opens in a new tab)',
        'WhatsApp +91 80 4000 2000',
        'E-mail epaper-support@dh.example',
      ]);

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
      await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
    });

    test('follows FAQs to the FAQ page', async ({ page }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      await openMenu(page);
      await menu(page).getByRole('link', { name: 'FAQs' }).click();
      await expect(page).toHaveURL(/\/faqs$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
      ).toBeVisible();
      const question = page.getByRole('main').getByRole('button').first();
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(menu(page)).toHaveCount(0);
    });

    test("Home and the logo lead from another page to today's front page of the reader's edition", async ({
      page,
    }) => {
      const config = await siteConfig(page.request);
      const frontPage = new RegExp(
        `/\\?date=${config.today}&edition=${BRANDS[config.brand].defaultEdition}&page=0$`,
      );
      await page.goto('/faqs');
      await openMenu(page);
      const home = menu(page).getByRole('link', { name: 'Home' });
      if (size.name === 'phone') await home.tap();
      else await home.click();
      await expect(page).toHaveURL(frontPage);
      await expectPageImageLoaded(page);
      await expect(menu(page)).toHaveCount(0);

      await page.goto('/faqs');
      const logo = page.getByRole('banner').getByRole('link', { name: /today's front page/ });
      if (size.name === 'phone') await logo.tap();
      else await logo.click();
      await expect(page).toHaveURL(frontPage);
      await expectPageImageLoaded(page);
    });

    test('opens Get in touch in a new tab and leaves the reader where it was', async ({
      page,
      context,
    }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      const readerUrl = page.url();
      await openMenu(page);
      const contactRequest = context.waitForEvent(
        'request',
        (request) =>
          request.isNavigationRequest() && new URL(request.url()).pathname === '/contact',
      );
      const newTab = context.waitForEvent('page');
      await menu(page)
        .getByRole('link', { name: /Get in touch/ })
        .click();
      const contactTab = await newTab;
      await contactRequest;
      await expect(
        contactTab.getByRole('heading', { name: 'Contact Our Editorial Team' }),
      ).toBeVisible();
      expect(context.pages()).toHaveLength(2);
      expect(page.url()).toBe(readerUrl);
    });

    test("shows a visitor's Saved Articles the subscriber popup, then focus returns to the menu button", async ({
      page,
    }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      await openMenu(page);
      await menu(page).getByRole('button', { name: 'Saved Articles' }).click();
      const popup = page.getByRole('dialog', { name: 'Subscriber-Only Feature' });
      await expect(popup).toBeVisible();
      await expect(popup.getByRole('link', { name: 'Log in here' })).toBeVisible();
      await expect(menu(page)).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
    });
  });
}

test('the header fits a 360 px phone: nothing runs off the edge', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/');
  await expectPageImageLoaded(page);
  await expect(menuButton(page)).toBeVisible();
  const bar = page.getByRole('banner').locator('> div');
  const widths = await bar.evaluate((row) => ({
    scroll: row.scrollWidth,
    client: row.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const right = await menuButton(page).evaluate((button) => button.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(360);
  await context.close();
});
