// Compression (issue 6 part 10): the web app's files go out as the build's brotli
// or gzip copy the browser accepts, identity otherwise; API JSON above the
// threshold is compressed on the fly; images are never compressed again.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaperDataSchema } from '@folio/core';
import { COMPRESS_THRESHOLD_BYTES } from '../src/http/compression.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue, type InsertedIssue } from './helpers/content.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';
import { testBackends } from './helpers/db.ts';

const INDEX = `<!doctype html><html><body><div id="root"></div>${'<!-- filler -->'.repeat(100)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('folio '.repeat(500))});`;
const SCRIPT_URL = '/assets/index-3f9a1c.js';
const html = { accept: 'text/html' };

// Stand-ins for the build's copies, told apart from on-the-fly output by a marker,
// so a test can see which one the server sent.
const BUILT_BR = `${SCRIPT}//built-br`;
const BUILT_GZ = `${SCRIPT}//built-gz`;

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

describe.each(testBackends)('compression on $name', (backend) => {
  let t: TestApp;
  let dist: string;
  let issue: InsertedIssue;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'folio-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    const files: Record<string, string | Buffer> = {
      'index.html': INDEX,
      'index.html.br': brotliCompressSync(INDEX),
      'index.html.gz': gzipSync(INDEX),
      [`${SCRIPT_URL.slice(1)}`]: SCRIPT,
      [`${SCRIPT_URL.slice(1)}.br`]: brotliCompressSync(BUILT_BR),
      [`${SCRIPT_URL.slice(1)}.gz`]: gzipSync(BUILT_GZ),
    };
    for (const [name, content] of Object.entries(files))
      await writeFile(path.join(dist, name), content);
    t = await createTestApp(backend, { webDistDir: dist });
    issue = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: '2026-11-20',
      sections: ['Front Page', 'City', 'City', 'State', 'Nation', 'World', 'Business', 'Sport'],
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.app.inject({
      url: SCRIPT_URL,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the built brotli copy of an asset to a browser that accepts br', async () => {
    const res = await asset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode('br', res.rawPayload)).toBe(BUILT_BR);
  });

  it('sends the built gzip copy to a browser that accepts only gzip', async () => {
    const res = await asset('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decode('gzip', res.rawPayload)).toBe(BUILT_GZ);
  });

  it('sends the plain file when no compression is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'zstd']) {
      const res = await asset(acceptEncoding);
      expect(res.statusCode, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body, acceptEncoding).toBe(SCRIPT);
      expect(res.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
    }
  });

  it('sends index.html compressed for client routes too', async () => {
    for (const url of ['/', '/profile']) {
      const res = await t.app.inject({ url, headers: { ...html, 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode('br', res.rawPayload), url).toBe(INDEX);
    }
  });

  it('does not serve the compressed copies under their own names', async () => {
    const res = await t.app.inject({ url: `${SCRIPT_URL}.br`, headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('compresses API JSON above the threshold on the fly, in the encoding asked for', async () => {
    const url = '/api/epaper/data?date=2026-11-20&edition=2&publisher=DH';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length);
      const data = epaperDataSchema.parse(JSON.parse(decode(encoding, res.rawPayload)));
      expect(data.sections.flatMap((s) => s.pages)).toHaveLength(issue.pages.length);
    }
  });

  it('leaves small JSON and images as they are', async () => {
    const config = await t.app.inject({
      url: '/api/config',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(config.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(config.headers['content-encoding']).toBeUndefined();
    const page = issue.pages[0];
    if (!page) throw new Error('fixture has pages');
    // A past issue's page: only a subscriber may have it.
    const { cookie } = await signInAsSubscriber(t);
    const image = await t.app.inject({
      url: `/media/${issue.mediaPrefix}${page.imgFile}`,
      headers: { 'accept-encoding': 'br, gzip', cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});
