// The content API under load conditions: answers served from memory with
// validators, the 06:00 rule on an injected clock, and a reader who keeps reading
// while a new issue is published. (A database that goes away: health.int.test.ts.)
import { rm, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, epaperDataSchema, type EpaperData } from '@folio/core';
import { generateDemoEdition } from '@folio/ingest';
import { IssueRepo } from '../src/modules/editions/issue-repo.ts';
import { EPAPER_CACHE_CONTROL, REVALIDATE_MS } from '../src/modules/editions/epaper-answers.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { insertIssue } from './helpers/content.ts';
import { testBackends } from './helpers/db.ts';

// 00:29:59.999 UTC is 05:59:59.999 in Kolkata, a moment before the day starts.
const BEFORE_SIX = new Date('2026-11-21T00:29:59.999Z');
const AT_SIX = new Date('2026-11-21T00:30:00.000Z');
const dataUrl = (date: string) => `/api/epaper/data?date=${date}&edition=2&publisher=DH`;

describe.each(testBackends)('e-paper answers on $name', (backend) => {
  let t: TestApp;
  let now = AT_SIX;
  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => now });
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-20' });
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: '2026-11-21' });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    now = AT_SIX;
    vi.restoreAllMocks();
  });

  it('builds an answer once and serves it from memory with an ETag and a short public cache', async () => {
    // The freshness clock stands still, so every request falls within one revalidation window.
    // Frozen at the real reading, so the answers it stores age normally once it runs again.
    vi.spyOn(performance, 'now').mockReturnValue(performance.now());
    const reads = vi.spyOn(IssueRepo.prototype, 'findIssueContent');
    const checks = vi.spyOn(IssueRepo.prototype, 'findMediaPrefix');
    const first = await t.app.inject(dataUrl('2026-11-20'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe(EPAPER_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(epaperDataSchema.parse(first.json()).date).toBe('2026-11-20');
    for (let i = 0; i < 5; i += 1) {
      const again = await t.app.inject(dataUrl('2026-11-20'));
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);
    }
    expect(reads).toHaveBeenCalledTimes(1);
    expect(checks).not.toHaveBeenCalled();
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await t.app.inject(dataUrl('2026-11-20'));
    const etag = String(first.headers.etag);
    const same = await t.app.inject({
      url: dataUrl('2026-11-20'),
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe(EPAPER_CACHE_CONTROL);
    const stale = await t.app.inject({
      url: dataUrl('2026-11-20'),
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it("answers today's edition from 06:00 in the publisher's zone, not a millisecond before", async () => {
    now = BEFORE_SIX;
    const early = await t.app.inject(dataUrl('2026-11-21'));
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ status: 'ERROR', message: MESSAGES.noEditionAvailable });
    expect((await t.app.inject(dataUrl('2026-11-20'))).statusCode).toBe(200);
    now = AT_SIX;
    const onTime = await t.app.inject(dataUrl('2026-11-21'));
    expect(onTime.statusCode).toBe(200);
    expect(epaperDataSchema.parse(onTime.json()).date).toBe('2026-11-21');
    // A cached answer does not outlive the rule when the clock is earlier again.
    now = BEFORE_SIX;
    expect((await t.app.inject(dataUrl('2026-11-21'))).statusCode).toBe(404);
  });

  it('notices an issue replaced by another process (the ingest command) within a second', async () => {
    const before = epaperDataSchema.parse((await t.app.inject(dataUrl('2026-11-20'))).json());
    // Written straight to the database, as the ingest command does from its own process.
    const replaced = await insertIssue(t, {
      brand: 'dh',
      editionNumber: 2,
      date: '2026-11-20',
      sections: ['Front Page'],
    });
    await new Promise((resolve) => setTimeout(resolve, REVALIDATE_MS + 100));
    const after = epaperDataSchema.parse((await t.app.inject(dataUrl('2026-11-20'))).json());
    expect(after.data_url_suffix).toBe(`/media/${replaced.mediaPrefix}`);
    expect(after.data_url_suffix).not.toBe(before.data_url_suffix);
  });
});

describe.each(testBackends)('a reader during a publish on $name', (backend) => {
  const DATE = '2026-11-20';
  let t: TestApp;
  let work: string;
  let files: string[];
  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => AT_SIX });
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-answers-test-'));
    files = (
      await generateDemoEdition({
        brand: 'dh',
        date: DATE,
        editionNumber: 2,
        editionName: 'Bengaluru City',
        pageCount: 2,
        outDir: work,
      })
    ).files;
    await insertIssue(t, { brand: 'dh', editionNumber: 2, date: DATE });
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('gets the old edition, whole, until the switch, then the new one', async () => {
    const read = async (): Promise<EpaperData> => {
      const res = await t.app.inject(dataUrl(DATE));
      expect(res.statusCode).toBe(200);
      return epaperDataSchema.parse(res.json());
    };
    const old = await read();
    let finished = false;
    const publishing = t.container.publisher
      .publishEdition({ brand: 'dh', date: DATE, editionNumber: 2, files })
      .finally(() => {
        finished = true;
      });
    const seen: EpaperData[] = [];
    while (!finished) {
      seen.push(await read());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const result = await publishing;
    const fresh = await read();
    expect(fresh.data_url_suffix).toBe(`/media/${result.mediaPrefix}`);
    expect(fresh.sections.flatMap((s) => s.pages)).toHaveLength(2);
    // Every answer during the publish is the old edition exactly or the new one exactly,
    // and once the new one is out the old one never comes back.
    const kinds = seen.map((data) =>
      data.data_url_suffix === old.data_url_suffix ? 'old' : 'new',
    );
    seen.forEach((data, i) => expect(data).toEqual(kinds[i] === 'old' ? old : fresh));
    expect(kinds[0]).toBe('old');
    expect(kinds.join(',')).toMatch(/^(old,)*old(,new)*$/);
  });
});
