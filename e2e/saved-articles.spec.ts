// Saved articles as a subscriber meets them, on a phone (412 px) and a desktop:
// an article bookmarked from the article reader, found in /saved-articles with
// its clip, filtered (the filter survives a reload), and removed after the
// confirmation; shared, and locked with the upgrade popup once the reader's plan
// no longer opens its page; and the prompt a signed-out reader gets instead.
import { expect, test } from '@playwright/test';
import { becomeSubscriber } from './auth-helpers.ts';
import { articleHotspots, expectPageImageLoaded, SCREENS } from './helpers.ts';

for (const size of SCREENS) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a subscriber bookmarks an article, finds and filters it in saved articles, and removes it', async ({
      page,
    }) => {
      await becomeSubscriber(page);
      await page.goto('/');
      await expectPageImageLoaded(page);
      await articleHotspots(page).first().click();
      await expect(page).toHaveURL(/\/article\//);
      const bookmark = page.getByRole('button', { name: 'Bookmark' });
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      await bookmark.click();
      await expect(page.getByText('Article Bookmarked')).toBeVisible();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/saved-articles');
      const cards = page.getByRole('list', { name: 'Saved articles' }).getByRole('listitem');
      await expect(cards).toHaveCount(1);
      const title = (await cards.first().locator('.font-serif').textContent()) ?? '';
      expect(title.length).toBeGreaterThan(3);
      const clip = cards.first().locator('img');
      await expect
        .poll(() => clip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      // Any case of part of the title finds it; a word it does not have finds nothing.
      const search = page.getByPlaceholder('Search saved articles...');
      const part = title.slice(0, Math.min(6, title.length)).toUpperCase();
      await search.fill('no such words anywhere');
      await expect(page.getByRole('heading', { name: 'No Matches Found' })).toBeVisible();
      await search.fill(part);
      await expect(cards).toHaveCount(1);
      await page.reload();
      await expect(page.getByPlaceholder('Search saved articles...')).toHaveValue(part);
      await expect(cards).toHaveCount(1);

      await cards
        .first()
        .getByRole('button', { name: `Remove ${title} from bookmarks` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Remove Bookmark' });
      await expect(
        confirm.getByText('Are you sure you want to remove this article from bookmarks?'),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('Bookmark Removed')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No Saved Articles Yet' })).toBeVisible();
    });

    test('signed out, the bookmark asks the reader to log in (no plan needed) and saves nothing', async ({
      page,
    }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      await articleHotspots(page).first().click();
      await expect(page).toHaveURL(/\/article\//);
      const bookmark = page.getByRole('button', { name: 'Bookmark' });
      await bookmark.click();
      const popup = page.getByRole('dialog', { name: 'Log In To Bookmark Articles' });
      await expect(popup.getByRole('link', { name: 'Log In or Sign Up' })).toBeVisible();
      await popup.getByRole('button', { name: 'Maybe Later' }).click();
      await expect(popup).toBeHidden();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    });

    test("an ePaper Lite reader shares a bookmark of today's page, and the next day it is locked and opens the upgrade popup", async ({
      page,
    }) => {
      // ePaper Lite opens today's paper only: yesterday's pages are outside its archive.
      await becomeSubscriber(page, 'ePaper Lite');
      const origin = new URL(page.url()).origin;
      await page.goto('/');
      await expectPageImageLoaded(page);
      await articleHotspots(page).first().click();
      await expect(page).toHaveURL(/\/article\//);
      await page.getByRole('button', { name: 'Bookmark' }).click();
      await expect(page.getByText('Article Bookmarked')).toBeVisible();

      await page.goto('/saved-articles');
      const card = page.getByRole('list', { name: 'Saved articles' }).getByRole('listitem');
      await expect(card).toHaveCount(1);
      const title = (await card.locator('.font-serif').textContent()) ?? '';
      await card.getByRole('button', { name: `Share ${title}` }).click();
      const share = page.getByRole('dialog', { name: 'Share' });
      await expect(share.getByRole('textbox', { name: 'Article link' })).toHaveValue(
        new RegExp(`^${origin}/article/`),
      );
      await page.keyboard.press('Escape');
      await expect(share).toBeHidden();
      await expect(card.getByText('Locked')).toBeHidden();

      try {
        // The server's development clock, a day on: the bookmark's page is yesterday's.
        const moved = await page.request.put('/api/dev/clock', {
          data: { offsetDays: 1 },
          headers: { origin },
        });
        expect(moved.ok(), await moved.text()).toBe(true);
        await page.reload();
        await expect(card.getByText('Locked')).toBeVisible();
        await expect(card.locator('img')).toHaveCount(0);
        await card.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) }).click();
        const popup = page.getByRole('dialog', { name: 'Premium Feature Access' });
        await expect(popup.getByRole('link', { name: 'View Upgrade Options' })).toBeVisible();
        await popup.getByRole('button', { name: 'Continue With Current Plan' }).click();
        await expect(popup).toBeHidden();
        await expect(page).toHaveURL(/\/saved-articles/);
      } finally {
        await page.request.put('/api/dev/clock', { data: { offsetDays: 0 }, headers: { origin } });
      }
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
