// The reading position kept on the account (issue 9): a subscriber reads page 3
// on one device, then opens the site on another device signed in as the same
// reader. The site opens on today's front page, as the logo does (spec 1 §2), and
// offers page 3 of the same edition ("Continue where you left off") instead of
// forcing it; on a phone and a desktop.
import { expect, test } from '@playwright/test';
import { becomeSubscriber, signInThroughApi } from './auth-helpers.ts';
import { expectPageImageLoaded, SCREENS, todaysEdition } from './helpers.ts';

const endsWith = (text: string) => new RegExp(`: ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

for (const size of SCREENS) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("a subscriber's page 3 on one device is offered where another device opens, and the logo returns to today's front page", async ({
      page,
      browser,
      baseURL,
    }) => {
      const phone = await becomeSubscriber(page);
      const { config, edition, data } = await todaysEdition(page.request, 'defaultEdition');
      const third = data.sections.flatMap((section) => section.pages)[2];
      if (!third) throw new Error("today's edition has fewer than three pages");

      await page.goto('/');
      await expectPageImageLoaded(page);
      const next = page.getByRole('button', { name: 'Next page' });
      await next.click();
      await expect(page).toHaveURL(/page=1$/);
      const saved = page.waitForResponse(
        (response) =>
          response.url().includes('/api/users/reading-position') &&
          response.request().method() === 'PUT' &&
          (response.request().postDataJSON() as { page: number }).page === 2,
      );
      await next.click();
      await expect(page).toHaveURL(new RegExp(`date=${config.today}&edition=${edition}&page=2$`));
      const response = await saved;
      expect(response.ok()).toBe(true);
      expect(response.request().postDataJSON()).toEqual({ date: config.today, edition, page: 2 });

      // Another device: a browser of its own, signed in again as the same reader.
      const other = await browser.newContext({ baseURL, viewport: size.viewport });
      try {
        const device = await other.newPage();
        await signInThroughApi(device, phone);
        await device.goto('/');
        const front = data.sections.flatMap((section) => section.pages)[0];
        if (!front) throw new Error("today's edition has no front page");
        await expect(await expectPageImageLoaded(device)).toHaveAttribute(
          'alt',
          endsWith(front.displayName),
        );
        // The page the other device reached is offered, not forced.
        const offer = device.getByRole('link', { name: /^Continue where you left off/ });
        await expect(offer).toContainText('page 3');
        await offer.click();
        await expect(device).toHaveURL(
          new RegExp(`date=${config.today}&edition=${edition}&page=2$`),
        );
        await expect(await expectPageImageLoaded(device)).toHaveAttribute(
          'alt',
          endsWith(third.displayName),
        );
        await expect(offer).toBeHidden();

        // The logo goes back to today's front page of the reader's edition, and the
        // place read is offered again.
        await device.getByRole('link', { name: /today's front page/ }).click();
        await expect(device).toHaveURL(
          new RegExp(`/\\?date=${config.today}&edition=${edition}&page=0$`),
        );
        await expect(await expectPageImageLoaded(device)).toHaveAttribute(
          'alt',
          endsWith(front.displayName),
        );
        await expect(offer).toBeVisible();

        // A link naming a place still opens that place.
        await device.goto(`/?date=${config.today}&edition=${edition}&page=0`);
        await expect(await expectPageImageLoaded(device)).not.toHaveAttribute(
          'alt',
          endsWith(third.displayName),
        );
      } finally {
        await other.close();
      }
    });
  });
}
