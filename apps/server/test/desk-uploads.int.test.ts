// Resumable page uploads (issue 26 part 4), spoken in the tus protocol as the
// browser's Uppy speaks it: an upload is created with its length and file name,
// sent in parts, and its offset asked for after a cut; the finished file is taken
// or refused by the same intake as POST /api/desk/pages. A bad name, a file above
// 100 MB, a visitor, a reader, another site and another staff member are refused
// before a byte is kept; a finished file that is not a PDF is refused with the
// reason; of one page sent twice at once, one is taken.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, addDays, isoToCompact } from '@folio/core';
import { DESK_MESSAGES } from '@folio/core/desk';
import { blankPagePdf } from '@folio/ingest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call, freshIp, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { staffSession } from './helpers/desk.ts';

const UPLOADS = '/api/desk/uploads';
const TOO_LARGE = 'The file is larger than 100 MB.';

/** A page PDF with room to cut it in two: the blank page, then comment lines. */
function pagePdf(bytes = 64 * 1024): Buffer {
  const pdf = blankPagePdf();
  return Buffer.concat([pdf, Buffer.from(`%${'x'.repeat(bytes - pdf.length - 2)}\n`)]);
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

describe.each(testBackends)('resumable page uploads on $name', (backend) => {
  let t: TestApp;
  let editor: string;
  let tomorrow: string;

  const fileName = (page: number, version = 1) =>
    `DH_${isoToCompact(tomorrow)}_2_P${String(page).padStart(2, '0')}${version > 1 ? `_v${version}` : ''}.pdf`;
  const tus = (
    method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE' | 'OPTIONS',
    url: string,
    options: { cookie?: string; headers?: Record<string, string>; payload?: Buffer } = {},
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      // A header given as '' is left out (a browser that sends no Origin).
      headers: Object.fromEntries(
        Object.entries({
          origin: t.config.publicUrl,
          'tus-resumable': '1.0.0',
          ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
          ...options.headers,
        }).filter(([, value]) => value !== ''),
      ),
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  const create = (name: string | undefined, length: number, cookie = editor) =>
    tus('POST', UPLOADS, {
      cookie,
      headers: {
        'upload-length': String(length),
        ...(name === undefined ? {} : { 'upload-metadata': metadata({ filename: name }) }),
      },
    });
  const send = (location: string, offset: number, bytes: Buffer, cookie = editor) =>
    tus('PATCH', location, {
      cookie,
      payload: bytes,
      headers: {
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
    });
  const offsetOf = async (location: string, cookie = editor) => {
    const head = await tus('HEAD', location, { cookie });
    return head.statusCode === 200 ? Number(head.headers['upload-offset']) : head.statusCode;
  };
  const started = async (name: string, length: number) => {
    const created = await create(name, length);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^${UPLOADS}/[0-9a-f]{32}$`));
    return location;
  };
  const kept = async () => (await readdir(t.config.uploadsDir)).sort();
  const pagesIn = async () =>
    (await call(t, 'GET', `/api/desk/editions/dh/2/${tomorrow}`, { cookie: editor })).json<{
      pages: { page: number; version: number; source: string; receivedBy: string }[];
    }>().pages;
  /** Removing the finished upload's files follows its answer; this waits for it. */
  const nothingKept = async () => {
    await expect.poll(kept).toEqual([]);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie: editor } = await staffSession(t, 'night@example.com', 'editor'));
    tomorrow = addDays(t.container.editions.latestDate(), 1);
    const counted = await call(t, 'PATCH', '/api/desk/editions/dh/2', {
      cookie: editor,
      body: { pages: 4 },
    });
    expect(counted.statusCode, counted.body).toBe(200);
  });
  afterAll(async () => {
    await t.container.assembly.idle();
    await t.close();
  });

  it('keeps half a page, says where it stopped, and takes the page once the rest arrives', async () => {
    const page = pagePdf();
    const half = page.length / 2;
    const location = await started(fileName(1), page.length);
    expect(await offsetOf(location)).toBe(0);

    const first = await send(location, 0, page.subarray(0, half));
    expect([first.statusCode, first.headers['upload-offset']]).toEqual([204, String(half)]);
    expect(await offsetOf(location)).toBe(half);
    expect(await pagesIn()).toEqual([]);

    // The rest sent from the wrong place is refused; from where it stopped, taken.
    const wrong = await send(location, 0, page.subarray(half));
    expect(wrong.statusCode).toBe(409);
    const rest = await send(location, half, page.subarray(half));
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.headers['upload-offset']).toBe(String(page.length));
    expect(rest.json()).toEqual({ page: 1, version: 1 });
    expect(await pagesIn()).toEqual([
      expect.objectContaining({
        page: 1,
        version: 1,
        source: 'upload',
        receivedBy: 'night@example.com',
      }),
    ]);
    const board = await call(t, 'GET', `/api/desk/board?brand=dh&from=${tomorrow}&days=1`, {
      cookie: editor,
    });
    expect(
      board
        .json<{ cells: { edition: number; state: string; pages: number | null }[] }>()
        .cells.find((c) => c.edition === 2),
    ).toMatchObject({ state: 'receiving', pages: 1 });
    await nothingKept();
    expect(await offsetOf(location)).toBe(404);
  });

  it('keeps what arrived before the connection was cut, and goes on from there', async () => {
    const page = pagePdf(512 * 1024);
    const location = await started(fileName(2), page.length);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cut = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: location,
      headers: {
        origin: t.config.publicUrl,
        cookie: editor,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(page.length),
      },
    });
    cut.on('error', () => undefined);
    cut.write(page.subarray(0, 200 * 1024));
    // Read on disk: asking the server (HEAD) would itself stop the PATCH holding the upload.
    const onDisk = path.join(t.config.uploadsDir, path.basename(location));
    await expect.poll(async () => (await stat(onDisk)).size, { timeout: 5000 }).toBe(200 * 1024);
    cut.destroy();

    const offset = await offsetOf(location);
    expect(offset).toBe(200 * 1024);
    const rest = await send(location, offset, page.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({ page: 2, version: 1 });
    expect((await pagesIn()).map((p) => p.page)).toEqual([1, 2]);
    await nothingKept();
  });

  it('refuses a file whose name does not fit the paper, with the reason, before any byte is sent', async () => {
    const refusals: [string | undefined, string][] = [
      ['front-page.pdf', 'does not follow'],
      [fileName(5), "Page 5 is beyond Bengaluru City's 4 pages."],
      [`DH_${isoToCompact(addDays(tomorrow, 30))}_2_P01.pdf`, 'is not within'],
      [fileName(1).replace('_2_', '_99_'), 'has no edition 99'],
      [fileName(1), 'Version 1 of page 1 is already in; send a higher version (_v2).'],
      [undefined, DESK_MESSAGES.fileNameRequired],
    ];
    for (const [name, reason] of refusals) {
      const created = await create(name, 1000);
      expect([name, created.statusCode]).toEqual([name, 400]);
      expect(created.headers.location).toBeUndefined();
      expect(created.json()).toEqual({ status: 'ERROR', message: expect.stringContaining(reason) });
    }
    expect(await kept()).toEqual([]);
    const audit = await t.container.desk.audit(undefined, 20);
    expect(audit.entries.find((e) => e.subject === 'file:front-page.pdf')).toMatchObject({
      action: 'page.refuse',
      actor: 'night@example.com',
    });
  });

  it('refuses a file above 100 MB, or of no stated size, when its upload is created', async () => {
    const large = await create(fileName(3), 100 * 1024 * 1024 + 1);
    expect([large.statusCode, large.json()]).toEqual([
      413,
      { status: 'ERROR', message: TOO_LARGE },
    ]);
    const unsized = await tus('POST', UPLOADS, {
      cookie: editor,
      headers: {
        'upload-defer-length': '1',
        'upload-metadata': metadata({ filename: fileName(3) }),
      },
    });
    expect([unsized.statusCode, unsized.json<{ message: string }>().message]).toEqual([
      400,
      expect.stringContaining('Upload-Length'),
    ]);
    expect(await kept()).toEqual([]);
    // Exactly 100 MB is allowed to start.
    const largest = await create(fileName(3), 100 * 1024 * 1024);
    expect(largest.statusCode).toBe(201);
    expect(
      (await tus('DELETE', String(largest.headers.location), { cookie: editor })).statusCode,
    ).toBe(204);
    expect(await kept()).toEqual([]);
  });

  it('refuses a finished file that is not a PDF, with the reason, and keeps none of it', async () => {
    const html = Buffer.from('<html>not a pdf</html>');
    const location = await started(fileName(3), html.length);
    const sent = await send(location, 0, html);
    expect([sent.statusCode, sent.json()]).toEqual([
      400,
      { status: 'ERROR', message: 'This is not a PDF.' },
    ]);
    expect((await pagesIn()).map((p) => p.page)).toEqual([1, 2]);
    await nothingKept();
    expect(await offsetOf(location)).toBe(404);
  });

  it('takes one of a page sent twice at once and refuses the other with the reason', async () => {
    const page = pagePdf();
    const a = await started(fileName(3), page.length);
    const b = await started(fileName(3), page.length);
    const answers = await Promise.all([send(a, 0, page), send(b, 0, page)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json<{ message: string }>().message).toMatch(
      /^Version 1 of page 3 is already in/,
    );
    expect((await pagesIn()).map((p) => p.page)).toEqual([1, 2, 3]);
    await nothingKept();
  });

  it('refuses a visitor (401), a reader and staff who may not send pages (403), on every method', async () => {
    const page = pagePdf();
    const location = await started(fileName(4), page.length);
    const reader = (await signIn(t, { email: 'reader@example.com' })).cookie;
    const { cookie: support } = await staffSession(t, 'help@example.com', 'support');
    const attempts = [
      ['POST', UPLOADS],
      ['OPTIONS', UPLOADS],
      ['HEAD', location],
      ['PATCH', location],
      ['DELETE', location],
      ['OPTIONS', location],
    ] as const;
    for (const [method, url] of attempts) {
      const headers = {
        'upload-length': String(page.length),
        'upload-metadata': metadata({ filename: fileName(4) }),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      };
      const payload = method === 'POST' || method === 'PATCH' ? page : undefined;
      const asVisitor = await tus(method, url, { headers, payload });
      const asReader = await tus(method, url, { cookie: reader, headers, payload });
      const asSupport = await tus(method, url, { cookie: support, headers, payload });
      expect([
        method,
        url,
        asVisitor.statusCode,
        asReader.statusCode,
        asSupport.statusCode,
      ]).toEqual([method, url, 401, 403, 403]);
      if (method === 'HEAD') continue;
      expect(asVisitor.json()).toEqual({ status: 'ERROR', message: DESK_MESSAGES.signInRequired });
      expect(asReader.json()).toMatchObject({ message: DESK_MESSAGES.staffOnly });
      expect(asSupport.json()).toMatchObject({ message: DESK_MESSAGES.roleNotAllowed });
    }
    expect(await offsetOf(location)).toBe(0);
    expect(await kept()).toHaveLength(2);
    expect((await pagesIn()).map((p) => p.page)).toEqual([1, 2, 3]);
  });

  it("refuses another site's request and another staff member's hand on an upload", async () => {
    const page = pagePdf();
    const created = await create(fileName(4), page.length);
    const location = String(created.headers.location);
    const headers = {
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      origin: 'https://elsewhere.example',
    };
    const crossSite = await tus('PATCH', location, { cookie: editor, headers, payload: page });
    expect([crossSite.statusCode, crossSite.json()]).toEqual([
      403,
      { status: 'ERROR', message: MESSAGES.crossSiteRequest },
    ]);
    const crossCreate = await tus('POST', UPLOADS, {
      cookie: editor,
      headers: {
        origin: 'https://elsewhere.example',
        'upload-length': '10',
        'upload-metadata': metadata({ filename: fileName(4) }),
      },
    });
    expect(crossCreate.statusCode).toBe(403);

    const { cookie: other } = await staffSession(t, 'day@example.com', 'editor');
    expect(await offsetOf(location, other)).toBe(404);
    expect((await send(location, 0, page, other)).statusCode).toBe(404);
    expect((await tus('DELETE', location, { cookie: other })).statusCode).toBe(404);
    expect(await offsetOf(location)).toBe(0);

    // A browser that sends no Origin says where the request comes from by Fetch Metadata.
    const sameSite = await tus('PATCH', location, {
      cookie: editor,
      payload: page,
      headers: {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        origin: '',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(sameSite.statusCode, sameSite.body).toBe(200);
    expect((await pagesIn()).map((p) => p.page)).toEqual([1, 2, 3, 4]);
  });
});
