// Automated accessibility check (axe-core, offline) on the screens built so far.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  becomeSubscriber,
  openProfileAsSubscriber,
  signUpByPhone,
  uniquePhone,
} from './auth-helpers.ts';
import { expectPageImageLoaded, frontPageArticle } from './helpers.ts';

// axe is injected as an inline script, which the site's CSP rightly refuses.
test.use({ bypassCSP: true });

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // WCAG 2.2's target size (24 px or spacing), which axe leaves off by default and
    // Lighthouse's accessibility score counts.
    return (await axe.run({ rules: { 'target-size': { enabled: true } } })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

test('the reader has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectPageImageLoaded(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the article view has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectPageImageLoaded(page);
  await page.locator('main figure button:not([aria-label="Advertisement"])').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the article's image view and the share dialog have no serious accessibility violations", async ({
  page,
}) => {
  await page.goto('/');
  await expectPageImageLoaded(page);
  await page.locator('main figure button:not([aria-label="Advertisement"])').first().click();
  await page.getByRole('button', { name: 'Image view' }).click();
  await expect
    .poll(() =>
      page
        .getByTestId('article-clip')
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the ad viewer has no serious accessibility violations', async ({ page }) => {
  await becomeSubscriber(page);
  await page.goto('/');
  await expectPageImageLoaded(page);
  for (
    let i = 0;
    i < 8 && (await page.getByRole('button', { name: 'Advertisement' }).count()) === 0;
    i += 1
  ) {
    await page.getByRole('button', { name: 'Next page' }).click();
    await expectPageImageLoaded(page);
  }
  await page.getByRole('button', { name: 'Advertisement' }).first().click();
  await expect(page.getByRole('img', { name: 'Advertisement' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('saved articles and the removal confirmation have no serious accessibility violations', async ({
  page,
}) => {
  await becomeSubscriber(page);
  await page.goto('/');
  await expectPageImageLoaded(page);
  await page.locator('main figure button:not([aria-label="Advertisement"])').first().click();
  await page.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByRole('button', { name: 'Bookmark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/saved-articles');
  await expect(page.getByRole('list', { name: 'Saved articles' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /from bookmarks$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Remove Bookmark' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a locked page and its subscriber popup have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/?page=1');
  await expect(page.getByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the open date selector has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectPageImageLoaded(page);
  await page.getByRole('button', { name: /^Choose date/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a date' }).getByRole('grid')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sign-in tabs and the code field have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Mobile' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByPlaceholder('Enter phone number').fill(uniquePhone());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('textbox', { name: 'One-time code' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the welcome popup has no serious accessibility violations', async ({ page, request }) => {
  await signUpByPhone(page, request);
  await openProfileAsSubscriber(page);
  await expect(page.getByRole('dialog', { name: 'Please verify your information' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the open side menu has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectPageImageLoaded(page);
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the FAQs page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/faqs');
  const question = page.getByRole('main').getByRole('button').first();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);
});

for (const tab of ['terms', 'privacy'] as const) {
  test(`the legal page's ${tab} tab has no serious accessibility violations`, async ({ page }) => {
    await page.goto(`/legal-and-privacy-policy?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText(
      tab === 'terms' ? 'Terms & Conditions' : 'Privacy Policy',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the contact page, with its field errors showing, has no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Our Editorial Team' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Name').fill('A');
  await page.getByLabel('Email').fill('reader@');
  await page.getByLabel('Message').fill('Short');
  await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the search page has no serious accessibility violations in any of its states', async ({
  page,
}) => {
  await page.goto('/search');
  // In the app's main area: the document's own first frame says it too, until the app has drawn.
  await expect(page.getByRole('main').getByText('Start Searching')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const { word } = await frontPageArticle(page);
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(word);
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('searchbox', { name: 'Search articles' }).fill('qzxvwplk');
  await expect(page.getByText('No Matches Found')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The search service failing, at the network edge.
  await page.route('**/api/epaper/search?**', (route) =>
    route.fulfill({ status: 503, json: { status: 'ERROR', message: 'Unavailable' } }),
  );
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('council');
  await expect(page.getByText('Search Error')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the plans page, with its testimonials, has no serious accessibility violations on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/subscribe');
  await expect(page.getByRole('button', { name: 'Show testimonial 1' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
