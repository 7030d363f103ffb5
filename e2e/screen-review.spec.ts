// A screenshot review of every screen at 360 px (a small phone), 412 px (a common
// phone) and 1366 px (a laptop): each screen's full-page screenshot is saved in the
// test's output folder for a person to look through, and the test fails when text
// overflows its box or is cut off, anything reaches past the screen's width, or a
// control lies under another element (layout-check.ts). A visitor's screens and a
// subscriber's, the subscriber made once and signed in again from a saved state.
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { becomeSubscriber } from './auth-helpers.ts';
import {
  articleHotspots,
  expectPageImageLoaded,
  frontPageArticle,
  todaysEdition,
} from './helpers.ts';
import { checkLayout } from './layout-check.ts';

const WIDTHS = [
  { width: 360, height: 780 },
  { width: 412, height: 915 },
  { width: 1366, height: 768 },
] as const;

type Step = (page: Page) => Promise<void>;

/** Visits one screen, then saves its screenshot and checks its layout. */
interface Screen {
  name: string;
  open: Step;
}

async function openArticle(page: Page, path = '/', nth = 0) {
  await page.goto(path);
  await expectPageImageLoaded(page);
  await articleHotspots(page).nth(nth).click();
  await expect(page).toHaveURL(/\/article\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function openImageView(page: Page) {
  await page.getByRole('button', { name: 'Image view' }).click();
  const clip = page.getByTestId('article-clip').getByRole('img');
  await expect
    .poll(() => clip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

const heading = (page: Page) =>
  expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

function visitorScreens(word: string): Screen[] {
  return [
    {
      name: 'reader, front page (visitor)',
      open: async (page) => {
        await page.goto('/');
        await expectPageImageLoaded(page);
      },
    },
    {
      name: "reader, a locked page's popup (visitor)",
      open: async (page) => {
        await page.goto('/?page=1');
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'reader, a locked page after the popup (visitor)',
      open: async (page) => {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      },
    },
    { name: 'article, text view (visitor)', open: (page) => openArticle(page) },
    {
      name: 'search with results (visitor)',
      open: async (page) => {
        await page.goto(`/search?q=${encodeURIComponent(word)}`);
        await expect(
          page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
        ).toBeVisible();
      },
    },
    {
      name: 'subscribe',
      open: async (page) => {
        await page.goto('/subscribe');
        await expect(page.getByRole('article', { name: 'Monthly', exact: true })).toBeVisible();
      },
    },
    {
      name: 'sign-in',
      open: async (page) => {
        await page.goto('/auth');
        await heading(page);
      },
    },
    {
      name: 'one-time code',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Mobile' }).click();
        await page
          .getByPlaceholder('Enter phone number')
          .fill(`9${String(Date.now() % 1_000_000_000).padStart(9, '0')}`);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByRole('textbox', { name: 'One-time code' })).toBeVisible();
      },
    },
    { name: 'FAQs', open: async (page) => (await page.goto('/faqs'), heading(page)) },
    { name: 'contact', open: async (page) => (await page.goto('/contact'), heading(page)) },
    {
      name: 'terms and privacy',
      open: async (page) => (await page.goto('/legal-and-privacy-policy'), heading(page)),
    },
  ];
}

/** `nth`: the article of page 2 this width bookmarks, one no other width has. */
function subscriberScreens(word: string, adPage: number, nth: number): Screen[] {
  return [
    {
      name: 'reader, page 2 (subscriber)',
      open: async (page) => {
        await page.goto('/?page=1');
        await expectPageImageLoaded(page);
      },
    },
    {
      name: 'article, text view (subscriber)',
      open: (page) => openArticle(page, '/?page=1', nth),
    },
    {
      name: 'article with a toast (subscriber)',
      open: async (page) => {
        const bookmark = page.getByRole('button', { name: 'Bookmark' });
        await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
        await bookmark.click();
        await expect(page.getByText('Article Bookmarked')).toBeVisible();
        // Checked where it rests: while it slides in from the foot it passes over the
        // bar's buttons, and react-toastify drops the class when the slide has ended.
        await expect(page.locator('.Toastify__toast.Toastify--animate')).toHaveCount(0);
      },
    },
    { name: 'article, image view (subscriber)', open: openImageView },
    {
      name: 'ad viewer',
      open: async (page) => {
        await page.goto(`/?page=${adPage}`);
        await expectPageImageLoaded(page);
        await page.getByRole('button', { name: 'Advertisement' }).first().click();
        await expect(page.getByRole('img', { name: 'Advertisement' })).toBeVisible();
      },
    },
    {
      name: 'search with results (subscriber)',
      open: async (page) => {
        await page.goto(`/search?q=${encodeURIComponent(word)}`);
        await expect(
          page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
        ).toBeVisible();
      },
    },
    {
      name: 'saved articles',
      open: async (page) => {
        await page.goto('/saved-articles');
        await expect(
          page.getByRole('list', { name: 'Saved articles' }).getByRole('listitem').first(),
        ).toBeVisible();
      },
    },
    {
      name: 'profile, personal details',
      open: async (page) => {
        await page.goto('/profile');
        await expect(page.getByRole('tab', { name: 'Subscriptions' })).toBeVisible();
      },
    },
    {
      name: 'profile, subscriptions',
      open: async (page) => {
        await page.getByRole('tab', { name: 'Subscriptions' }).click();
        await expect(
          page.getByRole('tabpanel').getByRole('heading', { name: '2 Years' }),
        ).toBeVisible();
      },
    },
  ];
}

/** The subscriber every width reads as: made once, with one bookmarked article. */
let subscriber: { state: Awaited<ReturnType<BrowserContext['storageState']>> } | undefined;

async function subscriberState(browser: Browser) {
  if (subscriber) return subscriber.state;
  const context = await browser.newContext();
  const page = await context.newPage();
  await becomeSubscriber(page);
  await openArticle(page);
  const bookmark = page.getByRole('button', { name: 'Bookmark' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  subscriber = { state: await context.storageState() };
  await context.close();
  return subscriber.state;
}

async function review(page: Page, screens: Screen[], width: number, testInfo: TestInfo, first = 0) {
  const faults: string[] = [];
  let controls = 0;
  for (const [at, screen] of screens.entries()) {
    const index = first + at;
    await screen.open(page);
    // Past the web fonts the screen's line breaks depend on.
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    const slug = screen.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
    await page.screenshot({
      path: testInfo.outputPath(`${width}px-${String(index).padStart(2, '0')}-${slug}.png`),
      fullPage: true,
    });
    const report = await checkLayout(page);
    controls += report.controls;
    faults.push(...report.faults.map((fault) => `${width} px, ${screen.name}: ${fault}`));
  }
  return { faults, controls };
}

// Screens are taken still: with reduced motion asked for, a carousel steps
// instead of sliding, so no screenshot catches a slide half-way.
for (const size of WIDTHS) {
  test(`at ${size.width} px, every screen keeps its text in its box and no control covered`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const visitor = await browser.newContext({ viewport: size, reducedMotion: 'reduce' });
    const visitorPage = await visitor.newPage();
    const { word } = await frontPageArticle(visitorPage);
    const seen = visitorScreens(word);
    const asVisitor = await review(visitorPage, seen, size.width, testInfo);
    await visitor.close();

    const reader = await browser.newContext({
      viewport: size,
      reducedMotion: 'reduce',
      storageState: await subscriberState(browser),
    });
    const readerPage = await reader.newPage();
    const { data } = await todaysEdition(readerPage.request);
    const adPage = data.sections.flatMap((s) => s.pages).findIndex((p) => p.ads.length > 0);
    expect(adPage, "a page of today's paper with an ad").toBeGreaterThanOrEqual(0);
    const read = subscriberScreens(word, adPage, WIDTHS.indexOf(size));
    const asSubscriber = await review(readerPage, read, size.width, testInfo, seen.length);
    await reader.close();

    const screens = seen.length + read.length;
    const controls = asVisitor.controls + asSubscriber.controls;
    const summary = `${size.width} px: ${screens} screens, ${controls} controls checked`;
    console.log(summary);
    testInfo.annotations.push({ type: 'checked', description: summary });
    expect([...asVisitor.faults, ...asSubscriber.faults]).toEqual([]);
  });
}
