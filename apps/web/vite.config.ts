import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Vite loads this file with Node, which cannot import @folio/core's TypeScript
// entry; a relative import is bundled into the config instead. brands.ts has no imports.
import { BRANDS, MAIN_BRAND } from '../../packages/core/src/brands.ts';

// The server owns /api, /media and /healthz; in development Vite forwards them so
// the SPA runs on its own dev server against the real API on one origin.
const SERVER = 'http://localhost:3000';

/** Writes the main brand's language and name into index.html (spec 1 §1: theme fixed to the main brand). */
function brandDocument(): Plugin {
  const brand = BRANDS[MAIN_BRAND];
  return {
    name: 'folio-brand-document',
    transformIndexHtml: (html) =>
      html
        .replaceAll('%BRAND_LANG%', brand.language)
        .replaceAll('%BRAND_TITLE%', `${brand.name} e-paper`)
        .replaceAll('%BRAND_FAVICON%', `/brand/${brand.id}/favicon.svg`),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), brandDocument()],
  server: {
    proxy: {
      '/api': SERVER,
      '/media': SERVER,
      '/healthz': SERVER,
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
