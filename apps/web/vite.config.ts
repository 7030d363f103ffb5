import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
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

const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));
const COMPRESSIBLE_FILE = /\.(?:js|css|svg|json|html|txt|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build,
 * at the highest settings since it happens once; the server sends the copy the
 * browser accepts (apps/server/src/http/web-app.ts). Every such file gets both
 * copies, however small, so the server never compresses one of them per request.
 */
function precompress(): Plugin {
  return {
    name: 'folio-precompress',
    apply: 'build',
    // closeBundle runs after the public folder is copied in, so its SVGs are included.
    async closeBundle() {
      const entries = await readdir(OUT_DIR, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE_FILE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const brotli = brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          const gzip = gzipSync(content, { level: zlibConstants.Z_BEST_COMPRESSION });
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzip)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), brandDocument(), precompress()],
  server: {
    proxy: {
      '/api': SERVER,
      '/media': SERVER,
      '/healthz': SERVER,
    },
  },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
  },
});
