import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

// Code whose correctness is the browser's own parsing (the HTML sanitiser) is tested
// in Debian's Chromium, the browser the e2e tests drive: happy-dom mis-parses for
// DOMPurify (it let <script> through), so a pass there would prove nothing.
export default defineProject({
  test: {
    name: 'web-chromium',
    include: ['src/**/*.browser.test.ts'],
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--no-first-run',
            '--disable-background-networking',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
