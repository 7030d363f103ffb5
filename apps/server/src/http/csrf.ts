// Cross-site request forgery defence for every state-changing request: it must
// come from the site itself, shown by an Origin equal to PUBLIC_URL's or, when a
// browser sends no Origin, by Fetch Metadata (Sec-Fetch-Site same-origin, or none
// for what the user typed or bookmarked). Anything else is refused before a route
// runs. The guard decides on the method alone, never on the path: the raw request
// target is not what the router matches (it decodes `/%61pi`, and a client may
// send an absolute-form `http://host/api/...`), so any path rule could be walked
// around. No route takes a cross-site state-changing request: Google's redirect
// sign-in returns by GET (docs/decisions/0005). Session cookies are SameSite=Lax
// as a second line; sign-in routes get better-auth's own origin check as a third.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@folio/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAME_SITE_FETCH = new Set(['same-origin', 'none']);

function comesFromSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === siteOrigin;
  const fetchSite = request.headers['sec-fetch-site'];
  return typeof fetchSite === 'string' && SAME_SITE_FETCH.has(fetchSite);
}

export function installCsrfGuard(app: FastifyInstance, publicUrl: string): void {
  const siteOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // Routes a third party calls by design (payment webhooks and returns) prove
    // themselves by signature instead.
    if ((request.routeOptions.config as { crossSite?: boolean } | undefined)?.crossSite === true)
      return;
    if (comesFromSite(request, siteOrigin)) return;
    request.log.info(
      { origin: request.headers.origin, method: request.method },
      'cross-site request refused',
    );
    return reply.code(403).send({ status: 'ERROR', message: MESSAGES.crossSiteRequest });
  });
}
