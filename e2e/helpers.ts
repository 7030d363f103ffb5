import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { siteConfigSchema, type SiteConfig } from '@folio/core';

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
