// Serves the built web app and answers every unmatched request: client routes get
// index.html (React Router takes over), everything else a 404 in the API's shape.
// The build writes a .br and a .gz beside each text file (vite.config.ts); the one
// the browser accepts is sent as it is, so no file is compressed per request. The
// document at / also names what the reader there asks for first (preloads), so
// the browser fetches it while the scripts download, and draws the landing page's
// preview before any script has run; each variant of it is compressed once.
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

/** A resource the document at / asks the browser to fetch early. */
export interface Preload {
  href: string;
  as: 'fetch';
}

/**
 * The landing page's preview, drawn by the document itself: the browser shows it
 * as soon as the document, the stylesheet and the image have arrived, where the
 * reader's scripts would draw it only once they have run. The reader removes it
 * once it has drawn the same image in the same place (web: shared/lib/first-frame.ts,
 * styles.css `.first-frame`).
 */
export interface FirstFrame {
  preview: string;
  /** The page's size in pixels: the frame keeps its aspect ratio before the image arrives. */
  width: number;
  height: number;
  /** The brand's header logo, drawn in the frame's header bar. */
  logo: string;
}

/** What the document at / carries for the reader there, beyond index.html. */
export interface LandingHints {
  preloads: Preload[];
  firstFrame?: FirstFrame;
}

/** Variants of the document at / kept compressed (they change once a day or on publish). */
const MAX_DOCUMENTS = 8;

/**
 * The app's scripts, named as modulepreloads in index.html by the web build
 * (vite.config.ts, appPreloads). A document with the first frame leaves them out:
 * the app then asks for them once the frame's page image has arrived (boot.ts),
 * so on a slow connection they do not share the bandwidth with it.
 */
const APP_PRELOAD = /\n?[ \t]*<link [^>]*\bdata-app-preload\b[^>]*>/g;

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

function firstFrameMarkup(frame: FirstFrame): string {
  // Decoration only (aria-hidden, no alt): the reader's own page, drawn beneath it,
  // is what assistive technology reads. No style attribute: CSP allows none.
  return [
    '<div id="first-frame" class="first-frame" aria-hidden="true">',
    `<div class="first-frame-bar"><img src="${attribute(frame.logo)}" alt="" width="180" height="32" /></div>`,
    `<img class="first-frame-page" src="${attribute(frame.preview)}" alt="" width="${frame.width}" height="${frame.height}" fetchpriority="high" />`,
    '</div>',
  ].join('');
}

/** index.html with the landing hints, in each encoding, built once per set of hints. */
function landingDocuments(distDir: string) {
  const documents = new Map<string, Promise<Record<AnswerEncoding, Buffer>>>();
  let template: Promise<string> | undefined;
  return (hints: LandingHints) => {
    const tags = hints.preloads.map(preloadTag).join('\n    ');
    const frame = hints.firstFrame ? firstFrameMarkup(hints.firstFrame) : '';
    const key = `${tags}\n${frame}`;
    let document = documents.get(key);
    if (!document) {
      template ??= readFile(path.join(distDir, 'index.html'), 'utf8');
      document = template.then((html) =>
        encodeOnce(
          (frame ? holdAppPreloads(html) : html)
            .replace('</head>', `  ${tags}\n  </head>`)
            .replace('</body>', frame ? `  ${frame}\n  </body>` : '</body>'),
        ),
      );
      documents.set(key, document);
      document.catch(() => documents.delete(key));
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
  /** What a reader opening / needs first; absent: the plain index.html. */
  landingHints?: () => Promise<LandingHints>,
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
  const landingDocument = hasWebApp && landingHints ? landingDocuments(distDir) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (!hasWebApp || !isClientRoute(request)) return notFound(reply);
    void reply.header('cache-control', NO_CACHE);
    const hints = request.url === '/' && landingHints ? await landingHints() : undefined;
    if (!landingDocument || !hints) return reply.sendFile('index.html');
    const encoded = await landingDocument(hints);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('vary', 'Accept-Encoding')
      .send(encoded[encoding]);
  });
}
