import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

// Code whose correctness is the browser's own parsing (the HTML sanitiser) is tested
// in Debian's Chromium, the browser the e2e tests drive: happy-dom mis-parses for
// DOMPurify (it let <script> through), so a pass there would prove nothing. So is
// what needs real layout, CSS animations and a real pointer (the toaster), drawn
// with the app's own Tailwind stylesheet.
export default defineProject({
  plugins: [react(), tailwindcss()],
  test: {
    name: 'web-chromium',
    include: ['src/**/*.browser.test.{ts,tsx}'],
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
