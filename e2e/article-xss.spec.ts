// Issue 6 part 7: the article reader meets hostile article HTML through its real path
// (fetch -> DOMPurify -> React's innerHTML) in Chromium. The article file the reader
// fetches is answered with each payload of the corpus in turn; nothing may run, and
// every element a payload makes must stay inside the article body, in the flow.
import { expect, test, type Page } from '@playwright/test';
import { XSS_CORPUS } from './fixtures/xss-corpus.ts';
import { articleHotspots, expectPageImageLoaded } from './helpers.ts';

const ARTICLE_BODY = 'main article > div:last-child';

/** What the page looks like outside the article body, and what is wrong inside it. */
function inspect(bodySelector: string) {
  const body = document.querySelector(bodySelector);
  if (!body) return { outside: 'no article body', problems: ['no article body'] };
  const problems: string[] = [];
  const getById = Document.prototype.getElementById;
  if (document.getElementById !== getById) problems.push('document.getElementById is clobbered');
  const root = getById.call(document, 'root');
  if (!root || root.parentElement !== document.body || !root.contains(body)) {
    problems.push('#root is not the app root');
  }
  if (document.querySelectorAll('[id="root"]').length !== 1) problems.push('a second #root');
  // The reader's own headline shows only when the article has none: not a payload's doing.
  const isReaderHeadline = (element: Element) =>
    element.localName === 'h1' && element.parentElement === body.parentElement;
  const outside = Array.from(document.querySelectorAll('*'))
    .filter((element) => !body.contains(element) && !isReaderHeadline(element))
    .map((element) => element.localName)
    .join(' ');
  const box = body.getBoundingClientRect();
  for (const element of Array.from(body.querySelectorAll('*'))) {
    const tag = element.localName;
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`foreign ${tag}`);
    for (const { name, value } of Array.from(element.attributes)) {
      // DOMPurify empties `is` rather than dropping it: a serialised element keeps its
      // custom-element name unless the attribute says otherwise.
      const neutralIs = name === 'is' && value === '';
      if (!['href', 'target', 'rel'].includes(name) && !neutralIs) problems.push(`${tag}[${name}]`);
    }
    const href = element.getAttribute('href');
    if (href !== null) {
      const url = new URL(href, location.href);
      if (url.protocol !== 'https:' && url.origin !== location.origin) {
        problems.push(`link to ${url.href}`);
      }
    }
    const position = getComputedStyle(element).position;
    if (position !== 'static') problems.push(`${tag} is ${position}`);
    const rect = element.getBoundingClientRect();
    if (
      rect.top < box.top - 1 ||
      rect.left < box.left - 1 ||
      rect.bottom > box.bottom + 1 ||
      rect.right > box.right + 1
    ) {
      problems.push(`${tag} drawn outside the article body`);
    }
  }
  return { outside, problems };
}

/** Lets queued tasks (load and error events, timers, autofocus) run before we look. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)));
      }),
  );
}

/** Pages rendering payloads side by side: each payload still gets a page load of its own. */
const TABS = 3;

test('the XSS corpus runs nothing and places nothing outside the article body', async ({
  page,
  context,
}) => {
  test.setTimeout(600_000);
  expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
  // Payloads that ran, per tab: a call of __xss() or a dialog.
  const ran = new Map<Page, number>();
  const count = (tab: Page) => ran.set(tab, (ran.get(tab) ?? 0) + 1);
  // Find a real article and the file its text comes from.
  await page.goto('/');
  await expectPageImageLoaded(page);
  const htmlRequest = page.waitForRequest((request) => request.url().endsWith('.html'));
  await articleHotspots(page).first().click();
  const htmlUrl = (await htmlRequest).url();
  await expect(page.locator(ARTICLE_BODY)).not.toBeEmpty();
  const articleUrl = page.url();

  // Every tab answers the article file with the payload it is showing.
  const tabs = [
    page,
    ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage()))),
  ];
  const payloads = new Map<Page, string>();
  for (const tab of tabs) {
    payloads.set(tab, '<p>An ordinary paragraph.</p>');
    await tab.exposeFunction('__xss', () => count(tab));
    tab.on('dialog', (dialog) => {
      count(tab);
      void dialog.dismiss();
    });
    await tab.route(htmlUrl, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: payloads.get(tab) ?? '',
      }),
    );
  }
  const render = async (tab: Page) => {
    await tab.goto(articleUrl);
    await expect(tab.locator('main article')).toBeVisible();
    await settle(tab);
    return tab.evaluate(inspect, ARTICLE_BODY);
  };
  const baseline = await render(page);
  expect(baseline.problems).toEqual([]);
  expect(await page.locator(ARTICLE_BODY).textContent()).toBe('An ordinary paragraph.');

  const failures: string[] = [];
  let escapes = 0;
  const ESCAPE = /outside|root|clobbered| is (?!static)/;
  let next = 0;
  await Promise.all(
    tabs.map(async (tab) => {
      while (next < XSS_CORPUS.length) {
        const index = next;
        next += 1;
        const html = XSS_CORPUS[index] ?? '';
        payloads.set(tab, html);
        const before = ran.get(tab) ?? 0;
        const seen = await render(tab);
        const problems = [...seen.problems];
        if (seen.outside !== baseline.outside)
          problems.push('the page outside the article changed');
        if (tab.url() !== articleUrl) problems.push(`navigated to ${tab.url()}`);
        const executed = (ran.get(tab) ?? 0) - before;
        if (executed > 0) problems.push(`${executed} execution(s)`);
        escapes += problems.filter((problem) => ESCAPE.test(problem)).length;
        if (problems.length > 0)
          failures.push(`#${index} ${JSON.stringify(html)}: ${problems.join(', ')}`);
      }
    }),
  );

  const executions = [...ran.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `XSS corpus: ${XSS_CORPUS.length} payloads, ${executions} executions, ` +
      `${escapes} escapes from the article body, ${failures.length} payloads failing a check`,
  );
  expect(failures).toEqual([]);
});
