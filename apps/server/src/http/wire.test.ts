// Answers on the wire (wire.ts): the strict reader of a request head, and a real
// server whose new connections are read by the wire until a request comes that it
// does not answer, when node:http takes the connection with every unread byte.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HeadCache,
  MAX_REMEMBERED_HEADS,
  MAX_WIRE_HEAD,
  MAX_WIRE_HEADERS,
  answerOnTheWire,
  readWireRequest,
  type WireRequest,
} from './wire.ts';

const CRLF = '\r\n';
const head = (...lines: string[]) => lines.map((line) => line + CRLF).join('');

describe('readWireRequest', () => {
  it('reads a plain GET: its target, and each header by its lower-case name, trimmed', () => {
    const request = readWireRequest(
      head(
        'GET /api/epaper/data?date=20261128&edition=2 HTTP/1.1',
        'Host: example.test',
        'Accept-Encoding:  gzip, br \t',
        'Connection: Keep-Alive',
        'X-Empty:',
        'X: 1',
      ),
    );
    expect(request).toEqual({
      url: '/api/epaper/data?date=20261128&edition=2',
      headers: {
        host: 'example.test',
        'accept-encoding': 'gzip, br',
        connection: 'Keep-Alive',
        'x-empty': '',
        x: '1',
      },
    });
    expect(Object.getPrototypeOf(request?.headers)).toBeNull();
  });

  it.each([
    ['another method', head('HEAD / HTTP/1.1', 'Host: a')],
    ['a lower-case method', head('get / HTTP/1.1', 'Host: a')],
    ['HTTP/1.0', head('GET / HTTP/1.0', 'Host: a')],
    ['HTTP/2 in the request line', head('GET / HTTP/2', 'Host: a')],
    ['an absolute target', head('GET http://a/ HTTP/1.1', 'Host: a')],
    ['a space in the target', head('GET /a /b HTTP/1.1', 'Host: a')],
    ['a byte outside ASCII in the target', head('GET /caf\u00e9 HTTP/1.1', 'Host: a')],
    ['two spaces before the version', head('GET /  HTTP/1.1', 'Host: a')],
    ['no Host', head('GET / HTTP/1.1')],
    ['no header lines at all', 'GET / HTTP/1.1'],
    ['Host twice', head('GET / HTTP/1.1', 'Host: a', 'Host: b')],
    [
      'any header twice, whatever its case',
      head('GET / HTTP/1.1', 'Host: a', 'Cookie: x', 'cookie: y'),
    ],
    ['Content-Length', head('GET / HTTP/1.1', 'Host: a', 'Content-Length: 0')],
    ['Transfer-Encoding', head('GET / HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked')],
    ['Upgrade', head('GET / HTTP/1.1', 'Host: a', 'Upgrade: websocket')],
    ['Expect', head('GET / HTTP/1.1', 'Host: a', 'Expect: 100-continue')],
    ['TE', head('GET / HTTP/1.1', 'Host: a', 'TE: trailers')],
    ['Connection: close', head('GET / HTTP/1.1', 'Host: a', 'Connection: close')],
    ['Connection: upgrade', head('GET / HTTP/1.1', 'Host: a', 'Connection: upgrade')],
    ['a space before the colon', head('GET / HTTP/1.1', 'Host : a')],
    ['a name with a character outside a token', head('GET / HTTP/1.1', 'Host: a', 'X@Y: 1')],
    ['a line with no colon', head('GET / HTTP/1.1', 'Host: a', 'junk')],
    ['an empty name', head('GET / HTTP/1.1', 'Host: a', ': x')],
    ['a folded line', head('GET / HTTP/1.1', 'Host: a', 'X-A: one', ' two')],
    ['a bare LF in a line', head('GET / HTTP/1.1', 'Host: a', 'X-A: one\ntwo')],
    ['a bare CR in a line', head('GET / HTTP/1.1', 'Host: a', 'X-A: one\rtwo')],
    ['a control character in a value', head('GET / HTTP/1.1', 'Host: a', 'X-A: \u0001')],
    ['a byte outside ASCII in a value', head('GET / HTTP/1.1', 'Host: a', 'X-A: caf\u00e9')],
    ['a last line without its CRLF', `${head('GET / HTTP/1.1')}Host: a`],
    ['a request line without its CRLF', 'GET / HTTP/1.1'],
  ])('leaves %s to node:http', (_what, text) => {
    expect(readWireRequest(text)).toBeUndefined();
  });

  it(`reads up to ${MAX_WIRE_HEADERS} header lines and ${MAX_WIRE_HEAD} characters, no more`, () => {
    const lines = (count: number) =>
      Array.from({ length: count - 1 }, (_, i) => `X-${i}: ${i}`).concat('Host: a');
    expect(readWireRequest(head('GET / HTTP/1.1', ...lines(MAX_WIRE_HEADERS)))).toBeDefined();
    expect(readWireRequest(head('GET / HTTP/1.1', ...lines(MAX_WIRE_HEADERS + 1)))).toBeUndefined();
    const fill = (length: number) => {
      const start = head('GET / HTTP/1.1', 'Host: a', 'X-Fill: ');
      return `${start.slice(0, -2)}${'f'.repeat(length - start.length)}${CRLF}`;
    };
    expect(fill(MAX_WIRE_HEAD).length).toBe(MAX_WIRE_HEAD);
    expect(readWireRequest(fill(MAX_WIRE_HEAD))).toBeDefined();
    expect(readWireRequest(fill(MAX_WIRE_HEAD + 1))).toBeUndefined();
  });
});

describe('HeadCache', () => {
  it('reads a head once and gives the same request for it again, a refused one included', () => {
    const heads = new HeadCache();
    const text = head('GET /a HTTP/1.1', 'Host: t');
    const first = heads.read(text);
    expect(first?.url).toBe('/a');
    expect(heads.read(text)).toBe(first);
    expect(heads.read(head('POST /a HTTP/1.1', 'Host: t'))).toBeUndefined();
    expect(heads.read(head('POST /a HTTP/1.1', 'Host: t'))).toBeUndefined();
  });

  it(`forgets every head once it holds ${MAX_REMEMBERED_HEADS}`, () => {
    const heads = new HeadCache();
    const text = (i: number) => head(`GET /${i} HTTP/1.1`, 'Host: t');
    const first = heads.read(text(0));
    for (let i = 1; i < MAX_REMEMBERED_HEADS; i += 1) heads.read(text(i));
    expect(heads.read(text(0))).toBe(first);
    heads.read(text(MAX_REMEMBERED_HEADS));
    const again = heads.read(text(0));
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});

interface Answer {
  status: number;
  head: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Reads `count` answers from the socket (each framed by its Content-Length). */
function answersOf(socket: net.Socket, count: number): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const answers: Answer[] = [];
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const text = buffer.toString('latin1', 0, end);
        const [statusLine = '', ...lines] = text.split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (buffer.length < end + 4 + length) return;
        answers.push({
          status: Number(statusLine.split(' ')[1]),
          head: text,
          headers,
          body: buffer.subarray(end + 4, end + 4 + length),
        });
        buffer = buffer.subarray(end + 4 + length);
        if (answers.length === count) {
          socket.removeListener('data', onData);
          resolve(answers);
          return;
        }
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}

const get = (path: string, ...extra: string[]) =>
  head(`GET ${path} HTTP/1.1`, 'Host: t', ...extra) + CRLF;

describe('a server answering on the wire', () => {
  let server: http.Server | undefined;
  const sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  /** A server whose wire answers GET /wire/<text> with <text> (or `big` bytes), and node:http everything else. */
  async function start(
    options: { keepAliveTimeout?: number; big?: number; maxRequestsPerSocket?: number } = {},
  ) {
    const routed: string[] = [];
    const asked: WireRequest[] = [];
    const made = http.createServer((req, res) => {
      routed.push(`${req.method} ${req.url}`);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.end(`routed ${req.method} ${req.url} ${body}`));
    });
    made.keepAliveTimeout = options.keepAliveTimeout ?? 5000;
    if (options.maxRequestsPerSocket) made.maxRequestsPerSocket = options.maxRequestsPerSocket;
    answerOnTheWire(made, (request) => {
      asked.push(request);
      if (!request.url.startsWith('/wire/')) return undefined;
      if (request.url === '/wire/throws') throw new Error('a responder that fails');
      if (request.url === '/wire/latin')
        return {
          head: 'HTTP/1.1 200 OK\r\nx-name: caf\u00e9\r\ncontent-length: 1\r\n',
          body: Buffer.from('L'),
        };
      const body =
        options.big !== undefined
          ? Buffer.alloc(options.big, request.url.slice(6))
          : Buffer.from(request.url.slice(6));
      return {
        head: `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\n`,
        body,
      };
    });
    server = made;
    await new Promise<void>((resolve) => made.listen(0, '127.0.0.1', resolve));
    const port = (made.address() as AddressInfo).port;
    const connect = async () => {
      const socket = net.connect(port, '127.0.0.1');
      sockets.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
      return socket;
    };
    return { server: made, port, routed, asked, connect };
  }

  it('writes the answer itself, with the lines node:http would add, and a client reads it', async () => {
    const { port, routed, connect } = await start({ keepAliveTimeout: 72_000 });
    const socket = await connect();
    const answer = answersOf(socket, 1);
    socket.write(get('/wire/hello'));
    const [one] = await answer;
    expect(one?.head).toMatch(
      /^HTTP\/1\.1 200 OK\r\ncontent-type: text\/plain\r\ncontent-length: 5\r\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72$/,
    );
    expect(Date.parse(one?.headers.date ?? '')).toBeGreaterThan(Date.now() - 5000);
    expect(one?.body.toString()).toBe('hello');
    expect(routed).toEqual([]);
    // node:http's own client reads it as any answer, on a kept-alive connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const text of ['a', 'b']) {
      const res = await new Promise<http.IncomingMessage>((resolve) =>
        http.get({ port, host: '127.0.0.1', path: `/wire/${text}`, agent }, resolve),
      );
      let body = '';
      for await (const chunk of res) body += String(chunk);
      expect([res.statusCode, body, res.headers.connection]).toEqual([200, text, 'keep-alive']);
    }
    agent.destroy();
    expect(routed).toEqual([]);
  });

  it('leaves out Keep-Alive when the server keeps no timeout', async () => {
    const { connect } = await start({ keepAliveTimeout: 0 });
    const socket = await connect();
    const answer = answersOf(socket, 1);
    socket.write(get('/wire/x'));
    const [one] = await answer;
    expect(one?.head).toMatch(/Connection: keep-alive$/);
    expect(one?.headers['keep-alive']).toBeUndefined();
  });

  it('answers pipelined requests in order, and hands the connection over at the first it does not answer', async () => {
    const { routed, asked, connect } = await start();
    const socket = await connect();
    const answers = answersOf(socket, 5);
    socket.write(
      get('/wire/1') +
        get('/wire/2') +
        get('/routed') +
        get('/wire/4') +
        head('POST /form HTTP/1.1', 'Host: t', 'Content-Length: 5') +
        CRLF +
        'a=b&c',
    );
    expect((await answers).map((a) => a.body.toString())).toEqual([
      '1',
      '2',
      'routed GET /routed ',
      'routed GET /wire/4 ',
      'routed POST /form a=b&c',
    ]);
    // node:http keeps the connection: the wire is not asked again.
    expect(asked.map((request) => request.url)).toEqual(['/wire/1', '/wire/2', '/routed']);
    expect(routed).toEqual(['GET /routed', 'GET /wire/4', 'POST /form']);
    const later = answersOf(socket, 1);
    socket.write(get('/wire/5'));
    expect((await later)[0]?.body.toString()).toBe('routed GET /wire/5 ');
  });

  it('hands over a request that comes in pieces, and what it cannot read, byte for byte', async () => {
    const { routed, asked, connect } = await start();
    const split = await connect();
    const first = answersOf(split, 1);
    const request = get('/wire/split');
    split.write(request.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 30));
    split.write(request.slice(20));
    expect((await first)[0]?.body.toString()).toBe('routed GET /wire/split ');

    const odd = await connect();
    const refused = answersOf(odd, 2);
    odd.write(get('/wire/ok') + get('/wire/twice', 'X-A: one', 'x-a: two'));
    const [ok, old] = await refused;
    expect(ok?.body.toString()).toBe('ok');
    expect(old?.body.toString()).toBe('routed GET /wire/twice ');
    expect(routed).toEqual(['GET /wire/split', 'GET /wire/twice']);
    // The wire was asked only for the request it could read whole.
    expect(asked.map((request) => request.url)).toEqual(['/wire/ok']);
  });

  it('hands over a request whose responder throws', async () => {
    const { routed, connect } = await start();
    const socket = await connect();
    const answers = answersOf(socket, 2);
    socket.write(get('/wire/fine') + get('/wire/throws'));
    expect((await answers).map((a) => a.body.toString())).toEqual([
      'fine',
      'routed GET /wire/throws ',
    ]);
    expect(routed).toEqual(['GET /wire/throws']);
  });

  it('leaves every connection to node:http on a server with a cap on requests per connection', async () => {
    const { routed, asked, connect } = await start({ maxRequestsPerSocket: 10 });
    const socket = await connect();
    const answers = answersOf(socket, 1);
    socket.write(get('/wire/capped'));
    expect((await answers)[0]?.body.toString()).toBe('routed GET /wire/capped ');
    expect(asked).toEqual([]);
    expect(routed).toEqual(['GET /wire/capped']);
  });

  it('writes the head one byte per character (latin1), as node:http writes header values', async () => {
    const { connect } = await start();
    const socket = await connect();
    const answer = answersOf(socket, 1);
    socket.write(get('/wire/latin'));
    const [one] = await answer;
    expect(
      Buffer.from(one?.head ?? '', 'latin1').includes(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    ).toBe(true);
    expect(one?.body.toString()).toBe('L');
  });

  it('ends its side when the client ends its own, idle or handed over once answered', async () => {
    const { connect } = await start();
    const idle = await connect();
    const first = answersOf(idle, 1);
    idle.write(get('/wire/one'));
    await first;
    const ended = new Promise((resolve) => idle.once('end', resolve));
    idle.end();
    await ended;
    // Handed to node:http, then half-closed at once: node:http's answer still comes.
    const handed = await connect();
    const routedAnswer = answersOf(handed, 1);
    handed.end(get('/routed'));
    expect((await routedAnswer)[0]?.body.toString()).toBe('routed GET /routed ');
  });

  it('outlives a client that resets its connection mid-answer', async () => {
    const { connect } = await start({ big: 8 * 1024 * 1024 });
    const socket = await connect();
    socket.write(get('/wire/r') + get('/wire/s'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await connect();
    const answer = answersOf(next, 1);
    next.write(get('/wire/alive'));
    expect((await answer)[0]?.body.length).toBe(8 * 1024 * 1024);
  });

  it('stays out of the way of a server whose connections someone else listens to as well', async () => {
    const made = http.createServer((_req, res) => res.end('routed'));
    made.on('connection', () => undefined);
    const asked: WireRequest[] = [];
    answerOnTheWire(made, (request) => {
      asked.push(request);
      return undefined;
    });
    server = made;
    await new Promise<void>((resolve) => made.listen(0, '127.0.0.1', resolve));
    const socket = net.connect((made.address() as AddressInfo).port, '127.0.0.1');
    sockets.push(socket);
    const answer = answersOf(socket, 1);
    socket.write(get('/wire/x'));
    expect((await answer)[0]?.body.toString()).toBe('routed');
    expect(asked).toEqual([]);
  });

  it('stops reading while the client does not read, and answers everything once it does', async () => {
    const big = 256 * 1024;
    const { asked, connect } = await start({ big });
    const socket = await connect();
    socket.pause();
    const count = 64;
    let all = '';
    for (let i = 0; i < count; i += 1) all += get(`/wire/${String.fromCharCode(65 + (i % 26))}`);
    // The last is the router's: asked once, though the answers before it filled the socket.
    all += get('/routed');
    socket.write(all);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 16 MB of answers are owed; far fewer are in the socket's buffers.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThan(count / 2);
    const answers = answersOf(socket, count + 1);
    socket.resume();
    const read = await answers;
    expect(read.pop()?.body.toString()).toBe('routed GET /routed ');
    read.forEach((answer, i) => {
      expect(answer.body.length).toBe(big);
      expect(answer.body[big - 1]).toBe(65 + (i % 26));
    });
    expect(asked).toHaveLength(count + 1);
  });

  it('reads again once a stalled connection has drained', async () => {
    // Answers far larger than the socket's buffers, so the writes cannot all go at once.
    const { connect } = await start({ big: 8 * 1024 * 1024 });
    const socket = await connect();
    socket.pause();
    socket.write(get('/wire/a') + get('/wire/b') + get('/wire/c'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const first = answersOf(socket, 3);
    socket.resume();
    expect((await first).map((a) => a.body[0])).toEqual([0x61, 0x62, 0x63]);
    const again = answersOf(socket, 1);
    socket.write(get('/wire/d'));
    expect((await again)[0]?.body[0]).toBe(0x64);
  });

  it('closes a connection idle for the keep-alive timeout', async () => {
    const { connect } = await start({ keepAliveTimeout: 200 });
    const socket = await connect();
    const answers = answersOf(socket, 1);
    socket.write(get('/wire/once'));
    await answers;
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('lets the server close: idle connections end, one mid-answer finishes it and hands the rest to node:http', async () => {
    const { server: made, routed, connect } = await start({ big: 4 * 1024 * 1024 });
    const idle = await connect();
    const idleAnswer = answersOf(idle, 1);
    idle.write(get('/wire/i'));
    await idleAnswer;
    const busy = await connect();
    busy.pause();
    busy.write(get('/wire/b') + get('/wire/c'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = new Promise((resolve) => made.close(resolve));
    await new Promise((resolve) => idle.once('end', resolve));
    // The busy one still gets its answer; the request it sent after it reaches a
    // closing server, so node:http has it (Fastify answers those 503).
    const busyEnded = new Promise((resolve) => busy.once('end', resolve));
    const answers = answersOf(busy, 2);
    busy.resume();
    const [b, c] = await answers;
    expect(b?.body.length).toBe(4 * 1024 * 1024);
    expect(c?.body.toString()).toBe('routed GET /wire/c ');
    expect(routed).toEqual(['GET /wire/c']);
    made.closeIdleConnections();
    await busyEnded;
    await closed;
  });

  it('destroys every connection it reads when all are closed at once, ended ones included', async () => {
    const { server: made, port, connect } = await start();
    const socket = await connect();
    const answers = answersOf(socket, 1);
    socket.write(get('/wire/x'));
    await answers;
    // A client that never closes its side of an idle connection the server ended.
    const halfOpen = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    sockets.push(halfOpen);
    await new Promise((resolve) => halfOpen.once('connect', resolve));
    const halfAnswer = answersOf(halfOpen, 1);
    halfOpen.write(get('/wire/y'));
    await halfAnswer;
    const ended = new Promise((resolve) => halfOpen.once('end', resolve));
    made.closeIdleConnections();
    await ended;
    const open = () =>
      new Promise<number>((resolve, reject) =>
        made.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The first client closed on the server's end; the other holds its side open.
    expect(await open()).toBe(1);
    made.closeAllConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await open()).toBe(0);
  });
});
