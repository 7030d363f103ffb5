// Saved articles as a subscriber meets them, on a phone (412 px) and a desktop:
// an article bookmarked from the article reader, found in /saved-articles with
// its clip, filtered (the filter survives a reload), and removed after the
// confirmation.
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
  });
}
