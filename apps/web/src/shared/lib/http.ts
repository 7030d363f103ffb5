// The one place the web app talks HTTP. Components reach it only through a
// feature's api.ts, so every response is parsed against the shared zod contract
// and every failure surfaces as an ApiError carrying the server's own wording.
import { errorBodySchema, MESSAGES } from '@folio/core';
import type { ZodType } from 'zod';

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type QueryParams = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  signal?: AbortSignal;
}

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

async function serverMessage(response: Response): Promise<string> {
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    if (parsed.success) return parsed.data.message;
  } catch {
    // A non-JSON error page (proxy, CDN) has no message worth showing.
  }
  return MESSAGES.genericError;
}

async function request(path: string, accept: string, options: RequestOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      headers: { Accept: accept },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // Cancellation is TanStack Query's business; let it see the original AbortError.
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, MESSAGES.genericError);
  }
  if (!response.ok) throw new ApiError(response.status, await serverMessage(response));
  return response;
}

/** GET a JSON resource and parse it with the shared schema; a shape mismatch is an error, not data. */
export async function getJson<T>(
  path: string,
  schema: ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await request(path, 'application/json', options);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, MESSAGES.genericError);
  return parsed.data;
}

/** GET a text resource such as an article's HTML. */
export async function getText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await request(path, 'text/html, text/plain', options);
  return response.text();
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
