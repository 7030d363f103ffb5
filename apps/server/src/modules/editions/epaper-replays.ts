// The content API's answers replayed in front of the router. At the morning peak
// thousands of readers ask for the same few issues with the same URL; the first
// request for a URL (with its Accept-Encoding) goes through Fastify as any other:
// its query is validated by the route's schema, the 06:00 rule is applied, security
// headers and the encoding are decided, and the exact status, headers and bytes it
// sent are recorded here. The same request again, while that answer is still the
// issue's fresh answer in memory (EpaperAnswers: rebuilt on publish on any server,
// at the version the change feed has checked within its window) and its date still servable, is
// answered from the record by the HTTP server itself (http/server.ts), skipping
// routing, hooks and per-request logging. Anything else (another method, a
// conditional request, a body, an unseen URL, a stale answer) goes to Fastify.
// docs/decisions/0010-content-api-replays.md says why.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER, givenRequestId, requestIdOf } from '../../http/request-id.ts';
import type { WireAnswer, WireRequest } from '../../http/wire.ts';
import { carriesSessionCookie } from '../access/index.ts';
import type { EpaperAnswer, EpaperAnswers } from './epaper-answers.ts';

/** The only path replayed; its query is whatever the route accepted. */
export const REPLAYED_PATH = '/api/epaper/data';
/** Records kept at most (the oldest go first): a URL per issue per Accept-Encoding in use. */
const MAX_REPLAYS = 2048;
/** Longer URLs or Accept-Encoding values are never recorded; readers' browsers send short ones. */
const MAX_RECORDED_LENGTH = 256;

interface Replay {
  answer: EpaperAnswer;
  /** Header names and values, in the order Fastify set them, Content-Length included. */
  headers: string[];
  /** The same as written on the wire: status line and header lines, X-Request-Id to come. */
  wireHead: string;
  body: Buffer;
}

/** What the route sent, handed over before Fastify's onSend hooks have run. */
export interface SentAnswer {
  answer: EpaperAnswer;
  body: Buffer;
}

const replayKey = (acceptEncoding: string | undefined, url: string) =>
  `${acceptEncoding === undefined ? '-' : `+${acceptEncoding}`}\n${url}`;

export class EpaperReplays {
  private readonly replays = new Map<string, Replay>();
  private readonly sending = new WeakMap<FastifyRequest, SentAnswer>();

  constructor(
    private readonly answers: EpaperAnswers,
    /** Whether a date may be served now (the 06:00 rule). */
    private readonly servable: (date: string) => boolean,
    /** Told of every lookup of a replayable request, whether it was answered (for the metrics). */
    private readonly lookedUp: (hit: boolean) => void = () => undefined,
  ) {}

  /** Called by the route with the 200 it is about to send. */
  sent(request: FastifyRequest, answer: SentAnswer): void {
    if (request.method === 'GET') this.sending.set(request, answer);
  }

  /**
   * Records a 200 the route sent, with every header the app's hooks put on it; run
   * as the route's last onSend hook, so the record is what the reader received.
   */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const sent = this.sending.get(request);
    this.sending.delete(request);
    const acceptEncoding = request.headers['accept-encoding'];
    if (
      !sent ||
      reply.statusCode !== 200 ||
      payload !== sent.body ||
      request.url.length > MAX_RECORDED_LENGTH ||
      (acceptEncoding?.length ?? 0) > MAX_RECORDED_LENGTH
    )
      return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      // The request id is the request's own (http/request-id.ts), never replayed.
      if (value === undefined || name === 'content-length' || name === REQUEST_ID_HEADER) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    headers.push('content-length', String(sent.body.length));
    let wireHead = 'HTTP/1.1 200 OK\r\n';
    for (let i = 0; i < headers.length; i += 2) wireHead += `${headers[i]}: ${headers[i + 1]}\r\n`;
    const key = replayKey(acceptEncoding, request.url);
    this.replays.delete(key);
    this.replays.set(key, { ...sent, headers, wireHead });
    if (this.replays.size > MAX_REPLAYS) {
      const oldest = this.replays.keys().next().value;
      if (oldest !== undefined) this.replays.delete(oldest);
    }
  }

  /** Answers a request seen before from its record; false leaves it to the router. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const replay = req.method === 'GET' ? this.find(req.url, req.headers) : undefined;
    if (!replay) return false;
    res.writeHead(200, replay.headers.concat(REQUEST_ID_HEADER, givenRequestId(req)));
    res.end(replay.body);
    return true;
  }

  /** The same, for a GET read from the wire (http/wire.ts): its answer's bytes, or undefined. */
  answerOnWire(request: WireRequest): WireAnswer | undefined {
    const replay = this.find(request.url, request.headers);
    if (!replay) return undefined;
    return {
      head: `${replay.wireHead}${REQUEST_ID_HEADER}: ${requestIdOf(request)}\r\n`,
      body: replay.body,
    };
  }

  /** The record a GET may be answered with: seen before, still fresh and servable. */
  private find(url: string | undefined, headers: IncomingHttpHeaders): Replay | undefined {
    if (
      url === undefined ||
      !url.startsWith(REPLAYED_PATH) ||
      url.charCodeAt(REPLAYED_PATH.length) !== 63 /* ? */ ||
      headers['if-none-match'] !== undefined ||
      // A signed-in reader's answer depends on their plan: the router decides it.
      carriesSessionCookie(headers.cookie) ||
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined
    )
      return undefined;
    const replay = this.replays.get(replayKey(headers['accept-encoding'], url));
    const hit =
      replay !== undefined &&
      this.answers.isFresh(replay.answer) &&
      this.servable(replay.answer.date);
    this.lookedUp(hit);
    return hit ? replay : undefined;
  }
}
