// Serves the built web app and answers every unmatched request: client routes get
// index.html (React Router takes over), everything else a 404 in the API's shape.
// The build writes a .br and a .gz beside each text file (vite.config.ts); the one
// the browser accepts is sent as it is, so no file is compressed per request. The
// document at / also names what the reader there asks for first (preloads), so
// the browser fetches it while the scripts download; each variant of it is
// compressed once.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@folio/core';
import { encodeOnce, pickEncoding, type AnswerEncoding } from './encoding.ts';

export const DEFAULT_WEB_DIST = path.resolve(
  fileURLToPath(new URL('../../../web/dist', import.meta.url)),
);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** Compressed copies the build writes beside each file; never served under their own name. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

function isClientRoute(request: FastifyRequest): boolean {
  const url = request.url;
  const reserved =
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url.startsWith('/media/');
  return (
    !reserved &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** A resource the document at / asks the browser to fetch early. */
export interface Preload {
  href: string;
  as: 'fetch' | 'image';
}

/** Variants of the document at / kept compressed (they change once a day or on publish). */
const MAX_DOCUMENTS = 8;

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function preloadTag({ href, as }: Preload): string {
  // fetch: as the app's fetch() asks (cors mode, same-origin credentials), or the
  // browser would not reuse it. The page image is what the reader waits for first.
  const extra = as === 'fetch' ? ' crossorigin="anonymous"' : ' fetchpriority="high"';
  return `<link rel="preload" href="${attribute(href)}" as="${as}"${extra} />`;
}

/** index.html with the preloads, in each encoding, built once per set of preloads. */
function landingDocuments(distDir: string) {
  const documents = new Map<string, Promise<Record<AnswerEncoding, Buffer>>>();
  let template: Promise<string> | undefined;
  return (preloads: Preload[]) => {
    const tags = preloads.map(preloadTag).join('\n    ');
    let document = documents.get(tags);
    if (!document) {
      template ??= readFile(path.join(distDir, 'index.html'), 'utf8');
      document = template.then((html) =>
        encodeOnce(html.replace('</head>', `  ${tags}\n  </head>`)),
      );
      documents.set(tags, document);
      document.catch(() => documents.delete(tags));
      if (documents.size > MAX_DOCUMENTS) {
        const oldest = documents.keys().next().value;
        if (oldest !== undefined) documents.delete(oldest);
      }
    }
    return document;
  };
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ status: 'ERROR', message: MESSAGES.notFound });
}

/** `distDir` undefined or missing on disk: API-only (e.g. before the web app is built). */
export async function installWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  /** What a reader opening / asks for first; absent: the plain index.html. */
  landingPreloads?: () => Promise<Preload[]>,
): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes only for files that exist, so unknown paths reach the fallback below.
      wildcard: false,
      // / is answered below, with the landing preloads.
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
      setHeaders: (res, filePath) => {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        // Vite puts content-hashed names under assets/; everything else may change
        // between deploys under the same name.
        res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
        // The same URL answers in br, gzip or identity: caches must key on the header.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  const landingDocument = hasWebApp && landingPreloads ? landingDocuments(distDir) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (!hasWebApp || !isClientRoute(request)) return notFound(reply);
    void reply.header('cache-control', NO_CACHE);
    const preloads = request.url === '/' && landingPreloads ? await landingPreloads() : [];
    if (!landingDocument || preloads.length === 0) return reply.sendFile('index.html');
    const encoded = await landingDocument(preloads);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'Accept-Encoding')
      .send(encoded[encoding]);
  });
}
