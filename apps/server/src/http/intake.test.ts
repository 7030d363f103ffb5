import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUESTS_STARTED_PER_TURN, fairIntake } from './intake.ts';
import { serverWithFirstResponders } from './server.ts';
import { closeWithin } from './shutdown.ts';

/** A request as the intake sees it: a name, and whether its client is still there. */
function request(name: string) {
  const socket = { destroyed: false };
  const req = { name, socket } as unknown as IncomingMessage & { name: string };
  const res = { destroyed: false } as ServerResponse;
  return { req, res, leave: () => (socket.destroyed = true) };
}

/** An intake whose turns run only when the test says so. */
function steppedIntake(perTurn = 2) {
  const started: string[] = [];
  const turns: Array<() => void> = [];
  const intake = fairIntake(
    (req) => started.push((req as IncomingMessage & { name: string }).name),
    {
      perTurn,
      nextTurn: (callback) => turns.push(callback),
    },
  );
  const admit = (...names: string[]) => {
    for (const name of names) {
      const r = request(name);
      intake.admit(r.req, r.res);
    }
  };
  const turn = () => {
    const next = turns.shift();
    if (!next) throw new Error('no turn was scheduled');
    next();
  };
  return { intake, started, turns, admit, turn };
}

describe('the fair intake', () => {
  it('starts requests at once while the turn has budget left', () => {
    const { intake, started, admit } = steppedIntake(2);
    admit('a', 'b');
    expect(started).toEqual(['a', 'b']);
    expect(intake.waiting).toBe(0);
  });

  it('queues the rest and starts them in later turns, first come first served, so many a turn', () => {
    const { intake, started, turns, admit, turn } = steppedIntake(2);
    admit('a', 'b', 'c', 'd', 'e');
    expect(started).toEqual(['a', 'b']);
    expect(intake.waiting).toBe(3);
    // One turn scheduled, however many wait.
    expect(turns).toHaveLength(1);
    turn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(intake.waiting).toBe(1);
    turn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(intake.waiting).toBe(0);
  });

  it('gives each turn its own budget', () => {
    const { started, admit, turn } = steppedIntake(1);
    admit('a');
    admit('b');
    expect(started).toEqual(['a']);
    turn();
    expect(started).toEqual(['a', 'b']);
    // The turn that started b has spent its budget: c waits for the next.
    admit('c');
    expect(started).toEqual(['a', 'b']);
    turn();
    expect(started).toEqual(['a', 'b', 'c']);
    // A turn with nothing left to start leaves the next request free to start at once.
    turn();
    admit('d');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('skips a request whose client left while it waited, without spending budget on it', () => {
    const started: string[] = [];
    const turns: Array<() => void> = [];
    const intake = fairIntake(
      (req) => started.push((req as IncomingMessage & { name: string }).name),
      { perTurn: 1, nextTurn: (callback) => turns.push(callback) },
    );
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(request);
    for (const r of [a, b, c, d]) if (r) intake.admit(r.req, r.res);
    b?.leave();
    if (c) (c.res as { destroyed: boolean }).destroyed = true;
    turns.shift()?.();
    expect(started).toEqual(['a', 'd']);
    expect(intake.waiting).toBe(0);
  });

  it('refuses a budget that would start nothing, or part of a request', () => {
    for (const perTurn of [0, -1, 1.5, Number.NaN])
      expect(() => fairIntake(() => undefined, { perTurn })).toThrow(
        new RangeError(`requests started per turn must be a whole number from 1, not ${perTurn}`),
      );
    expect(() => fairIntake(() => undefined, { perTurn: 1 })).not.toThrow();
  });

  it('by default starts REQUESTS_STARTED_PER_TURN a turn and the rest on setImmediate', async () => {
    const started: string[] = [];
    const intake = fairIntake((req) =>
      started.push((req as IncomingMessage & { name: string }).name),
    );
    const names = Array.from({ length: REQUESTS_STARTED_PER_TURN + 1 }, (_, i) => `r${i}`);
    for (const name of names) {
      const r = request(name);
      intake.admit(r.req, r.res);
    }
    expect(started).toEqual(names.slice(0, REQUESTS_STARTED_PER_TURN));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(names);
  });
});

describe('a busy server behind the fair intake', () => {
  let server: http.Server | undefined;
  const sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  /**
   * Keeps `busy` keep-alive clients asking for a page that costs the server 2 ms of
   * CPU, then opens `fresh` connections at once, each with one request. Answers how
   * many requests the server had started by the time it had accepted every fresh
   * connection (counted from the burst), and what each fresh connection was answered.
   */
  async function burstWhileBusy(): Promise<{ startedMeanwhile: number; answers: string[] }> {
    const busy = 20;
    const fresh = 40;
    let started = 0;
    let accepted = 0;
    const handler: http.RequestListener = (_req, res) => {
      started += 1;
      const until = performance.now() + 2;
      while (performance.now() < until);
      res.end('ok');
    };
    const intake = fairIntake(handler);
    server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => intake.admit(req, res));
    server.on('connection', () => (accepted += 1));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    // The busy clients: each asks again as soon as it is answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: busy });
    let stop = false;
    const ask = (): Promise<void> =>
      new Promise<void>((resolve) => {
        http
          .get({ port, host: '127.0.0.1', agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
          .on('error', () => resolve());
      }).then(() => (stop ? undefined : ask()));
    const clients = Array.from({ length: busy }, ask);
    while (accepted < busy || started < 5 * busy) await new Promise((r) => setTimeout(r, 5));

    const before = { started, accepted };
    let startedMeanwhile = -1;
    const acceptedAll = new Promise<void>((resolve) => {
      const check = () => {
        if (accepted - before.accepted < fresh) return;
        startedMeanwhile = started - before.started;
        server?.off('connection', check);
        resolve();
      };
      server?.on('connection', check);
    });
    const answers = Array.from(
      { length: fresh },
      () =>
        new Promise<string>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () =>
            socket.write('GET /fresh HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
          );
          sockets.push(socket);
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
          socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
          socket.on('error', () => resolve('error'));
        }),
    );
    await acceptedAll;
    const lines = await Promise.all(answers);
    stop = true;
    await Promise.all(clients);
    agent.destroy();
    return { startedMeanwhile, answers: lines };
  }

  it('accepts a burst of new connections within a few requests started per connection', async () => {
    const { startedMeanwhile, answers } = await burstWhileBusy();
    expect(answers.every((line) => line === 'HTTP/1.1 200 OK')).toBe(true);
    // libuv accepts one connection per turn; each turn starts at most 2 requests.
    expect(startedMeanwhile).toBeLessThan(40 * (REQUESTS_STARTED_PER_TURN + 2));
  });
});

describe('requests waiting in the intake when the server closes', () => {
  it('are answered 503 with Connection: close, and those started finish with 200 (main.ts drain)', async () => {
    const app = Fastify({ serverFactory: serverWithFirstResponders([]) });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    let closed: Promise<'drained' | 'forced'> | undefined;
    app.get('/slow', async () => {
      started += 1;
      // The server begins to close in the turn its budget was spent, with three waiting.
      if (started === REQUESTS_STARTED_PER_TURN) closed = closeWithin(app);
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Five connections, all accepted first; then a request on each, written at once,
    // so the server reads all five in one turn: two start, three wait their turn.
    let accepted = 0;
    app.server.on('connection', () => (accepted += 1));
    const clients = Array.from({ length: 5 }, () => net.connect(port, '127.0.0.1'));
    while (accepted < 5) await new Promise((r) => setTimeout(r, 5));
    const answers = clients.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
          socket.on('close', () => resolve(text));
        }),
    );
    for (const socket of clients) socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    while (closed === undefined) await new Promise((r) => setTimeout(r, 5));
    release();
    const got = (await Promise.all(answers)).map((text) => ({
      status: text.split('\r\n')[0],
      connection: /\r\nconnection: (\S+)/i.exec(text)?.[1],
    }));
    // As main.ts closes on SIGTERM: the answered keep-alive connections are closed too.
    expect(await closed).toBe('drained');
    expect(got.filter((a) => a.status === 'HTTP/1.1 200 OK')).toHaveLength(2);
    expect(got.filter((a) => a.status === 'HTTP/1.1 503 Service Unavailable')).toEqual(
      Array.from({ length: 3 }, () => ({
        status: 'HTTP/1.1 503 Service Unavailable',
        connection: 'close',
      })),
    );
  });
});
