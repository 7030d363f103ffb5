// A built web app of one document, for tests that need the headers a page is sent
// with (its CSP, framing, referrer): the API's JSON answers carry a set of their own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from './app.ts';

export const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-3f9a1c.js"></script></body></html>';

export interface WebDist {
  dir: string;
  remove(): Promise<void>;
}

export async function makeWebDist(): Promise<WebDist> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-web-dist-'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The Content-Security-Policy the app's document is sent with. */
export async function documentCsp(t: TestApp): Promise<string> {
  const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
  if (page.statusCode !== 200) throw new Error(`the document answered ${page.statusCode}`);
  return String(page.headers['content-security-policy']);
}
