// The content API's answers replayed in front of the router (epaper-replays.ts),
// over a real socket: a replay is byte for byte what the router sent for the same
// request, and it is never used when the router would answer differently (a new
// publish, the 06:00 rule, a conditional request, another method or URL).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, epaperDataSchema } from '@folio/core';
import { REVALIDATE_MS } from '../src/modules/editions/epaper-answers.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

// 00:29:59.999 UTC is 05:59:59.999 in Kolkata, a moment before the day starts.
const BEFORE_SIX = new Date('2026-11-21T00:29:59.999Z');
const AT_SIX = new Date('2026-11-21T00:30:00.000Z');
const dataUrl = (date: string) => `/api/epaper/data?date=${date}&edition=2&publisher=DH`;

interface Answer {
  status: number;
  /** Every header but the ones written per response (Date, Connection, Keep-Alive, X-Request-Id). */
  headers: string[];
  body: Buffer;
}

const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

describe.each(testBackends)('replayed e-paper answers on $name', (backend) => {
  let t: TestApp;
  let now = AT_SIX;
  let port = 0;
  const agent = new http.Agent({ keepAlive: true });

  function get(
    url: string,
    headers: Record<string, string> = {},
    method = 'GET',
    through: http.Agent = agent,
  ) {
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: url, method, headers, agent: through },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const kept: string[] = [];
            for (let i = 0; i < res.rawHeaders.length; i += 2) {
              const name = String(res.rawHeaders[i]).toLowerCase();
              if (!PER_RESPONSE.has(name)) kept.push(name, String(res.rawHeaders[i + 1]));
            }
            resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => now });
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-20' });
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-21' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });
  afterEach(() => {
    now = AT_SIX;
    vi.restoreAllMocks();
  });

  /** Freezes the freshness clock, so every request falls within one revalidation window. */
  function holdFreshness() {
    vi.spyOn(performance, 'now').mockReturnValue(performance.now());
  }

  it('answers a request seen before without the router, with the same status, headers and bytes', async () => {
    holdFreshness();
    const routed = vi.spyOn(t.container.epaperAnswers, 'answer');
    for (const acceptEncoding of [
      undefined,
      'gzip, deflate, br, zstd',
      'gzip, deflate',
      'identity',
      'br;q=0, gzip',
    ]) {
      const headers: Record<string, string> =
        acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      const calls = routed.mock.calls.length;
      const first = await get(dataUrl('2026-11-20'), headers);
      expect(first.status, acceptEncoding).toBe(200);
      expect(routed.mock.calls.length, acceptEncoding).toBe(calls + 1);
      for (let i = 0; i < 3; i += 1) {
        const again = await get(dataUrl('2026-11-20'), headers);
        expect(again, acceptEncoding).toEqual(first);
      }
      expect(routed.mock.calls.length, acceptEncoding).toBe(calls + 1);
    }
  });

  it("answers a new connection's requests from the wire (http/wire.ts), byte for byte the router's answer", async () => {
    holdFreshness();
    const routed = vi.spyOn(t.container.epaperAnswers, 'answer');
    const wire = vi.spyOn(t.container.epaperReplays, 'answerOnWire');
    /** Each request on a connection of its own, so the wire reads it. */
    const fresh = async (headers: Record<string, string> = {}) => {
      const own = new http.Agent({ keepAlive: true });
      try {
        return await get(dataUrl('2026-11-20'), headers, 'GET', own);
      } finally {
        own.destroy();
      }
    };
    // Encodings no other test asks for, so the router answers each first.
    for (const acceptEncoding of ['deflate, gzip', 'br, gzip;q=0.5']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const first = await get(dataUrl('2026-11-20'), headers);
      const answered = wire.mock.results.filter((r) => r.value !== undefined).length;
      for (let i = 0; i < 3; i += 1) expect(await fresh(headers), acceptEncoding).toEqual(first);
      expect(wire.mock.results.filter((r) => r.value !== undefined).length).toBe(answered + 3);
    }
    expect(routed).toHaveBeenCalledTimes(2);
    // A proxy's request id comes back; a signed-in reader's request is the router's.
    const own = new http.Agent({ keepAlive: true });
    const echoed = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(
        {
          host: '127.0.0.1',
          port,
          path: dataUrl('2026-11-20'),
          agent: own,
          headers: { 'x-request-id': 'edge-42' },
        },
        resolve,
      ),
    );
    echoed.resume();
    expect(echoed.headers['x-request-id']).toBe('edge-42');
    own.destroy();
    const calls = wire.mock.results.filter((r) => r.value !== undefined).length;
    expect((await fresh({ cookie: 'folio.session_token=x' })).status).toBe(200);
    expect(wire.mock.results.filter((r) => r.value !== undefined).length).toBe(calls);
  });

  it('sends each encoding compressed once, with the security headers of every answer', async () => {
    const plain = await get(dataUrl('2026-11-20'));
    const header = (answer: Answer, name: string) =>
      answer.headers[answer.headers.indexOf(name) + 1];
    expect(epaperDataSchema.parse(JSON.parse(plain.body.toString())).date).toBe('2026-11-20');
    expect(header(plain, 'content-security-policy')).toContain("frame-ancestors 'none'");
    expect(header(plain, 'x-frame-options')).toBe('DENY');
    expect(header(plain, 'vary')).toBe('Accept-Encoding, Cookie');
    expect(plain.headers).not.toContain('content-encoding');
    for (const [asked, sent, decode] of [
      ['br', 'br', brotliDecompressSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i += 1) {
        const answer = await get(dataUrl('2026-11-20'), { 'accept-encoding': asked });
        expect(header(answer, 'content-encoding'), asked).toBe(sent);
        expect(Number(header(answer, 'content-length')), asked).toBe(answer.body.length);
        expect(decode(answer.body).equals(plain.body), asked).toBe(true);
      }
    }
  });

  it('goes back to the router once a publish replaces the issue', async () => {
    holdFreshness();
    const before = await get(dataUrl('2026-11-20'));
    await get(dataUrl('2026-11-20'));
    const gzip = { 'accept-encoding': 'gzip' };
    await get(dataUrl('2026-11-20'), gzip);
    const replaced = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: '2026-11-20',
      sections: ['Front Page'],
    });
    // A publish in this process drops the answer at once (publish.int covers the
    // ingest); here the issue was written behind the app's back, as another
    // process would, so it is noticed within a revalidation window.
    t.container.epaperAnswers.invalidate('dh', 2, '2026-11-20');
    const after = await get(dataUrl('2026-11-20'));
    const data = epaperDataSchema.parse(JSON.parse(after.body.toString()));
    expect(data.data_url_suffix).toBe(`/media/${replaced.mediaPrefix}`);
    expect(after.body.equals(before.body)).toBe(false);
    // The record of another encoding, made before the publish, is not replayed
    // although its issue has a fresh answer again: it is not that answer.
    const gzipped = await get(dataUrl('2026-11-20'), gzip);
    expect(gunzipSync(gzipped.body).equals(after.body)).toBe(true);
  });

  it('rechecks the database after a revalidation window instead of replaying', async () => {
    await get(dataUrl('2026-11-20'));
    await get(dataUrl('2026-11-20'));
    const checked = vi.spyOn(t.container.epaperAnswers, 'answer');
    await new Promise((resolve) => setTimeout(resolve, REVALIDATE_MS + 50));
    expect((await get(dataUrl('2026-11-20'))).status).toBe(200);
    expect(checked).toHaveBeenCalledTimes(1);
  });

  it("never replays today's edition before 06:00 in the publisher's zone", async () => {
    holdFreshness();
    expect((await get(dataUrl('2026-11-21'))).status).toBe(200);
    expect((await get(dataUrl('2026-11-21'))).status).toBe(200);
    now = BEFORE_SIX;
    const early = await get(dataUrl('2026-11-21'));
    expect(early.status).toBe(404);
    expect(JSON.parse(early.body.toString())).toEqual({
      status: 'ERROR',
      message: MESSAGES.noEditionAvailable,
    });
  });

  it('leaves conditional requests, HEAD, other URLs and bad queries to the router', async () => {
    holdFreshness();
    const first = await get(dataUrl('2026-11-20'));
    const etag = first.headers[first.headers.indexOf('etag') + 1] ?? '';
    const routed = vi.spyOn(t.container.epaperAnswers, 'answer');
    const conditional = await get(dataUrl('2026-11-20'), { 'if-none-match': etag });
    expect(conditional.status).toBe(304);
    expect(conditional.body.length).toBe(0);
    const head = await get(dataUrl('2026-11-20'), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(routed).toHaveBeenCalledTimes(2);
    // A bad query is refused by the route's schema each time and never recorded.
    for (let i = 0; i < 2; i += 1) {
      const bad = await get('/api/epaper/data?date=2026-11-20&edition=2147483648&publisher=DH');
      expect(bad.status).toBe(400);
    }
    expect(routed).toHaveBeenCalledTimes(2);
  });
});
