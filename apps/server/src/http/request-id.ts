// Request ids: one per request, taken from a proxy's X-Request-Id when it is a
// plain token (so nginx's $request_id, or a caller's, ties its log to ours) and
// made up otherwise, sent back in X-Request-Id, and carried by every log line the
// request causes: Fastify's request logger binds it, and lines written through
// the container's root logger (services log there) get it from the request's
// async context (logger.ts, requestContext). docs/decisions/0038-operations.md.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { requestContext } from '../logger.ts';
import type { FirstResponder } from './server.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may look like: short, and only characters that cannot
 * break a log line or a header (no spaces, quotes, control characters).
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:=+/@-]{0,127}$/;

/** The id a first responder gave a request it left to Fastify, so Fastify keeps it. */
const GIVEN = Symbol('folio.requestId');
type WithId = IncomingMessage & { [GIVEN]?: string };

/** The id a request goes by: the one it came with when well formed, else a fresh one. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Fastify's `genReqId`: request.id, bound into request.log as `reqId`. */
export const genReqId = (req: IncomingMessage): string =>
  (req as WithId)[GIVEN] ?? requestIdOf(req);

/**
 * Echoes the id in X-Request-Id, and runs the rest of the request inside
 * requestContext so the root logger's lines carry it too. (Fastify's body
 * parsing returns to the request's async context, so it holds to the handler.)
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    requestContext.run({ reqId: request.id }, done);
  });
}

/**
 * A first responder (http/server.ts) whose answers carry a request id too. When
 * it leaves the request to Fastify, the header is taken off again (Fastify sets
 * its own) and the id stays with the request for genReqId.
 */
export function withRequestId(responder: FirstResponder): FirstResponder {
  return (req, res) => {
    // The responder puts it among its own headers (givenRequestId): a header set
    // here would take Node off its raw-array fast path for every replayed answer.
    (req as WithId)[GIVEN] = requestIdOf(req);
    return responder(req, res);
  };
}

/** The id withRequestId gave a request, for a first responder's answer. */
export function givenRequestId(req: IncomingMessage): string {
  return (req as WithId)[GIVEN] ?? requestIdOf(req);
}
