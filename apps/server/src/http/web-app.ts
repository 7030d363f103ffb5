// Serves the built web app and answers every unmatched request: client routes get
// index.html (React Router takes over), everything else a 404 in the API's shape.
// The build writes a .br and a .gz beside each text file (vite.config.ts); the one
// the browser accepts is sent as it is, so no file is compressed per request.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@folio/core';

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

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ status: 'ERROR', message: MESSAGES.notFound });
}

/** `distDir` undefined or missing on disk: API-only (e.g. before the web app is built). */
export async function installWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Routes only for files that exist, so unknown paths reach the fallback below.
      wildcard: false,
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
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && isClientRoute(request)) {
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    }
    return notFound(reply);
  });
}
