// Between Fastify and better-auth. Routes hand a request to better-auth's handler
// as a web Request and copy its Response back, with errors reshaped into the
// API's { status: "ERROR", message } form; account routes read the session here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, MESSAGES, authErrorBodySchema } from '@folio/core';
import { UnauthorizedError } from '../../errors.ts';
import type { FolioAuth } from './auth-module.ts';
import { CLIENT_IP_HEADER } from './client-ip.ts';
import { viewerOf, type Viewer } from './sessions.ts';

/** Hop-by-hop or recomputed headers that must not be copied between the two sides. */
const NOT_FORWARDED = new Set([
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  CLIENT_IP_HEADER,
]);

/**
 * The request's headers for better-auth. The client address is the one Fastify
 * resolved (honouring trustProxy), so better-auth's rate limiter and our send
 * limits count the same address; a client-sent value is dropped.
 */
function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function webRequest(request: FastifyRequest, publicUrl: string, path: string): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const headers = webHeaders(request);
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(`${publicUrl}${path}`, {
    method: request.method,
    headers,
    // Fastify parsed and validated the body; better-auth gets the same JSON back.
    body: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Our plugins already answer in the API's error shape (domain errors, meant for
 * the reader); better-auth's own refusals (rate limit, origin) say { message,
 * code } and are reshaped; any other 5xx never leaks its details.
 */
function errorBody(
  status: number,
  text: string,
  retryAfter: string | null,
): Record<string, unknown> {
  const ours = authErrorBodySchema.safeParse(parseJson(text));
  if (ours.success) return ours.data;
  if (status >= 500) return { status: 'ERROR', message: MESSAGES.internalError };
  if (status === 429) {
    const seconds = Number(retryAfter);
    return {
      status: 'ERROR',
      message: AUTH_MESSAGES.tooManyRequests,
      reason: 'RATE_LIMITED',
      ...(Number.isInteger(seconds) && seconds > 0 ? { retryAfterSeconds: seconds } : {}),
    };
  }
  const theirs = parseJson(text);
  const message =
    typeof theirs === 'object' &&
    theirs !== null &&
    'message' in theirs &&
    typeof theirs.message === 'string'
      ? theirs.message
      : MESSAGES.genericError;
  return { status: 'ERROR', message };
}

/** Copies better-auth's answer to the reply, errors in the API's shape. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || NOT_FORWARDED.has(name) || name === 'content-encoding') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    const retryAfter = response.headers.get('x-retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    reply.type('application/json').send(errorBody(response.status, text, retryAfter));
  } else if (response.status >= 300 || text === '') {
    reply.send();
  } else {
    reply.type('application/json').send(parseJson(text));
  }
}

/**
 * The path the router matched, with the request's query. The raw target may be
 * spelt otherwise (`/%61pi/...`, or absolute-form `http://host/api/...`), and
 * better-auth must see the route it is meant to run.
 */
function routedPath(request: FastifyRequest): string {
  return `${request.routeOptions.url ?? ''}${new URL(request.url, 'http://routed.invalid').search}`;
}

/** Runs the request through better-auth at `path` (default: the route the router matched). */
export async function forwardToAuth(
  auth: FolioAuth,
  publicUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string = routedPath(request),
): Promise<void> {
  await sendWebResponse(reply, await auth.handler(webRequest(request, publicUrl, path)));
}

/** Runs the request through better-auth at `path` and returns its answer, not yet sent. */
export async function askAuth(
  auth: FolioAuth,
  publicUrl: string,
  request: FastifyRequest,
  path: string,
): Promise<Response> {
  return auth.handler(webRequest(request, publicUrl, path));
}

/** The signed-in viewer, or null; a refreshed session cookie is passed on to the reply. */
export async function currentViewer(
  auth: FolioAuth,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  const { headers, response } = await auth.api.getSession({
    headers: webHeaders(request),
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return response ? viewerOf(response) : null;
}

/** Viewers found by the sign-in preHandler, per request (gone with the request). */
const signedIn = new WeakMap<FastifyRequest, Viewer>();

/**
 * A preHandler for a tree of routes that need a signed-in reader: it answers 401
 * before the handler runs, and the handler reads the reader with signedInViewer().
 */
export function requireSignIn(auth: FolioAuth) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const viewer = await currentViewer(auth, request, reply);
    if (!viewer) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
    signedIn.set(request, viewer);
  };
}

/** The reader requireSignIn found for this request. */
export function signedInViewer(request: FastifyRequest): Viewer {
  const viewer = signedIn.get(request);
  if (!viewer) throw new UnauthorizedError(AUTH_MESSAGES.signInRequired);
  return viewer;
}
