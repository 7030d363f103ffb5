// Cross-site request forgery defence for every state-changing /api request: it
// must come from the site itself, shown by an Origin equal to PUBLIC_URL's or,
// when a browser sends no Origin, by Fetch Metadata (Sec-Fetch-Site same-origin,
// or none for what the user typed or bookmarked). Anything else is refused before
// a route runs. Session cookies are SameSite=Lax as a second line; sign-in
// routes get better-auth's own origin check as a third.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@folio/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_SITE_FETCH = new Set(['same-origin', 'none']);

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function comesFromSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === siteOrigin;
  const fetchSite = request.headers['sec-fetch-site'];
  return typeof fetchSite === 'string' && SAME_SITE_FETCH.has(fetchSite);
}

export function installCsrfGuard(app: FastifyInstance, publicUrl: string): void {
  const siteOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApi(request.url)) return;
    if (comesFromSite(request, siteOrigin)) return;
    request.log.info(
      { origin: request.headers.origin, url: request.url },
      'cross-site request refused',
    );
    return reply.code(403).send({ status: 'ERROR', message: MESSAGES.crossSiteRequest });
  });
}
