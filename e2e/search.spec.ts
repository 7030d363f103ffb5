// Article search as a reader meets it on the demo paper, on a phone (412 px,
// touch) and a desktop (keyboard): reached from the side menu, a word from one of
// today's front-page headlines typed into the box, hits after the pause, and the
// hit opened on its page with the article's box selected and focused; the next
// ten hits as the reader scrolls to the end; a locked hit's popup.
import { expect, test, type Page } from '@playwright/test';
import { searchResponseSchema } from '@folio/core';
import { expectPageImageLoaded, frontPageArticle, siteConfig } from './helpers.ts';

const SIZES = [
  { name: 'phone', use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
] as const;

/** Pages of ten to look through for the article before giving up. */
const MAX_PAGES_LOOKED_AT = 5;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    const activate = async (page: Page, target: ReturnType<Page['locator']>) => {
      if (size.name === 'phone') await target.tap();
      else {
        await target.focus();
        await page.keyboard.press('Enter');
      }
    };

    test("finds a front-page article by a word of its title and opens it on its page, the article's box selected and focused", async ({
      page,
    }) => {
      const { article, word } = await frontPageArticle(page);
      await page.goto('/');
      await expectPageImageLoaded(page);
      await activate(page, page.getByRole('banner').getByRole('button', { name: 'Menu' }));
      await activate(
        page,
        page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Search' }),
      );
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByText('Start Searching')).toBeVisible();
      const box = page.getByRole('searchbox', { name: 'Search articles' });
      await expect(box).toBeFocused();
      await expect(box).toHaveAttribute('placeholder', 'Search Articles...');

      await box.pressSequentially(word);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word)}`));
      const results = page.getByRole('list', { name: 'Search results' });
      await expect(results.getByRole('listitem').first()).toBeVisible();
      const hit = results.getByRole('link').filter({ hasText: article.title }).first();
      for (let i = 1; i < MAX_PAGES_LOOKED_AT && (await hit.count()) === 0; i += 1) {
        const more = page.getByRole('button', { name: 'Load more results' });
        if ((await more.count()) === 0) break;
        const shown = await results.getByRole('listitem').count();
        await more.click();
        await expect(results.getByRole('listitem')).not.toHaveCount(shown);
      }
      await expect(hit).toBeVisible();

      await activate(page, hit);
      await expect(page).toHaveURL(new RegExp(`[?&]article=${encodeURIComponent(article.id)}`));
      await expectPageImageLoaded(page);
      const hotspot = page
        .getByRole('list', { name: 'Articles on this page' })
        .getByRole('button', { name: article.title, exact: true });
      await expect(hotspot).toHaveAttribute('aria-current', 'true');
      await expect(hotspot).toBeFocused();
      await expect(hotspot).toBeInViewport();

      // Back, the search is still there.
      await page.goBack();
      await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue(word);
      await expect(
        results.getByRole('link').filter({ hasText: article.title }).first(),
      ).toBeVisible();
    });

    test('says "No Matches Found" for a word no article has, and sends nothing for spaces', async ({
      page,
    }) => {
      const searches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/epaper/search') searches.push(request.url());
      });
      await page.goto('/search');
      const box = page.getByRole('searchbox', { name: 'Search articles' });
      await box.pressSequentially('   ');
      await expect(page.getByRole('main').getByText('Start Searching')).toBeVisible();
      await box.fill('qzxvwplk');
      await expect(page.getByText('No Matches Found')).toBeVisible();
      await expect(page.getByText("We couldn't find any articles for qzxvwplk")).toBeVisible();
      await expect(page.getByText('Try different keywords or check your spelling')).toBeVisible();
      expect(searches.map((url) => new URL(url).searchParams.get('query'))).toEqual(['qzxvwplk']);
    });

    test('scrolling to the end brings more hits, ten at a time, and a locked hit asks a visitor to log in or subscribe', async ({
      page,
    }) => {
      // A place name of the demo copy found in more than three pages of hits.
      const config = await siteConfig(page.request);
      let word = '';
      for (const place of ['Bengaluru', 'Mysuru', 'Hubballi', 'Mangaluru', 'Belagavi']) {
        const res = await page.request.get(
          `/api/epaper/search?query=${place}&publisher_short_code=${config.publisher}&offset=30`,
        );
        expect(res.ok()).toBe(true);
        if (searchResponseSchema.parse(await res.json()).hits.length > 0) {
          word = place;
          break;
        }
      }
      expect(word, 'a word with more than thirty hits').not.toBe('');

      await page.goto(`/search?q=${word}`);
      const hits = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
      await expect(hits.nth(9)).toBeVisible();
      // Each time the end of the list comes near, the next ten come without a click.
      for (let round = 0; round < 2; round += 1) {
        const shown = await hits.count();
        await hits.last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 3000);
        await expect.poll(() => hits.count()).toBeGreaterThan(shown);
      }

      // Only today's free front page is open to a visitor: the rest are locked.
      const locked = hits.filter({ hasText: 'Locked' }).first();
      await expect(locked).toBeVisible();
      await activate(page, locked.getByRole('button'));
      const popup = page.getByRole('dialog', { name: 'Subscriber-Only Feature' });
      await expect(popup.getByRole('link', { name: 'Log in here' })).toBeVisible();
      await popup.getByRole('button', { name: 'Maybe Later' }).click();
      await expect(page).toHaveURL(/\/search\?/);
    });
  });
}
