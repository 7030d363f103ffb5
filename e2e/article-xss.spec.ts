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

test('the XSS corpus runs nothing and places nothing outside the article body', async ({
  page,
}) => {
  test.setTimeout(600_000);
  expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(100);
  let executions = 0;
  await page.exposeFunction('__xss', () => {
    executions += 1;
  });
  page.on('dialog', (dialog) => {
    executions += 1;
    void dialog.dismiss();
  });

  // Find a real article and the file its text comes from.
  await page.goto('/');
  await expectPageImageLoaded(page);
  const htmlRequest = page.waitForRequest((request) => request.url().endsWith('.html'));
  await articleHotspots(page).first().click();
  const htmlUrl = (await htmlRequest).url();
  await expect(page.locator(ARTICLE_BODY)).not.toBeEmpty();
  const articleUrl = page.url();

  let payload = '<p>An ordinary paragraph.</p>';
  await page.route(htmlUrl, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: payload }),
  );
  const render = async () => {
    await page.goto(articleUrl);
    await expect(page.locator('main article')).toBeVisible();
    await settle(page);
    return page.evaluate(inspect, ARTICLE_BODY);
  };
  const baseline = await render();
  expect(baseline.problems).toEqual([]);
  expect(await page.locator(ARTICLE_BODY).textContent()).toBe('An ordinary paragraph.');

  const failures: string[] = [];
  let escapes = 0;
  const ESCAPE = /outside|root|clobbered| is (?!static)/;
  for (const [index, html] of XSS_CORPUS.entries()) {
    payload = html;
    const before = executions;
    const seen = await render();
    const problems = [...seen.problems];
    if (seen.outside !== baseline.outside) problems.push('the page outside the article changed');
    if (page.url() !== articleUrl) problems.push(`navigated to ${page.url()}`);
    if (executions > before) problems.push(`${executions - before} execution(s)`);
    escapes += problems.filter((problem) => ESCAPE.test(problem)).length;
    if (problems.length > 0)
      failures.push(`#${index} ${JSON.stringify(html)}: ${problems.join(', ')}`);
  }

  console.log(
    `XSS corpus: ${XSS_CORPUS.length} payloads, ${executions} executions, ` +
      `${escapes} escapes from the article body, ${failures.length} payloads failing a check`,
  );
  expect(failures).toEqual([]);
});
