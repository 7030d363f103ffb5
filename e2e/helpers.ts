import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  BRANDS,
  epaperDataSchema,
  isoToCompact,
  siteConfigSchema,
  type ArticleHotspot,
  type EpaperData,
  type SiteConfig,
} from '@folio/core';

/** The phone and the desktop every journey runs on. */
export const SCREENS = [
  { name: 'phone', viewport: { width: 412, height: 915 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

export async function siteConfig(request: APIRequestContext): Promise<SiteConfig> {
  const res = await request.get('/api/config');
  expect(res.ok()).toBe(true);
  return siteConfigSchema.parse(await res.json());
}

/**
 * The reader's page image, once the browser has really decoded it: the image
 * chosen for the screen, after the small preview drawn first has left the page.
 */
export async function expectPageImageLoaded(page: Page) {
  const images = page.locator('main figure img');
  await expect(images).toHaveCount(1);
  const image = images.first();
  // Alone on the page, the preview may not have made way for the sharp image yet.
  await expect(image).not.toHaveAttribute('src', /-preview\./);
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image;
}

/** Article hotspots on the current page (ads excluded). */
export function articleHotspots(page: Page) {
  return page.locator('main figure button:not([aria-label="Advertisement"])');
}

/**
 * Today's edition (the brand's free one, or its default) as the content API gives
 * it to the reader `request` speaks for.
 */
export async function todaysEdition(
  request: APIRequestContext,
  which: 'freeEdition' | 'defaultEdition' = 'freeEdition',
): Promise<{ config: SiteConfig; edition: number; data: EpaperData }> {
  const config = await siteConfig(request);
  const edition = BRANDS[config.brand][which];
  const res = await request.get(
    `/api/epaper/data?date=${isoToCompact(config.today)}&edition=${edition}&publisher=${config.publisher}`,
  );
  expect(res.ok()).toBe(true);
  return { config, edition, data: epaperDataSchema.parse(await res.json()) };
}

/** An article on today's free front page (open to a visitor) and the longest word of its title. */
export async function frontPageArticle(
  page: Page,
): Promise<{ article: ArticleHotspot; word: string }> {
  const { data } = await todaysEdition(page.request);
  const articles = data.sections[0]?.pages[0]?.articles ?? [];
  const words = (title: string) => title.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  const article = articles.find((candidate) => words(candidate.title).length > 0);
  if (!article) throw new Error("today's front page has no article with a searchable title");
  const word = words(article.title).sort((a, b) => b.length - a.length)[0] ?? '';
  return { article, word };
}
