// The session cookie is HttpOnly, so the web app cannot tell a visitor from a
// signed-in reader without asking /api/auth/me, and for a visitor that question
// ends in two 401s on every first visit (me, then the spec's one refresh): two
// round trips and two console errors before anything personal could be drawn.
// The spec's session layer carries a front token readable by scripts for this;
// ours is a cookie that says only "a session cookie was set" (no token, no id),
// written and cleared alongside the session cookie wherever better-auth sets it.
// It is a hint, never a credential: the server decides from the session alone.
import { parseCookies, parseSetCookieHeader, stripSecureCookiePrefix } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@folio/core';

/** better-auth's session cookie under our prefix (auth-module.ts), with or without __Secure-. */
const isSessionCookie = (name: string) => stripSecureCookiePrefix(name) === 'folio.session_token';

function setCookies(reply: FastifyReply): string[] {
  const value = reply.getHeader('set-cookie');
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function hintCookie(secure: boolean, value: '1' | '', lifetime: string[]): string {
  return [
    `${SESSION_HINT_COOKIE}=${value}`,
    'Path=/',
    'SameSite=Lax',
    ...lifetime,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

const clearingHint = (secure: boolean) => hintCookie(secure, '', ['Max-Age=0']);

/** The hint's Set-Cookie for a session cookie being set (same lifetime), or cleared. */
function hintFor(session: { value: string; maxAge?: number; expires?: Date }, secure: boolean) {
  const { value, maxAge, expires } = session;
  const cleared =
    value === '' ||
    (maxAge !== undefined ? maxAge <= 0 : expires !== undefined && expires.getTime() <= Date.now());
  if (cleared) return clearingHint(secure);
  if (maxAge !== undefined) return hintCookie(secure, '1', [`Max-Age=${maxAge}`]);
  return hintCookie(secure, '1', expires ? [`Expires=${expires.toUTCString()}`] : []);
}

/** Whether this answer may carry a cookie: documents and API answers, never assets or media. */
function mayCarryCookie(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.url.startsWith('/api/')) return true;
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/**
 * Keeps the hint in step with the session cookie: set with it (same lifetime),
 * cleared with it (better-auth clears a dead session's cookie), and given
 * to a browser that holds a session cookie from before the hint existed.
 */
export function installSessionHint(app: FastifyInstance, publicUrl: string): void {
  const secure = publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply, payload) => {
    const cookies = setCookies(reply);
    const session = cookies
      .flatMap((cookie) => [...parseSetCookieHeader(cookie)])
      .find(([name]) => isSessionCookie(name))?.[1];
    if (session) {
      const { value, 'max-age': maxAge, expires } = session;
      reply.header('set-cookie', [...cookies, hintFor({ value, maxAge, expires }, secure)]);
      return payload;
    }
    if (!request.headers.cookie || !mayCarryCookie(request, reply)) return payload;
    const sent = [...parseCookies(request.headers.cookie)].filter(([, value]) => value !== '');
    const hasHint = sent.some(([name]) => name === SESSION_HINT_COOKIE);
    const hasSession = sent.some(([name]) => isSessionCookie(name));
    if (hasHint && !hasSession) {
      reply.header('set-cookie', [...cookies, clearingHint(secure)]);
    } else if (!hasHint && hasSession && reply.statusCode < 400) {
      // A browser signed in before the hint existed: a hint for this browser session,
      // renewed on its next document if the browser drops it first.
      reply.header('set-cookie', [...cookies, hintCookie(secure, '1', [])]);
    }
    return payload;
  });
}
