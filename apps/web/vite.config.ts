import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

/** Marks the links below, so the server can find them (apps/server/src/http/web-app.ts). */
const APP_PRELOAD_ATTRIBUTE = 'data-app-preload';
/** Marks a code-split screen's scripts with its route's path (apps/server/src/http/web-app.ts). */
const ROUTE_PRELOAD_ATTRIBUTE = 'data-route-preload';
const ROUTE_TABLE_FILE = fileURLToPath(new URL('./src/app/route-table.ts', import.meta.url));

/**
 * Each code-split screen of the route table (src/app/route-table.ts) by path: the
 * table's `path: '…'` followed by its screen's `import('…')`. The build fails when
 * one of them has no chunk, so a change of the table's shape cannot go unnoticed.
 */
async function routeModules(): Promise<Map<string, string>> {
  const source = await readFile(ROUTE_TABLE_FILE, 'utf8');
  const routes = new Map<string, string>();
  for (const match of source.matchAll(
    /path: '([^']+)',\s*screen: \{\s*load:[^']*import\('([^']+)'\)/g,
  )) {
    const [, route, module] = match;
    if (route && module) routes.set(route, path.resolve(path.dirname(ROUTE_TABLE_FILE), module));
  }
  if (routes.size === 0) throw new Error('found no code-split screen in src/app/route-table.ts');
  return routes;
}

type Bundle = Rollup.OutputBundle;

/** A chunk's file and every file it imports, directly or not. */
function withImports(bundle: Bundle, fileName: string, files = new Set<string>()): Set<string> {
  if (files.has(fileName)) return files;
  files.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const name of chunk.imports) withImports(bundle, name, files);
  return files;
}

const modulePreload = (fileName: string, marker: Record<string, string | boolean>) => ({
  tag: 'link',
  attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}`, ...marker },
  injectTo: 'head' as const,
});

/**
 * The document loads src/boot.ts, which imports the app (src/main.tsx) itself, so
 * Vite names none of the app's chunks in index.html and a browser would find them
 * only once boot.ts had run: a round trip more for every route. This names them
 * as modulepreloads. The document at / that carries the first frame has them
 * removed by the server, so there the app's scripts wait for the page image.
 * Each code-split screen's own scripts are named too, marked with the route's
 * path: the server keeps those of the route a document is for and drops the
 * others, so a deep link (an article, search, plans) loads its screen with the
 * app instead of once the router has run.
 */
function appPreloads(): Plugin {
  return {
    name: 'folio-app-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: async (html, context) => {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [item] : [],
        );
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!app) throw new Error('the build has no chunk for src/main.tsx');
        const files = withImports(bundle, app.fileName);
        // The entry (boot.ts) is loaded by its own script tag.
        for (const chunk of chunks) if (chunk.isEntry) files.delete(chunk.fileName);
        const tags = [...files].map((fileName) =>
          modulePreload(fileName, { [APP_PRELOAD_ATTRIBUTE]: true }),
        );
        for (const [route, module] of await routeModules()) {
          const screen = chunks.find((chunk) => chunk.facadeModuleId === module);
          if (!screen) throw new Error(`the build has no chunk for ${module} (${route})`);
          for (const fileName of withImports(bundle, screen.fileName)) {
            if (!files.has(fileName) && !chunks.find((c) => c.fileName === fileName)?.isEntry)
              tags.push(modulePreload(fileName, { [ROUTE_PRELOAD_ATTRIBUTE]: route }));
          }
        }
        return tags;
      },
    },
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
  // The folder this build writes (`vite build --outDir` may name another).
  let outDir = OUT_DIR;
  return {
    name: 'folio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle runs after the public folder is copied in, so its SVGs are included.
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
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
  plugins: [react(), tailwindcss(), brandDocument(), appPreloads(), precompress()],
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
    rolldownOptions: {
      output: {
        // zod on its own: boot.ts runs its set-up (zod-config.ts) in one task and the
        // shared schemas built with it in the next, instead of both in one long task.
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
});
