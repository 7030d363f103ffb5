// The Kannada paper (BRAND=pv, its own server: playwright.config.ts) as a reader
// meets it on a phone and a desktop: the front page opens, an article reads as
// repaired Kannada (no vowel sign stranded before a virama, as raw PDF text has
// it), text size and the image view work, Previous / Next Article titles are cut
// at 26 or 36 characters without splitting a conjunct, and the page zooms.
import { expect, test } from '@playwright/test';

import { articleHotspots, expectPageImageLoaded, siteConfig, todaysEdition } from './helpers.ts';

const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, limit: 26 },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, limit: 36 },
] as const;

const KANNADA = /[\u0C80-\u0CFF]/u;
/** What unrepaired PDF text looks like: a dependent vowel sign before a virama (ಸುದಿ್ದ). */
const STRANDED_VOWEL_SIGN = /[\u0CBE-\u0CCC]\u0CCD/u;
const VIRAMA = '\u0CCD';
/** Marks that belong to the character before them: never the first thing after a cut. */
const JOINS_BACKWARDS = /^[\u0C81-\u0C83\u0CBC\u0CBE-\u0CD6\u200C\u200D]/u;

function readerCharacters(text: string): string[] {
  const units: string[] = [];
  for (const { segment } of new Intl.Segmenter('kn', { granularity: 'grapheme' }).segment(text)) {
    const last = units.length - 1;
    if (last >= 0 && /\u0CCD\u200D?$/u.test(units[last] ?? '')) units[last] += segment;
    else units.push(segment);
  }
  return units;
}

for (const size of SIZES) {
  test.describe(`the Kannada paper on a ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test('an article reads as repaired Kannada, with its controls and titles cut whole', async ({
      page,
    }) => {
      const config = await siteConfig(page.request);
      expect(config.brand).toBe('pv');
      await page.goto('/');
      await expectPageImageLoaded(page);
      // The app speaks English; the paper's words are marked as Kannada for screen readers.
      const hotspot = articleHotspots(page).first();
      await expect(hotspot).toHaveAttribute('lang', 'kn');
      const title = (await hotspot.getAttribute('aria-label')) ?? '';
      expect(title).toMatch(KANNADA);
      await hotspot.click();
      await expect(page).toHaveURL(/\/article\//);
      const article = page.locator('main article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
      const body = article.locator('> div').last();
      await expect(body).not.toBeEmpty();
      await expect(body).toHaveAttribute('lang', 'kn');
      const text = await article.innerText();
      expect(text).toMatch(KANNADA);
      expect(text).not.toMatch(STRANDED_VOWEL_SIGN);

      await expect(body).toHaveCSS('font-size', '16px');
      await page.getByRole('button', { name: 'Larger text' }).click();
      await expect(body).toHaveCSS('font-size', '18px');
      await page.getByRole('button', { name: 'Image view' }).click();
      const clip = page.getByTestId('article-clip').getByRole('img');
      await expect
        .poll(() => clip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Text view' }).click();

      // On the next article, Previous Article names the front page's lead, whose
      // headline (as leads do) runs past both limits: the full title for screen
      // readers, the cut one on screen.
      await page.getByRole('link', { name: /^Next Article: / }).click();
      // The next article is drawn first; on a CI machine busy with both servers'
      // seeds and two browsers that has taken longer than the default 5 s.
      await expect(article.getByRole('heading', { level: 1 })).not.toHaveText(title, {
        timeout: 20_000,
      });
      const previous = page.getByRole('link', { name: /^Previous Article: / });
      await expect(previous.locator('.sr-only [lang="kn"]')).toHaveText(title);
      const cut = (
        (await previous.locator('[aria-hidden="true"][lang="kn"]').textContent()) ?? ''
      ).trim();
      // A reader counts a consonant joined by a virama to the next as one character.
      const characters = readerCharacters(title);
      expect(characters.length).toBeGreaterThan(size.limit);
      expect(cut.endsWith('...')).toBe(true);
      const kept = cut.slice(0, -3);
      expect(kept).toBe(characters.slice(0, size.limit).join('').trimEnd());
      expect(kept.endsWith(VIRAMA)).toBe(false);
      expect(title.slice(kept.length).trimStart()).not.toMatch(JOINS_BACKWARDS);
      await previous.click();
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    });

    test("the side menu gives the Kannada paper's own support contacts, and search finds a Kannada title typed in Latin letters", async ({
      page,
    }) => {
      await page.goto('/');
      await expectPageImageLoaded(page);
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const support = menu.getByRole('region', { name: 'Facing Issues?' });
      await expect(support.getByRole('link', { name: /\+91 80 4000 3000/ })).toHaveAttribute(
        'href',
        'https://wa.me/918040003000',
      );
      await expect(
        support.getByRole('link', { name: /epaper-support@pv\.example/ }),
      ).toHaveAttribute('href', 'mailto:epaper-support@pv.example');
      await expect(support).toContainText('Working Hours Mon - Fri : 10:00 AM to 6:00 PM');
      await menu.getByRole('link', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/search/);
      // ಮೆಟ್ರೊ, ಮೆಟ್ರೋ and "metro" are one word to the search.
      await page.getByRole('searchbox', { name: 'Search articles' }).fill('metro');
      const results = page.getByRole('list', { name: 'Search results' });
      await expect(results).toBeVisible();
      await expect(results.getByRole('listitem').first()).toContainText(/ಮೆಟ್ರ/);
    });

    test('search finds the same articles by a Kannada word, another vowel sign, another ending and Latin letters', async ({
      page,
    }) => {
      const results = page.getByRole('list', { name: 'Search results' });
      const firstTitles = async (query: string) => {
        await page.goto(`/search?q=${encodeURIComponent(query)}`);
        await expect(results.getByRole('listitem').first()).toBeVisible();
        return (await results.getByRole('listitem').allTextContents()).slice(0, 5);
      };
      // ಬೆಂಗಳೂರು as the paper spells it; with a short u sign for the long one; "in
      // Bengaluru"; typed in Latin letters.
      const asPrinted = await firstTitles('ಬೆಂಗಳೂರು');
      expect(asPrinted[0]).toMatch(/ಬೆಂಗಳೂರ/);
      expect(await firstTitles('ಬೆಂಗಳುರು')).toEqual(asPrinted);
      expect(await firstTitles('ಬೆಂಗಳೂರಿನಲ್ಲಿ')).toEqual(asPrinted);
      expect(await firstTitles('bengaluru')).toEqual(asPrinted);
    });

    test("today's free Kannada front page zooms to 3x with tiles", async ({ page }) => {
      const { data } = await todaysEdition(page.request, 'defaultEdition');
      expect(data.sections[0]?.pages[0]?.locked).toBe(false);
      await page.goto('/');
      await expectPageImageLoaded(page);
      const zoomIn = page.getByRole('button', { name: 'Zoom in' });
      await expect(zoomIn).toBeVisible();
      for (let i = 0; i < 4 && (await zoomIn.isEnabled()); i += 1) await zoomIn.click();
      const tiles = page.locator('main figure img[data-tile]');
      await expect
        .poll(
          () =>
            tiles.evaluateAll(
              (images) =>
                images.length > 0 &&
                (images as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
            ),
          { timeout: 30_000 },
        )
        .toBe(true);
    });
  });
}
