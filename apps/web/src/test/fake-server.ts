// A stand-in for the Folio server at the network edge: globalThis.fetch answers
// from route handlers, so every module above it (http client, queries, screens)
// runs for real. Unknown paths answer 404 the way the server does.
import { vi } from 'vitest';

export type Handler = (url: URL) => unknown;

export interface FakeServer {
  /** Every URL requested, in order. */
  requests: URL[];
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
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    requests.push(url);
    const handler = routes[url.pathname];
    if (!handler) return reply(404, { status: 'ERROR', message: 'Not found' });
    const result = await handler(url);
    return result instanceof Response ? result : reply(200, result);
  });
  return {
    requests,
    calls: (pathname) => requests.filter((url) => url.pathname === pathname),
  };
}
