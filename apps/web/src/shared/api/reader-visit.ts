// The reader's daily beacon (issue 27 part 5): once per brand per page load, when
// the browser is idle, so the desk's figures can count the day's readers. The server
// decides who is asking and keeps only a salted hash; the desk itself is not
// counted. A beacon that fails is dropped: it must never trouble the reader's page.
import { READER_VISIT_PATH, okResponseSchema, type BrandCode } from '@folio/core';
import { sendJson } from '../lib/http.ts';

const sent = new Set<BrandCode>();

export function countVisit(brand: BrandCode): void {
  if (sent.has(brand) || window.location.pathname.startsWith('/desk')) return;
  sent.add(brand);
  const send = () => {
    sendJson('POST', READER_VISIT_PATH, okResponseSchema, { brand }).catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(send, { timeout: 5_000 });
  else window.setTimeout(send, 0);
}
