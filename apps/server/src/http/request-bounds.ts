// Bounds on a request before any route sees it (issue 6 part 5): a small body,
// JSON nested only as deep as our bodies ever are, and a URL that cannot be
// decoded answered in the API's error shape without echoing it back.
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { MESSAGES } from '@folio/core';
import { BadRequestError } from '../errors.ts';

/** The largest body the API takes is a few hundred bytes (metadata); 16 KiB leaves room. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Our deepest body (metadata: dh.newsLetter.email) is 3 levels; anything past this is refused. */
export const MAX_JSON_DEPTH = 8;

/**
 * Deepest nesting of objects and arrays in JSON text, counted without parsing, so
 * a 5,000-deep body is refused before anything walks it recursively (a recursive
 * JSON.stringify on the way to better-auth overflowed the stack).
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === '}' || char === ']') {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * A URL find-my-way cannot decode (e.g. /media/%zz) never reaches a route or the
 * error handler; it is answered here, in the API's shape, without the URL.
 */
function refuseBadUrl(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).send({ status: 'ERROR', message: MESSAGES.badUrl });
}

/** Fastify options of the bounds: body size and the answer to an undecodable URL. */
export const requestBoundsOptions: Pick<FastifyServerOptions, 'bodyLimit' | 'frameworkErrors'> = {
  bodyLimit: MAX_BODY_BYTES,
  frameworkErrors: refuseBadUrl,
};

/** JSON bodies go through Fastify's own parser (prototype-poisoning checks) after a depth check. */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new BadRequestError(MESSAGES.bodyTooDeep(MAX_JSON_DEPTH)), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
