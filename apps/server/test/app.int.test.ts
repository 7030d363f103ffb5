// The app shell: health, site config, error shape, unknown routes, docs, headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, errorBodySchema, siteConfigSchema } from '@folio/core';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { documentCsp, makeWebDist, type WebDist } from './helpers/web-dist.ts';
import { noDatabaseBackend, testBackends } from './helpers/db.ts';

describe.each(testBackends)('app shell on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t.close());

  it('answers /healthz while the process is alive', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

// Nothing below reads the database, so it runs once.
describe('app shell', () => {
  let t: TestApp;
  let dist: WebDist;
  beforeAll(async () => {
    dist = await makeWebDist();
    t = await createTestApp(noDatabaseBackend, {
      webDistDir: dist.dir,
      // 23:00 UTC on 20 Nov is 04:30 on 21 Nov in Kolkata: before the 06:00 day start.
      now: () => new Date('2026-11-20T23:00:00Z'),
      extraRoutes: (app) => {
        app.get('/api/test/explode', async () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await dist.remove();
  });

  it('tells the web app its brand, publisher, time zone and edition date', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.statusCode).toBe(200);
    expect(siteConfigSchema.parse(res.json())).toEqual({
      brand: 'dh',
      publisher: 'DH',
      timeZone: 'Asia/Kolkata',
      today: '2026-11-20',
      googleClientId: null,
      gtmId: null,
      freeEdition: 2,
    });
  });

  it('answers unknown API routes with a 404 in the error shape', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json())).toEqual({
      status: 'ERROR',
      message: MESSAGES.notFound,
    });
  });

  it('never leaks an unexpected error to the client', async () => {
    const res = await t.app.inject('/api/test/explode');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'ERROR', message: MESSAGES.internalError });
    expect(res.body).not.toContain('secret');
  });

  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const csp = await documentCsp(t);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('unsafe-inline');
  });

  it("sends the API's JSON answers only the headers that act on them", async () => {
    for (const url of ['/api/config', '/api/no-such-call', '/api/test/explode']) {
      const res = await t.app.inject(url);
      expect(String(res.headers['content-type']), url).toMatch(/^application\/json/);
      // Opened as a page, it may load nothing and be framed nowhere.
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ])
        expect(res.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
    }
    // A page keeps the whole set.
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves the OpenAPI document and Swagger UI under /api/docs', async () => {
    const json = await t.app.inject('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/api/config']));
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);

    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    // Swagger UI needs inline styles; it gets them on its own pages, never scripts.
    const docsCsp = String(ui.headers['content-security-policy']);
    expect(docsCsp).toContain("style-src 'self' 'unsafe-inline'");
    expect(docsCsp).toContain("script-src 'self';");
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
  });

  it('documents the content paths in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/epaper/editions',
        '/api/epaper/data',
        '/api/epaper/available-dates',
        '/api/pop-up/by-date',
        '/api/epaper/search',
      ]),
    );
  });
});
