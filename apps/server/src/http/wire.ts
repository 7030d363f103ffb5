// Answers written straight to the connection, for requests simple enough to read
// without node:http. The content API's replays (epaper-replays.ts) cost Folio two
// to three times what nginx spends on the same bytes, and most of it is node:http
// itself: its parser, the request and response objects and their streams for each
// request (bench:content-api's node:http floor reaches 71–94% of nginx with no
// framework at all). So every new connection starts here: while each chunk it
// sends holds only whole requests that a wire responder answers, their answers are
// written as prebuilt bytes. The first request that is anything else (a partial
// chunk, another method or URL, a body, a header this reader does not accept, a
// server closing) is handed, with every byte after it, to node:http, which keeps
// the connection from then on. docs/decisions/0044-answers-on-the-wire.md.
//
// The reader is strict on purpose: it answers only a GET over HTTP/1.1 with a Host,
// no body and no framing headers, where every line is a well-formed header and no
// name comes twice. Whatever it refuses node:http reads as it would have anyway, so
// being strict costs speed on odd requests, never correctness.
import type http from 'node:http';
import type net from 'node:net';

/** A request read from the wire: method GET, HTTP/1.1, no body. */
export interface WireRequest {
  /** The request target as sent (origin form, e.g. `/api/epaper/data?date=…`). */
  readonly url: string;
  /** Every header, its name in lower case and its value trimmed; each name once. */
  readonly headers: Readonly<Record<string, string>>;
}

/** An answer to write as it is: the status line and headers (each line ending in CRLF), then the body. */
export interface WireAnswer {
  readonly head: string;
  readonly body: Buffer;
}

/** Answers a request from the wire, or returns undefined to leave it to node:http. */
export type WireResponder = (request: WireRequest) => WireAnswer | undefined;

/** A request head longer than this (request line and headers) goes to node:http. */
export const MAX_WIRE_HEAD = 8192;
/** Requests with more header lines go to node:http. */
export const MAX_WIRE_HEADERS = 64;

/** RFC 9110 token characters: a header name is one or more of them. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space and tab: a header value with anything else goes to node:http. */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
/** An origin-form target: a slash, then visible ASCII only. */
const TARGET = /^\/[\x21-\x7e]*$/;
/** Headers that give a request a body, change its framing or its connection. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'te']);

/**
 * Reads a request head: the request line and header lines, each ending in CRLF, the
 * blank line excluded. Undefined when it is not a plain GET this reader may answer.
 */
export function readWireRequest(head: string): WireRequest | undefined {
  if (head.length > MAX_WIRE_HEAD || !head.startsWith('GET /') || !head.endsWith('\r\n'))
    return undefined;
  const [requestLine = '', ...lines] = head.slice(0, -2).split('\r\n');
  if (!requestLine.endsWith(' HTTP/1.1') || lines.length > MAX_WIRE_HEADERS) return undefined;
  const url = requestLine.slice(4, -9);
  if (!TARGET.test(url)) return undefined;
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon === -1) return undefined;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    // A bare CR or LF inside a line, or obs-fold, fails one of these.
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) return undefined;
    const key = name.toLowerCase();
    if (key in headers || FRAMING.has(key)) return undefined;
    headers[key] = value.trim();
  }
  if (headers.host === undefined) return undefined;
  const connection = headers.connection;
  if (connection !== undefined && connection.toLowerCase() !== 'keep-alive') return undefined;
  return { url, headers };
}

const BLANK_LINE = '\r\n\r\n';

/**
 * Writes the answers corked, so they leave in one writev: each head as a string
 * (latin1: one byte per character, as node:http writes header values) and each body
 * as the recorded buffer itself, never copied. False when the socket's buffer is full.
 */
function writeAnswers(socket: net.Socket, answers: readonly WireAnswer[], tail: string): boolean {
  socket.cork();
  for (const answer of answers) {
    socket.write(answer.head + tail, 'latin1');
    socket.write(answer.body);
  }
  socket.uncork();
  return !socket.writableNeedDrain;
}

/** Answers gathered into one writev at most; past it the rest of the chunk waits for the next write. */
const WIRE_BATCH_BYTES = 64 * 1024;

type HttpConnectionListener = (socket: net.Socket) => void;

/** Request heads remembered per server: clients send the same head again and again. */
export const MAX_REMEMBERED_HEADS = 256;

/**
 * readWireRequest's answers by head, for heads seen before (a request is immutable,
 * so one may be shared). Forgotten all at once when full: heads that differ every
 * time (a proxy's request id) cost a parse and a lookup, no more.
 */
export class HeadCache {
  private readonly known = new Map<string, WireRequest | undefined>();

  read(head: string): WireRequest | undefined {
    if (this.known.has(head)) return this.known.get(head);
    const request = readWireRequest(head);
    if (this.known.size >= MAX_REMEMBERED_HEADS) this.known.clear();
    this.known.set(head, request);
    return request;
  }
}

/**
 * One connection read here. It is idle between chunks, except while the client
 * reads slower than it asks: then the unread requests are held and reading stops
 * until the socket has drained.
 */
class WireConnection {
  /** Requests read but not yet answered, waiting for the socket to drain. */
  private held: Buffer | undefined;
  private stalled = false;
  /** Handed to node:http. */
  private detached = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly server: http.Server,
    private readonly responder: WireResponder,
    private readonly heads: HeadCache,
    private readonly handedOff: (connection: WireConnection, rest: Buffer) => void,
  ) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('error', this.onError);
    socket.on('timeout', this.onTimeout);
    // Idle as long as node:http would let a kept-alive connection be (0: for good).
    socket.setTimeout(server.keepAliveTimeout);
  }

  /** Whether nothing is in hand: no requests held, so closing loses no answer. */
  get idle(): boolean {
    return !this.stalled;
  }

  /** Takes the connection's listeners off, for node:http to take it over. */
  detach(): void {
    this.detached = true;
    const socket = this.socket;
    socket.removeListener('data', this.onData);
    socket.removeListener('end', this.onEnd);
    // The error listener stays: it does nothing, and node:http adds its own.
    socket.removeListener('timeout', this.onTimeout);
    socket.removeListener('drain', this.onDrain);
    socket.setTimeout(0);
  }

  private readonly onData = (chunk: Buffer): void => {
    this.serve(chunk);
  };

  /** Answers the chunk's requests in order; the first one it cannot answer goes to node:http with the rest. */
  private serve(chunk: Buffer): void {
    const { socket, server } = this;
    let at = 0;
    /** At a request the wire does not answer, or at the chunk's end. */
    let done = false;
    while (!done) {
      const answers: WireAnswer[] = [];
      let size = 0;
      while (size < WIRE_BATCH_BYTES) {
        // With no blank line ahead the head is empty or one byte: no request.
        const end = chunk.indexOf(BLANK_LINE, at);
        const answer = server.listening
          ? this.answer(chunk.toString('latin1', at, end + 2))
          : undefined;
        if (!answer) {
          done = true;
          break;
        }
        answers.push(answer);
        size += answer.head.length + answer.body.length;
        at = end + 4;
      }
      if (answers.length > 0 && !writeAnswers(socket, answers, perAnswer(server)) && !done) {
        // The client reads slower than it asks: read no more until it has caught up.
        this.held = chunk.subarray(at);
        this.stalled = true;
        socket.pause();
        socket.once('drain', this.onDrain);
        return;
      }
    }
    if (at < chunk.length) this.handedOff(this, chunk.subarray(at));
  }

  /** The responder's answer to a request head; a responder that throws leaves it to node:http, whose router reports it. */
  private answer(head: string): WireAnswer | undefined {
    const request = this.heads.read(head);
    if (!request) return undefined;
    try {
      return this.responder(request);
    } catch {
      return undefined;
    }
  }

  private readonly onDrain = (): void => {
    const held = this.held ?? Buffer.alloc(0);
    this.held = undefined;
    this.stalled = false;
    this.serve(held);
    // Stalled again, handed to node:http or closed: not ours to resume.
    if (!this.stalled && !this.detached) this.socket.resume();
  };

  private readonly onEnd = (): void => {
    // The client is done: the answers written go out, then the end. Requests held
    // are dropped, as node:http aborts a connection's requests when its client ends.
    this.held = undefined;
    this.socket.end();
  };

  private readonly onTimeout = (): void => {
    this.socket.destroy();
  };

  /** Heard so that a reset connection is not an uncaught error; net destroys the socket itself. */
  private readonly onError = (): void => undefined;
}

/** The lines node:http adds to every answer on a kept-alive connection, and the blank line. */
function perAnswer(server: http.Server): string {
  const keepAlive =
    server.keepAliveTimeout > 0
      ? `Keep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n`
      : '';
  return `Date: ${new Date().toUTCString()}\r\nConnection: keep-alive\r\n${keepAlive}\r\n`;
}

/**
 * Puts the wire in front of node:http on this server: each new connection is read
 * here until a request comes that the responder does not answer. Call it once,
 * on a server made by http.createServer before it listens.
 */
export function answerOnTheWire(server: http.Server, responder: WireResponder): void {
  const listeners = server.listeners('connection') as HttpConnectionListener[];
  // Only node:http's own listener is expected; anything else is left as it is.
  if (listeners.length !== 1) return;
  const [httpConnection] = listeners as [HttpConnectionListener];
  server.removeListener('connection', httpConnection);
  const onWire = new Map<net.Socket, WireConnection>();
  const heads = new HeadCache();

  const handOff = (socket: net.Socket, connection: WireConnection, rest: Buffer) => {
    onWire.delete(socket);
    connection.detach();
    // Paused, so the unread bytes wait in the stream's buffer until node:http has
    // taken the connection; resuming then hands them to its parser first.
    socket.pause();
    socket.unshift(rest);
    httpConnection.call(server, socket);
    socket.resume();
  };

  server.on('connection', (socket: net.Socket) => {
    // A server with a cap on requests per connection keeps node:http's count of them.
    if (server.maxRequestsPerSocket) {
      httpConnection.call(server, socket);
      return;
    }
    const connection = new WireConnection(socket, server, responder, heads, (self, rest) =>
      handOff(socket, self, rest),
    );
    onWire.set(socket, connection);
    socket.once('close', () => onWire.delete(socket));
  });

  // A connection read here is idle between chunks: closing idle connections (as a
  // draining server does, http/shutdown.ts) ends it once its answers are sent.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    // Kept in the map until they close: one whose client never closes its side is
    // destroyed by closeAllConnections (the drain's deadline) or its idle timeout.
    for (const [socket, connection] of onWire)
      if (connection.idle && !socket.writableEnded) socket.end();
  };
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeAll();
    for (const socket of onWire.keys()) socket.destroy();
    onWire.clear();
  };
}
