// The walking skeleton end to end: a fresh server seeds demo editions through the
// real ingest, and a reader opens today's front page and an article from it.
import { expect, test } from '@playwright/test';
import { addDays, isoToCompact } from '@folio/core';
import { becomeSubscriber } from './auth-helpers.ts';
import { articleHotspots, expectPageImageLoaded, siteConfig } from './helpers.ts';

test("today's front page shows as a loaded image with article hotspots", async ({
  page,
  request,
}) => {
  const config = await siteConfig(request);
  await page.goto('/');
  const image = await expectPageImageLoaded(page);
  const src = await image.getAttribute('src');
  expect(src).toContain(`/${config.today}/${config.brand === 'dh' ? 2 : 4}/`);
  expect(await articleHotspots(page).count()).toBeGreaterThan(2);
});

test('a hotspot opens that article as text, and close returns to the page', async ({ page }) => {
  await page.goto('/');
  await expectPageImageLoaded(page);
  const hotspot = articleHotspots(page).first();
  const title = await hotspot.getAttribute('aria-label');
  expect(title).toBeTruthy();
  await hotspot.click();
  await expect(page).toHaveURL(
    /\/article\/[^/?]+\?date=\d{4}-\d{2}-\d{2}&edition_No=\d+&pageNumber=0/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
  const firstParagraph = page.locator('article p').nth(1);
  await expect(firstParagraph).not.toBeEmpty();
  await page.getByRole('link', { name: 'Close article' }).click();
  await expect(page).toHaveURL(/\/\?/);
  await expectPageImageLoaded(page);
});

test('next and previous page, by button and keyboard', async ({ page }) => {
  await becomeSubscriber(page);
  await page.goto('/');
  const first = await (await expectPageImageLoaded(page)).getAttribute('src');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=1/);
  const second = await (await expectPageImageLoaded(page)).getAttribute('src');
  expect(second).not.toBe(first);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/page=2/);
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/page=0/);
  expect(await (await expectPageImageLoaded(page)).getAttribute('src')).toBe(first);
});

test('query parameters set the date, edition and page', async ({ page, request }) => {
  const config = await siteConfig(request);
  const editions = await (
    await request.get(`/api/epaper/editions?publisher=${config.publisher}`)
  ).json();
  const numbers: number[] = editions.flatMap((g: { editions: { edition_number: number }[] }) =>
    g.editions.map((e) => e.edition_number),
  );
  const other = numbers.find((n) => n !== (config.brand === 'dh' ? 2 : 4));
  const yesterday = addDays(config.today, -1);
  await becomeSubscriber(page);
  await page.goto(`/?date=${yesterday}&edition=${other}&page=2`);
  const image = await expectPageImageLoaded(page);
  expect(await image.getAttribute('src')).toContain(`/${yesterday}/${other}/`);
  expect(await image.getAttribute('src')).toMatch(/p03\.webp$/);
});

test('a holiday shows its message and no edition', async ({ page, request }) => {
  const config = await siteConfig(request);
  let holiday: { date: string; holiday_message: string } | undefined;
  for (let back = 1; back <= 6 && !holiday; back += 1) {
    const date = addDays(config.today, -back);
    const popup = await (await request.get(`/api/pop-up/by-date?date=${date}`)).json();
    if (popup.length > 0) holiday = popup[0];
  }
  expect(holiday).toBeDefined();
  const data = await request.get(
    `/api/epaper/data?date=${isoToCompact(holiday!.date)}&edition=${config.brand === 'dh' ? 2 : 4}&publisher=${config.publisher}`,
  );
  // A holiday answers with no pages, not an error: no 404 in the reader's console.
  expect(data.status()).toBe(200);
  expect((await data.json()).sections).toEqual([]);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && /\/api\/(epaper|pop-up)\//.test(response.url()))
      failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`/?date=${holiday!.date}`);
  // The holiday's message is the notice's one statement.
  await expect(page.getByRole('heading', { name: holiday!.holiday_message })).toBeVisible();
  await expect(page.getByText('No Edition Available')).toHaveCount(0);
  await expect(page.getByText('Not In The Archive')).toHaveCount(0);
  expect(failed).toEqual([]);
  await page.getByRole('button', { name: "Go To Today's Edition" }).click();
  await expectPageImageLoaded(page);
});

test('any other path redirects to the reader', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expectPageImageLoaded(page);
});

test('media is served with long-lived immutable caching', async ({ page, request }) => {
  await page.goto('/');
  const src = await (await expectPageImageLoaded(page)).getAttribute('src');
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('the date selector arrives on first opening and moves by arrow keys to an earlier edition', async ({
  page,
  request,
}) => {
  const config = await siteConfig(request);
  const longDate = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`));
  // The nearest earlier day with an edition (the demo data has a holiday among them).
  let earlier: string | undefined;
  for (let back = 1; back <= 6 && !earlier; back += 1) {
    const date = addDays(config.today, -back);
    const month = await (
      await request.get(
        `/api/epaper/available-dates?month=${Number(date.slice(5, 7))}&year=${date.slice(0, 4)}&publisher=${config.publisher}`,
      )
    ).json();
    if (month.dates.some((d: { date: string; hasData: boolean }) => d.date === date && d.hasData))
      earlier = date;
  }
  expect(earlier).toBeDefined();

  await becomeSubscriber(page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/');
  await expectPageImageLoaded(page);
  const atFirstLoad = scripts.length;
  await page.getByRole('button', { name: /^Choose date/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a date' });
  await expect(dialog.getByRole('grid')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(atFirstLoad);

  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-label', `${longDate(config.today)}, selected`);
  await page.keyboard.press('ArrowRight'); // the future cannot be chosen: focus stays
  await expect(focused).toHaveAttribute('aria-label', `${longDate(config.today)}, selected`);
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveAttribute('aria-label', longDate(earlier!));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date=${earlier}`));
  await expect(dialog).toBeHidden();
  // The previous edition's page stays, dimmed, until the new one's data arrives.
  await expect(page.locator('main figure img').first()).toHaveAttribute(
    'src',
    new RegExp(`/${earlier}/`),
  );
  await expectPageImageLoaded(page);
});
