// Request ids (http/request-id.ts): a well-formed X-Request-Id is kept, anything
// else is replaced by a fresh id; the id goes back in X-Request-Id, and every log
// line the request causes carries it once: Fastify's access lines, the error
// handler's, and lines services write through the root logger, after awaits and
// after the body was read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { testBackends } from './helpers/db.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Line {
  msg?: string;
  reqId?: string;
}

describe('request ids', () => {
  const [backend] = testBackends;
  let t: TestApp;
  const output: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output.push(chunk.toString('utf8'));
        done();
      },
    });
    const log = createLogger({ logLevel: 'info' }, sink);
    t = await createTestApp(backend ?? { name: 'pglite' }, {
      log,
      extraRoutes: (app) => {
        // A service logs through the root logger, not the request's.
        app.post('/api/test/service-log', async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          log.info({ size: JSON.stringify(request.body).length }, 'service line');
          return { ok: true };
        });
        app.get('/api/test/fails', async () => {
          await new Promise((resolve) => setImmediate(resolve));
          throw new Error('broken on purpose');
        });
      },
    });
  });
  afterAll(async () => t.close());

  const linesWith = (id: string) =>
    output
      .filter((raw) => raw.includes(id))
      .map((raw) => {
        // The id is written once per line, whichever logger wrote it.
        expect(raw.match(/"reqId":/g), raw).toHaveLength(1);
        return JSON.parse(raw) as Line;
      });

  it('keeps a well-formed incoming id and sends it back', async () => {
    for (const id of ['abc123', '0af7651916cd43dd8448eb211c80319c', 'Root=1-67891233:proxy/7']) {
      const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('makes a fresh id for a missing, malformed or overlong one', async () => {
    const seen = new Set<string>();
    for (const given of [
      undefined,
      '',
      'has space',
      'quote"d',
      'line\tbreak',
      'x'.repeat(129),
      '-lead',
    ]) {
      const res = await t.app.inject({
        url: '/healthz',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = String(res.headers['x-request-id']);
      expect(id, given).toMatch(UUID);
      seen.add(id);
    }
    expect(seen.size).toBe(7);
  });

  it("puts the id on every line of the request, the root logger's included", async () => {
    const id = 'trace-service-0001';
    // Over a socket, the body arriving after the headers: it is read in the
    // socket's own async context, which the request's must survive.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = JSON.stringify({ words: 'a body read before the handler runs' });
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/test/service-log',
          agent: false,
          headers: {
            'x-request-id': id,
            origin: t.config.publicUrl,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      setTimeout(() => req.end(body), 50);
    });
    expect(status).toBe(200);
    const lines = linesWith(id);
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'service line',
      'request completed',
    ]);
    for (const line of lines) expect(line.reqId).toBe(id);
  });

  it("puts it on the error handler's line", async () => {
    const id = 'trace-failure-0002';
    const res = await t.app.inject({ url: '/api/test/fails', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe(id);
    const failed = linesWith(id).find((line) => line.msg === 'request failed');
    expect(failed?.reqId).toBe(id);
  });

  it('writes no id on lines outside a request', () => {
    output.length = 0;
    t.container.log.info('between requests');
    const [line] = output.map((raw) => JSON.parse(raw) as Line);
    expect(line?.msg).toBe('between requests');
    expect(line).not.toHaveProperty('reqId');
  });
});
