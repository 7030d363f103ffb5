// Security headers. The CSP allows nothing but this origin: the web app is built
// by Vite into script and CSS files (Tailwind compiles to a stylesheet, and React's
// `style` props go through the CSSOM, which CSP does not govern), so neither
// scripts nor styles need 'unsafe-inline'. Swagger UI (@fastify/swagger-ui 5) loads
// its initializer as a file too, so /api/docs works under the same policy. Images
// allow data: and blob: for inline SVG icons and client-made page previews.
// Nothing the app runs needs more: input-otp's rules, which it would add in an
// inline <style>, are in the stylesheet (shared/ui/otp-input.tsx), and the
// payment-success confetti draws on the page's own thread rather than in a
// worker made from a blob: URL, which worker-src (falling back to script-src
// 'self') refuses (checkout/lib/celebrate.ts). e2e/clean-console.spec.ts walks
// every screen to keep it so.
// With Google sign-in configured, Google's One Tap library (its script, style,
// iframe and calls under accounts.google.com/gsi/) is allowed too, and the
// referrer keeps the origin, which that library checks against the client id.
// With a Google Tag Manager id configured, GTM's script and the beacons of the
// Google Analytics tags it runs are allowed too (Google's CSP guide for GTM);
// without one, no analytics origin is.
// Answers that belong to one reader are marked no-store (isPersonal below).
//
// helmet decides the headers; it runs once, at start. @fastify/helmet 13 builds
// a new helmet for every request (CSP parsed and re-serialised each time: an
// eighth of the content API's CPU at the morning peak), while these headers
// never change while the server runs (docs/decisions/0009).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS_BEACONS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * Route trees whose answers belong to one reader (the session, the account, the
 * outbox) or set a cookie: `Cache-Control: no-store`, so no browser or shared
 * cache keeps them. Decided on the route the router matched, errors included.
 */
const PERSONAL_ROUTE_PREFIXES = [
  '/api/auth/',
  '/api/users/',
  '/api/dev/',
  '/api/subscriptions/',
  '/api/payments/',
  '/auth/',
];

/**
 * The web app's hashed scripts and stylesheets are only ever loaded by our own
 * documents, never shown as one (nosniff keeps a browser from rendering them).
 * The document-only headers (CSP, frame, opener, referrer and the legacy ones)
 * do nothing on them, yet cost about 500 bytes on each of the twenty files of a
 * first load over HTTP/1.1 (docs/decisions/0015). These keep their meaning on a
 * subresource.
 */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);
const BUILT_SUBRESOURCE = /^\/assets\/[\w.-]+\.(?:js|css)(?:\?|$)/;
/**
 * Raster images of the paper (pages, tiles, thumbnails, ad clips) are subresources
 * too: an image runs nothing, so a CSP on it says nothing, and a zoomed page asks
 * for a few dozen tiles (docs/decisions/0015, amended). SVG, PDF and HTML keep the
 * full set.
 */
const MEDIA_IMAGE = /^\/media\/[^?]+\.(?:webp|avif|png|jpe?g)(?:\?|$)/;

/**
 * A JSON answer of the API is read by our own scripts, never shown as a page: the
 * document-only headers do nothing on it (docs/decisions/0042). It keeps the
 * subresource set and a policy for the one case where it is a document, a reader
 * opening its URL: it may load nothing and be framed nowhere.
 */
const JSON_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
} as const;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

function isJsonAnswer(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && JSON_TYPE.test(type);
}

function isBuiltSubresource(url: string): boolean {
  return BUILT_SUBRESOURCE.test(url) || MEDIA_IMAGE.test(url);
}

function isPersonal(request: FastifyRequest, reply: FastifyReply): boolean {
  const route = request.routeOptions.url;
  return (
    (route !== undefined && PERSONAL_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix))) ||
    reply.hasHeader('set-cookie')
  );
}

export async function installSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  options: {
    googleSignIn: boolean;
    tagManager: boolean;
    /** The payment provider's origin when its checkout is opened by a form POST. */
    paymentFormTarget?: string | null;
  },
): Promise<void> {
  const https = publicUrl.startsWith('https:');
  const google = (source: string) => (options.googleSignIn ? [source] : []);
  const tags = (...sources: string[]) => (options.tagManager ? sources : []);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google(`${GOOGLE_GSI}client`), ...tags(TAG_MANAGER)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...google(`${GOOGLE_GSI}style`)],
        imgSrc: ["'self'", 'data:', 'blob:', ...tags(TAG_MANAGER, ...ANALYTICS_BEACONS)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google(GOOGLE_GSI), ...tags(TAG_MANAGER, ...ANALYTICS_BEACONS)],
        ...(options.googleSignIn ? { frameSrc: [GOOGLE_GSI] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(options.paymentFormTarget ? [options.paymentFormTarget] : [])],
        frameAncestors: ["'none'"],
        // Upgrading only makes sense when the site is served over TLS; on plain
        // http (local runs, e2e) it would break every asset request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // No page of the site is ever framed: the header for browsers that predate
    // frame-ancestors says the same as the CSP.
    frameguard: { action: 'deny' },
    strictTransportSecurity: https,
    referrerPolicy: {
      policy: options.googleSignIn ? 'strict-origin-when-cross-origin' : 'no-referrer',
    },
  });
  const subresourceHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.has(name)),
  );
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(isBuiltSubresource(request.url) ? subresourceHeaders : headers);
    done();
  });
  const documentOnly = Object.keys(headers).filter(
    (name) => !SUBRESOURCE_HEADERS.has(name) && !(name in JSON_ANSWER_HEADERS),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPersonal(request, reply)) void reply.header('cache-control', 'no-store');
    if (isJsonAnswer(reply) && reply.hasHeader('content-security-policy')) {
      for (const name of documentOnly) reply.removeHeader(name);
      void reply.headers(JSON_ANSWER_HEADERS);
    }
    return payload;
  });
}

/** The headers helmet sets for these options, read once from a response that records them. */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  if (Object.keys(headers).length === 0) throw new Error('helmet set no headers');
  return headers;
}
