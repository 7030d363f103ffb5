// GET /media/*: content types, year-long immutable caching, validators, and no
// way out of the media folder.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, editionToday } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { noDatabaseBackend } from './helpers/db.ts';

// Today's front page of the free edition: a visitor may read it (locked media is
// access-media.int.test.ts's subject).
const PREFIX = `editions/dh/${editionToday(new Date())}/2/run-abc/`;

// Files on disk only: no test here reads the database, so the suite runs once.
describe('media', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(noDatabaseBackend);
    await t.container.storage.put(`${PREFIX}p01.webp`, new Uint8Array([1, 2, 3, 4]), 'image/webp');
    await t.container.storage.put(
      `${PREFIX}p01-a01.html`,
      new TextEncoder().encode('<p>Hi</p>'),
      'text/html',
    );
    await t.container.storage.put(
      `${PREFIX}p01.pdf`,
      new TextEncoder().encode('%PDF-1.7'),
      'application/pdf',
    );
    // A file beside (not inside) the media folder that traversal would reach.
    await writeFile(path.join(t.dataDir, 'secret.txt'), 'top secret');
  });
  afterAll(async () => t.close());

  it('serves a free page file with its type, kept a year by browsers and 5 minutes by shared caches', async () => {
    const res = await t.app.inject(`/media/${PREFIX}p01.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // Free only by the desk's choices, which may change: a CDN asks the gate again soon.
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, s-maxage=300, immutable');
    expect(res.headers['content-length']).toBe('4');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload).toEqual(Buffer.from([1, 2, 3, 4]));
  });

  it('sends an image only the headers that act on a subresource, and a PDF or HTML file all of them', async () => {
    const image = await t.app.inject(`/media/${PREFIX}p01.webp`);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(image.headers['content-security-policy']).toBeUndefined();
    expect(image.headers['x-frame-options']).toBeUndefined();
    const pdf = await t.app.inject(`/media/${PREFIX}p01.pdf`);
    expect(pdf.headers['content-security-policy']).toContain("default-src 'self'");
    expect(pdf.headers['x-frame-options']).toBe('DENY');
    const html = await t.app.inject(`/media/${PREFIX}p01-a01.html`);
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await t.app.inject(`/media/${PREFIX}p01.webp`);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: `/media/${PREFIX}p01.webp`,
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('types PDFs and article HTML, and sandboxes HTML opened directly', async () => {
    const pdf = await t.app.inject(`/media/${PREFIX}p01.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const html = await t.app.inject(`/media/${PREFIX}p01-a01.html`);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.body).toBe('<p>Hi</p>');
  });

  it('answers a missing file with a 404 in the error shape', async () => {
    const res = await t.app.inject(`/media/${PREFIX}pages/99.webp`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'ERROR', message: MESSAGES.notFound });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it.each([
    '/media/../secret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/editions/%2e%2e/%2e%2e/secret.txt',
    '/media/editions/..%2f..%2fsecret.txt',
    '/media/%2fetc%2fpasswd',
    '/media/editions\\..\\..\\secret.txt',
  ])('refuses path traversal: %s', async (url) => {
    const res = await t.app.inject(url);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('top secret');
    expect(res.json()).toHaveProperty('status', 'ERROR');
  });
});
