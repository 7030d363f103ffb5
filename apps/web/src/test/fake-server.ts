// A stand-in for the Folio server at the network edge: globalThis.fetch answers
// from route handlers, so every module above it (http client, queries, screens)
// runs for real. Unknown paths answer 404 the way the server does.
import { vi } from 'vitest';

/** What a handler may want beyond the URL: the method and the parsed JSON body. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export type Handler = (url: URL, request: FakeRequest) => unknown;

export interface FakeServer {
  /** Every URL requested, in order. */
  requests: URL[];
  /** Every request with its method and body, in order. */
  sent: FakeRequest[];
  /** Requests made to one path. */
  calls: (pathname: string) => URL[];
}

export function reply(status: number, body: unknown, contentType = 'application/json'): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': contentType } });
}

export function html(body: string): Response {
  return reply(200, body, 'text/html; charset=utf-8');
}

export function installFakeServer(routes: Record<string, Handler>): FakeServer {
  const requests: URL[] = [];
  const sent: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(url);
    sent.push(request);
    const handler = routes[url.pathname];
    if (!handler) return reply(404, { status: 'ERROR', message: 'Not found' });
    const result = await handler(url, request);
    return result instanceof Response ? result : reply(200, result);
  });
  return {
    requests,
    sent,
    calls: (pathname) => requests.filter((url) => url.pathname === pathname),
  };
}
