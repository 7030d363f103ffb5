// The session cookie is HttpOnly, so the web app cannot tell a visitor from a
// signed-in reader without asking /api/auth/me, and for a visitor that question
// ends in two 401s on every first visit (me, then the spec's one refresh): two
// round trips and two console errors before anything personal could be drawn.
// The spec's session layer carries a front token readable by scripts for this;
// ours is a cookie that says only "a session cookie was set" (no token, no id),
// written and cleared alongside the session cookie wherever better-auth sets it.
// It is a hint, never a credential: the server decides from the session alone.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '@folio/core';

const SESSION_COOKIE = /^(?:__Secure-)?folio\.session_token=([^;]*)/;
const MAX_AGE = /;\s*max-age=(-?\d+)/i;
const EXPIRES = /;\s*expires=([^;]+)/i;

function setCookies(reply: FastifyReply): string[] {
  const value = reply.getHeader('set-cookie');
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function requestCookieNames(request: FastifyRequest): Set<string> {
  const names = new Set<string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name && value) names.add(name);
  }
  return names;
}

/** The hint's Set-Cookie for the session cookie being set, or a clearing one. */
function hintFor(sessionSetCookie: string, secure: boolean): string {
  const value = SESSION_COOKIE.exec(sessionSetCookie)?.[1] ?? '';
  const maxAge = MAX_AGE.exec(sessionSetCookie)?.[1];
  const expires = EXPIRES.exec(sessionSetCookie)?.[1];
  const cleared =
    value === '' ||
    (maxAge !== undefined && Number(maxAge) <= 0) ||
    (maxAge === undefined && expires !== undefined && Date.parse(expires) <= Date.now());
  return cleared ? clearingHint(secure) : hint(secure, maxAge, maxAge ? undefined : expires);
}

function hint(secure: boolean, maxAge?: string, expires?: string): string {
  return [
    `${SESSION_HINT_COOKIE}=${maxAge === '0' ? '' : '1'}`,
    'Path=/',
    'SameSite=Lax',
    ...(maxAge ? [`Max-Age=${maxAge}`] : []),
    ...(expires ? [`Expires=${expires}`] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function clearingHint(secure: boolean): string {
  return hint(secure, '0');
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
    const session = cookies.find((cookie) => SESSION_COOKIE.test(cookie));
    if (session) {
      reply.header('set-cookie', [...cookies, hintFor(session, secure)]);
      return payload;
    }
    if (!mayCarryCookie(request, reply)) return payload;
    const sent = requestCookieNames(request);
    const hasHint = sent.has(SESSION_HINT_COOKIE);
    const hasSession = [...sent].some((name) => SESSION_COOKIE.test(`${name}=x`));
    if (hasHint && !hasSession) {
      reply.header('set-cookie', [...cookies, clearingHint(secure)]);
    } else if (!hasHint && hasSession && reply.statusCode < 400) {
      // A browser signed in before the hint existed: a hint for this browser session,
      // renewed on its next document if the browser drops it first.
      reply.header('set-cookie', [...cookies, hint(secure)]);
    }
    return payload;
  });
}
