// A visitor's first visit is quiet: no failed request in the console (a visitor
// is known to be one without asking who is signed in), no Content-Security-Policy
// violation (nothing the app runs tries eval or inline code), and no issue in the
// browser's Issues panel (a form control without a name, a cookie, CSP), bar its
// performance hints.
import { expect, test } from '@playwright/test';
import { expectPageImageLoaded } from './helpers.ts';

test("a visitor's first visit: no console error, no CSP violation, no sign-in check", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const authCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/auth/')) authCalls.push(request.url());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code !== 'PerformanceIssue') issues.push(JSON.stringify(issue));
  });
  await cdp.send('Audits.enable');
  await page.goto('/');
  await expectPageImageLoaded(page);
  // Past the app's data arriving and its first renders.
  await page.waitForLoadState('networkidle');
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  expect(authCalls).toEqual([]);
  expect(issues).toEqual([]);
});
