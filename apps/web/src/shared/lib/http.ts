// The one place the web app talks HTTP. Components reach it only through a
// feature's api.ts, so every response is parsed against the shared zod contract
// and every failure surfaces as an ApiError carrying the server's own wording.
// The session lives in an HttpOnly cookie; when a call answers 401 the client
// refreshes the session once and repeats the call once (spec 1 §7).
import { errorBodySchema, MESSAGES } from '@folio/core';
import { z, type ZodType } from 'zod';

export class ApiError extends Error {
  readonly status: number;
  /** The server's machine-readable cause where it gives one (e.g. RESTART_FLOW). */
  readonly reason: string | undefined;

  constructor(status: number, message: string, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.reason = reason;
  }
}

export type QueryParams = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface SendOptions extends RequestOptions {
  method?: Method;
  /** Sent as JSON; omitted entirely for calls that take no body. */
  body?: unknown;
}

export const SESSION_REFRESH_PATH = '/api/auth/session/refresh';

/** Status used when the request never produced an HTTP response (offline, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

export function withQuery(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const errorWithReasonSchema = errorBodySchema.extend({ reason: z.string().optional() });

async function failure(response: Response): Promise<ApiError> {
  try {
    const parsed = errorWithReasonSchema.safeParse(await response.json());
    if (parsed.success)
      return new ApiError(response.status, parsed.data.message, parsed.data.reason);
  } catch {
    // A non-JSON error page (proxy, CDN) has no message worth showing.
  }
  return new ApiError(response.status, MESSAGES.genericError);
}

async function send(path: string, accept: string, options: SendOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  try {
    return await fetch(withQuery(path, options.query), init);
  } catch (error) {
    // Cancellation is TanStack Query's business; let it see the original AbortError.
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, MESSAGES.genericError);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Extends the session. Calls that fail together with 401 share one refresh, so a
 * screen that loads three things at once does not refresh three times.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(SESSION_REFRESH_PATH, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function request(path: string, accept: string, options: SendOptions): Promise<Response> {
  let response = await send(path, accept, options);
  if (response.status === 401 && path !== SESSION_REFRESH_PATH && (await refreshSession())) {
    response = await send(path, accept, options);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

async function requestJson<T>(path: string, schema: ZodType<T>, options: SendOptions): Promise<T> {
  const response = await request(path, 'application/json', options);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, MESSAGES.genericError);
  return parsed.data;
}

/** GET a JSON resource and parse it with the shared schema; a shape mismatch is an error, not data. */
export function getJson<T>(
  path: string,
  schema: ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  return requestJson(path, schema, options);
}

/** GET a text resource such as an article's HTML. */
export async function getText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await request(path, 'text/html, text/plain', options);
  return response.text();
}

/** POST, PUT, PATCH or DELETE with an optional JSON body; the answer is parsed like a GET's. */
export function sendJson<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  schema: ZodType<T>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return requestJson(path, schema, { ...options, method, body });
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
