// Serves the built web app and answers every unmatched request: client routes get
// index.html (React Router takes over), everything else a 404 in the API's shape.
// The build writes a .br and a .gz beside each text file (vite.config.ts); the one
// the browser accepts is sent as it is, so no file is compressed per request. Each
// document names what its screen asks for first (preloads): the scripts of its
// code-split screen and, where the server knows them, its data (at / and at
// /article/{id}), so the browser fetches them while the app's scripts download.
// Where the server can, it also draws the screen's first content before any
// script has run (first-frames.ts). Each variant of the document is compressed once.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@folio/core';
import { encodeOnce, pickEncoding, type AnswerEncoding } from './encoding.ts';
import { firstFrameMarkup, type FirstFrame } from './first-frames.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

export type { ArticleBlock, FirstFrame } from './first-frames.ts';

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
    url.startsWith('/media/') ||
    // Built files: a missing one is a 404, never the app's document (which would
    // go out without the document headers, docs/decisions/0015).
    url.startsWith('/assets/');
  return (
    !reserved &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** A resource a document asks the browser to fetch early. */
export interface Preload {
  href: string;
  as: 'fetch';
}

/** What a document carries for the reader of its screen, beyond index.html. */
export interface LandingHints {
  preloads: Preload[];
  firstFrame?: FirstFrame;
}

/** Variants of the document kept compressed: one a screen, one an article lately opened. */
const MAX_DOCUMENTS = 64;

/**
 * The app's scripts and its screen's, named as modulepreloads in index.html by the
 * web build (vite.config.ts, appPreloads). A document with a first frame leaves
 * them out: the app then asks for them once the frame (and at / its page image) is
 * on screen (boot.ts), so on a slow connection they do not share the bandwidth with
 * it, nor delay its first paint.
 */
const APP_PRELOAD = /\n?[ \t]*<link [^>]*\bdata-(?:app|route)-preload\b[^>]*>/g;

/** Moves the app's modulepreloads into an inert template that boot.ts puts in the head. */
function holdAppPreloads(html: string): string {
  const links = html.match(APP_PRELOAD) ?? [];
  if (links.length === 0) return html;
  const held = `<template id="app-preloads">${links.map((link) => link.trim()).join('')}</template>`;
  return html.replace(APP_PRELOAD, '').replace('</head>', `  ${held}\n  </head>`);
}

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function preloadTag({ href, as }: Preload): string {
  // As the app's fetch() asks (cors mode, same-origin credentials), or the browser
  // would not reuse it.
  return `<link rel="preload" href="${attribute(href)}" as="${as}" crossorigin="anonymous" />`;
}

/**
 * A code-split screen's scripts, named in index.html by the web build with the
 * route's path (vite.config.ts, appPreloads): a document keeps those of its own
 * screen only, so a deep link loads its screen with the app and no other's.
 */
const ROUTE_PRELOAD = /\n?[ \t]*<link [^>]*\bdata-route-preload="([^"]*)"[^>]*>/g;

/** Whether a route's path ('/article/:articleId') names a request's path, as React Router would. */
export function routeMatches(route: string, pathname: string): boolean {
  const wanted = route.split('/');
  const given = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => {
      const value = given[index] ?? '';
      return part.startsWith(':') ? value !== '' : part.toLowerCase() === value.toLowerCase();
    })
  );
}

/** index.html with only the screen's own route preloads, each once. */
function keepRoutePreloads(html: string, route: string | undefined): string {
  const kept = new Set<string>();
  return html.replace(ROUTE_PRELOAD, (tag: string, path: string) => {
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (path !== route || href === undefined || kept.has(href)) return '';
    kept.add(href);
    return tag;
  });
}

/** Before the scripts' preloads, so a screen's data is asked for first. */
function addPreloads(html: string, tags: string): string {
  if (!tags) return html;
  const scripts = html.search(/[ \t]*<link rel="modulepreload"/);
  return scripts < 0
    ? html.replace('</head>', `  ${tags}\n  </head>`)
    : `${html.slice(0, scripts)}    ${tags}\n${html.slice(scripts)}`;
}

/** index.html for a screen with its hints, in each encoding, built once per screen and set of hints. */
function screenDocuments(distDir: string) {
  const documents = new Map<string, Promise<Record<AnswerEncoding, Buffer>>>();
  const file = path.join(distDir, 'index.html');
  let template: { modified: number; read: Promise<{ html: string; routes: string[] }> } | undefined;
  return async (pathname: string, hints: LandingHints) => {
    // Read again (and every variant dropped) when a build has replaced it.
    const modified = (await stat(file)).mtimeMs;
    if (template?.modified !== modified) {
      documents.clear();
      template = {
        modified,
        read: readFile(file, 'utf8').then((html) => ({
          html,
          routes: [...new Set([...html.matchAll(ROUTE_PRELOAD)].map((match) => match[1] ?? ''))],
        })),
      };
    }
    const { html, routes } = await template.read;
    const route = routes.find((candidate) => routeMatches(candidate, pathname));
    const tags = hints.preloads.map(preloadTag).join('\n    ');
    const frame = hints.firstFrame ? firstFrameMarkup(hints.firstFrame) : '';
    const key = `${pathname === '/' ? '/' : (route ?? '')}\n${tags}\n${frame}`;
    let document = documents.get(key);
    if (document) {
      // Most recently used last, so the oldest goes first.
      documents.delete(key);
      documents.set(key, document);
      return document;
    }
    const screen = keepRoutePreloads(html, route);
    // A document with a frame holds its scripts until the frame is drawn, and draws
    // it. The one at / names its data last, as it did before screens had preloads;
    // the others name it before the scripts.
    const held = (document: string) => (frame ? holdAppPreloads(document) : document);
    const withPreloads =
      pathname === '/'
        ? held(screen).replace('</head>', tags ? `  ${tags}\n  </head>` : '</head>')
        : held(addPreloads(screen, tags));
    document = encodeOnce(
      frame ? withPreloads.replace('</body>', `  ${frame}\n  </body>`) : withPreloads,
    );
    documents.set(key, document);
    document.catch(() => documents.delete(key));
    if (documents.size > MAX_DOCUMENTS) {
      const oldest = documents.keys().next().value;
      if (oldest !== undefined) documents.delete(oldest);
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
  /** What the reader of a document's screen needs first (by the request's URL); absent: none. */
  documentHints?: (requestUrl: string) => Promise<LandingHints>,
): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    // A content-hashed asset is never asked for again, so validators and range
    // support are bytes for nothing: about 95 on each of the thirty-odd scripts of
    // a reader's first load, which has a budget (e2e/phone-first-page.spec.ts).
    // Only the static files send accept-ranges: /media keeps its validators. The
    // request id goes too (its log line keeps it): another 55 bytes on each.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.getHeader('cache-control') === IMMUTABLE && reply.hasHeader('accept-ranges'))
        reply
          .removeHeader('etag')
          .removeHeader('last-modified')
          .removeHeader('accept-ranges')
          .removeHeader(REQUEST_ID_HEADER);
      return payload;
    });
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
  const screenDocument = hasWebApp ? screenDocuments(distDir) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (!hasWebApp || !screenDocument || !isClientRoute(request)) return notFound(reply);
    void reply.header('cache-control', NO_CACHE);
    const hints = documentHints ? await documentHints(request.url) : { preloads: [] };
    const pathname = request.url.split('?')[0] ?? '/';
    const encoded = await screenDocument(pathname, hints);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'Accept-Encoding')
      .send(encoded[encoding]);
  });
}
