// The built web app: hashed assets cached for good, index.html revalidated, and
// client routes falling back to index.html without swallowing API 404s.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { noDatabaseBackend } from './helpers/db.ts';
import { INDEX_HTML } from './helpers/web-dist.ts';

const INDEX = INDEX_HTML;
const html = { accept: 'text/html,application/xhtml+xml' };

// Files on disk only: no test here reads the database, so the suite runs once.
describe('web app serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'folio-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("folio")');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp(noDatabaseBackend, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for good and other files not at all', async () => {
    const asset = await t.app.inject('/assets/index-3f9a1c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never asked for again: no validators, no ranges, no request id (its log line has it).
    for (const unused of ['etag', 'last-modified', 'accept-ranges', 'x-request-id'])
      expect(asset.headers[unused], unused).toBeUndefined();
    const favicon = await t.app.inject('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('no-cache');
    // Revalidated on every use: its validators stay.
    expect(favicon.headers.etag).toBeDefined();
    expect(favicon.headers['last-modified']).toBeDefined();
    expect(favicon.headers['x-request-id']).toBeDefined();
  });

  it('sends document headers with documents and only the subresource ones with scripts', async () => {
    const document = await t.app.inject({ url: '/', headers: html });
    expect(document.headers['content-security-policy']).toContain("script-src 'self'");
    expect(document.headers['x-frame-options']).toBe('DENY');
    const favicon = await t.app.inject('/favicon.svg');
    expect(favicon.headers['content-security-policy']).toContain("default-src 'self'");

    const asset = await t.app.inject('/assets/index-3f9a1c.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
    ]) {
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    }
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of [
      '/profile',
      '/article/dh-20261120-2-01-01?date=2026-11-20',
      '/auth/verify_otp',
    ]) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps 404 JSON for the API, media, missing assets and non-HTML requests', async () => {
    for (const request of [
      { url: '/api/nothing-here', headers: html },
      { url: '/media/editions/none.webp', headers: html },
      { url: '/assets/missing-000.js', headers: { accept: '*/*' } },
      { url: '/assets/missing-000.js', headers: html },
      { url: '/profile', headers: { accept: 'application/json' } },
    ]) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(404);
      expect(res.json()).toEqual({ status: 'ERROR', message: MESSAGES.notFound });
    }
    // From the site itself: a cross-site POST is refused before routing (403).
    const post = await t.app.inject({
      method: 'POST',
      url: '/profile',
      headers: { ...html, origin: t.config.publicUrl },
    });
    expect(post.statusCode).toBe(404);
  });
});
