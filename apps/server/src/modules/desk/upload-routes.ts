// Resumable page uploads from the browser (issue 26 part 4): the tus protocol
// (@tus/server, the files in DATA_DIR/uploads) under /api/desk/uploads. Every
// method passes the desk's one guard, like every desk route, and the site's CSRF
// check, like every state-changing request: a browser sends Origin with each POST,
// PATCH and DELETE, and tus's own headers (Tus-Resumable, Upload-Offset) cannot
// come from another site without a preflight this server never allows.
//
// The name is read and checked against the paper when an upload is created, so a
// wrong one is refused with the reason before a byte of the file is sent. The
// finished file goes to the same intake as `POST /api/desk/pages`, and the answer
// is that route's: { page, version }, or { status: "ERROR", message } with the
// reason. An upload belongs to the staff member who started it; finished uploads
// are removed at once, unfinished ones after a day.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, EVENTS, Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@folio/core';
import { DESK_MESSAGES } from '@folio/core/desk';
import { DomainError } from '../../errors.ts';
import type { FolioAuth } from '../auth/index.ts';
import { deskCaller, deskGuard, type DeskCaller } from './guard.ts';
import { MAX_PAGE_FILE_BYTES, TOO_LARGE } from './intake.ts';
import { actorOf, type DeskService } from './service.ts';

const UPLOADS_PATH = '/api/desk/uploads';
/** An upload left unfinished this long is removed; the browser then starts it again. */
const UNFINISHED_KEPT_MS = 24 * 60 * 60 * 1000;
/** How often, at most, the unfinished uploads past that are looked for (as one starts). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** tus's upload ids: 16 random bytes in hex. Anything else names no upload. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const SIZE_REQUIRED = 'Say the size of the file when its upload starts (Upload-Length).';

/** The answer this door gives instead of tus's plain text. */
interface Answer {
  status: number;
  body: unknown;
}

/** One request as tus sees it: who sent it (the guard let them through) and what to answer. */
interface Exchange {
  caller: DeskCaller;
  answer?: Answer;
}

/** What a tus hook throws to refuse: tus answers with this status (the door adds the body). */
class Refusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** The request as a web Request, its body the raw stream no parser has read. */
function webRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  const web = new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  });
  // tus ends a PATCH gracefully (keeping what arrived) when the connection breaks.
  return Object.assign(web, { runtime: { name: 'node', node: { req: request.raw } } });
}

export const deskUploadRoutes: FastifyPluginAsync<{
  auth: FolioAuth;
  desk: DeskService;
  /** Where uploads are kept while they are sent (DATA_DIR/uploads). */
  uploadsDir: string;
  publicUrl: string;
}> = async (app, { auth, desk, uploadsDir, publicUrl }) => {
  // The desk's one guard, asking what `POST /api/desk/pages` asks: may send pages.
  const guard = deskGuard(auth, desk)('editions');
  const origin = new URL(publicUrl).origin;
  await mkdir(uploadsDir, { recursive: true });
  const store = new FileStore({
    directory: uploadsDir,
    expirationPeriodInMilliseconds: UNFINISHED_KEPT_MS,
  });
  const exchanges = new WeakMap<Request, Exchange>();
  const exchangeOf = (req: Request): Exchange => {
    const exchange = exchanges.get(req);
    if (!exchange) throw new Refusal(401, DESK_MESSAGES.signInRequired);
    return exchange;
  };
  const refuse = (req: Request, status: number, message: string): never => {
    exchangeOf(req).answer = { status, body: { status: 'ERROR', message } };
    throw new Refusal(status, message);
  };
  const remove = (id: string) =>
    store.remove(id).catch((error: unknown) => {
      app.log.warn({ err: error, upload: id }, 'upload not removed');
    });
  let swept = 0;
  const sweep = () => {
    if (Date.now() - swept < SWEEP_EVERY_MS) return;
    swept = Date.now();
    tus.cleanUpExpiredUploads().catch((error: unknown) => {
      app.log.warn({ err: error }, 'unfinished uploads not swept');
    });
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    maxSize: MAX_PAGE_FILE_BYTES,
    relativeLocation: true,
    allowedOrigins: [origin],
    getFileIdFromRequest: (_req, id) => (id !== undefined && UPLOAD_ID.test(id) ? id : undefined),

    async onUploadCreate(req: Request, upload: Upload) {
      const { caller } = exchangeOf(req);
      if (upload.sizeIsDeferred) refuse(req, 400, SIZE_REQUIRED);
      const fileName = upload.metadata?.filename;
      if (!fileName) return refuse(req, 400, DESK_MESSAGES.fileNameRequired);
      try {
        await desk.checkPageName(actorOf(caller.staff), fileName);
      } catch (error) {
        if (error instanceof DomainError) refuse(req, error.statusCode, error.message);
        throw error;
      }
      sweep();
      return { metadata: { ...upload.metadata, owner: caller.staff.userId } };
    },

    // Each later request of an upload must come from the staff member who started it.
    async onIncomingRequest(req: Request, id: string) {
      if (req.method === 'POST') return;
      const upload = await store.getUpload(id);
      if (upload.metadata?.owner !== exchangeOf(req).caller.staff.userId)
        throw ERRORS.FILE_NOT_FOUND;
    },

    async onUploadFinish(req: Request, upload: Upload) {
      const exchange = exchangeOf(req);
      try {
        const bytes = await readFile(path.join(uploadsDir, upload.id));
        const taken = await desk.receivePage(actorOf(exchange.caller.staff), {
          fileName: upload.metadata?.filename ?? '',
          bytes,
        });
        exchange.answer = { status: 200, body: taken };
        // Removed once the answer is written (EVENTS.POST_FINISH below).
        return { status_code: 200 };
      } catch (error) {
        await remove(upload.id);
        if (error instanceof DomainError) refuse(req, error.statusCode, error.message);
        throw error;
      }
    },

    onResponseError(_req: Request, error: Error | { status_code: number; body: string }) {
      if ('status_code' in error) return undefined;
      app.log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: MESSAGES.internalError };
    },
  });
  tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => void remove(upload.id));

  /** tus's answer, with the door's JSON body in place of tus's plain text. */
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const req = webRequest(request, origin);
    const exchange: Exchange = { caller: deskCaller(request) };
    exchanges.set(req, exchange);
    const response = await tus.handleWeb(req);
    for (const [name, value] of response.headers) {
      if (!['content-length', 'content-type', 'cache-control'].includes(name))
        void reply.header(name, value);
    }
    const text = await response.text();
    const answer =
      exchange.answer ??
      (response.status >= 400
        ? {
            status: response.status,
            body: {
              status: 'ERROR',
              message:
                response.status === 413
                  ? TOO_LARGE
                  : response.status >= 500
                    ? MESSAGES.internalError
                    : text.trim() || MESSAGES.genericError,
            },
          }
        : undefined);
    if (response.status >= 500) request.log.warn({ status: response.status, text }, 'upload');
    if (answer) return reply.code(answer.status).send(answer.body);
    return reply.code(response.status).send();
  };

  // tus reads the body itself, as a stream: no parser here touches it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const routeOptions = { onRequest: guard, schema: { hide: true }, handler: handle };
  app.route({ method: ['POST', 'OPTIONS'], url: UPLOADS_PATH, ...routeOptions });
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${UPLOADS_PATH}/:id`,
    ...routeOptions,
  });
};
