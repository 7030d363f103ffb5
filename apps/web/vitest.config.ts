import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Tests never reach the network: third-party scripts (Google's sign-in client)
    // and stylesheets are not fetched, and a script that asks reports a load error.
    environmentOptions: {
      happyDOM: {
        settings: {
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          handleDisabledFileLoadingAsSuccess: false,
        },
      },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.browser.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Uppy's tus plugin loaded as the browser gets it: tus-js-client's browser
    // build (XMLHttpRequest and File), not the Node one its package's main names.
    server: { deps: { inline: ['@uppy/tus'] } },
    alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
  },
});
