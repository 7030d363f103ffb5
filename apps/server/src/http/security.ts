// Security headers. The CSP allows nothing but this origin: the web app is built
// by Vite into script and CSS files (Tailwind compiles to a stylesheet, and React's
// `style` props go through the CSSOM, which CSP does not govern), so neither
// scripts nor styles need 'unsafe-inline'. Swagger UI (@fastify/swagger-ui 5) loads
// its initializer as a file too, so /api/docs works under the same policy. Images
// allow data: and blob: for inline SVG icons and client-made page previews.
// With Google sign-in configured, Google's One Tap library (its script, style,
// iframe and calls under accounts.google.com/gsi/) is allowed too, and the
// referrer keeps the origin, which that library checks against the client id.
// Answers that belong to one reader are marked no-store (isPersonal below).
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Route trees whose answers belong to one reader (the session, the account, the
 * outbox) or set a cookie: `Cache-Control: no-store`, so no browser or shared
 * cache keeps them. Decided on the route the router matched, errors included.
 */
const PERSONAL_ROUTE_PREFIXES = ['/api/auth/', '/api/users/', '/api/dev/', '/auth/'];

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
  options: { googleSignIn: boolean },
): Promise<void> {
  const https = publicUrl.startsWith('https:');
  const google = (source: string) => (options.googleSignIn ? [source] : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google(`${GOOGLE_GSI}client`)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", ...google(`${GOOGLE_GSI}style`)],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google(GOOGLE_GSI)],
        ...(options.googleSignIn ? { frameSrc: [GOOGLE_GSI] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPersonal(request, reply)) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
