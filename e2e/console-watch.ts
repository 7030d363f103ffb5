// Watches one page for everything a reader never sees but the browser reports:
// console errors, uncaught exceptions, failed requests, answers of 400 and above
// the screen did not ask for, Content-Security-Policy violations and the entries
// of Chromium's Issues panel (through the DevTools protocol's Audits domain).
// Every report is tagged with the screen the journey was on when it arrived.
import type { Page } from '@playwright/test';

/** An answer of 400 or above that a screen asks for on purpose, and why. */
interface ExpectedFailure {
  path: RegExp;
  status: number;
  reason: string;
}

/**
 * Issue kinds (Audits.InspectorIssue `code`) that are not a fault of the page:
 * each with the reason it may be left out. Nothing else is.
 */
const IGNORED_ISSUE_KINDS: Readonly<Record<string, string>> = {
  // Hints about the browser's own heuristics (e.g. a document.write of a parser
  // blocking script); the Lighthouse benchmark measures speed, not this test.
  PerformanceIssue: 'speed hints, not faults; bench:lighthouse measures speed',
};

/**
 * Requests the browser itself cancels: a page left while its images or data
 * were still on the way, or a query superseded by a newer one (TanStack Query's
 * AbortSignal). The reader never sees them fail; they are left out.
 */
const CANCELLED = 'net::ERR_ABORTED';

export interface ConsoleWatch {
  /** Every fault seen, as "screen: kind: detail". */
  readonly problems: string[];
  /** The screens walked, in order. */
  readonly screens: string[];
  /** Names the screen the next reports belong to. */
  enter(screen: string): void;
  /** Lets the current screen answer `status` on `path` (a lock's 401, say). */
  allow(failure: ExpectedFailure): void;
  /** Waits until no request has been in flight for half a second. */
  settle(): Promise<void>;
}

export async function watchConsole(page: Page): Promise<ConsoleWatch> {
  const problems: string[] = [];
  const screens: string[] = [];
  let screen = '(before the first screen)';
  let allowed: ExpectedFailure[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const report = (kind: string, detail: string) => problems.push(`${screen}: ${kind}: ${detail}`);
  const isAllowed = (url: string, status: number) => {
    const { pathname } = new URL(url);
    return allowed.some((a) => a.status === status && a.path.test(pathname));
  };

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    // The browser's own line for an answer of 400 or above, already judged below.
    if (/^Failed to load resource: the server responded with a status of/.test(message.text()))
      return;
    report('console error', `${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => report('page error', error.message));
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (request) => {
    done();
    const failure = request.failure()?.errorText ?? 'failed';
    if (failure !== CANCELLED) report('request failed', `${failure} ${request.url()}`);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status >= 400 && !isAllowed(response.url(), status))
      report(`HTTP ${status}`, `${response.request().method()} ${response.url()}`);
  });

  await page.exposeBinding('folioReportCsp', (_source, text: string) =>
    report('CSP violation', text),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const send = (window as unknown as { folioReportCsp?: (text: string) => void })
        .folioReportCsp;
      send?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });

  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (!(issue.code in IGNORED_ISSUE_KINDS))
      report(`Issues panel ${issue.code}`, JSON.stringify(issue.details));
  });
  await cdp.send('Audits.enable');

  return {
    problems,
    screens,
    enter(name) {
      screen = name;
      allowed = [];
      screens.push(name);
    },
    allow(failure) {
      allowed.push(failure);
    },
    async settle() {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 500))
        await page.waitForTimeout(100);
    },
  };
}
