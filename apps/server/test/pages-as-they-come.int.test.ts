// Issue 26 parts 6 and 12: a page is read as it arrives and kept by its file's
// hash, so a re-sent page is the only one read again; an issue goes live with what
// a reader needs to see its pages, and its zoom images, AVIF previews and search
// rows follow.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, epaperDataSchema, isoToCompact } from '@folio/core';
import { generateDemoEdition } from '@folio/ingest';
import { EditionRepo } from '../src/modules/editions/repo.ts';
import { IssueRepo } from '../src/modules/editions/issue-repo.ts';
import { PublishService } from '../src/modules/editions/publish-service.ts';
import { LocalFolderStorage, type MediaStorage } from '../src/modules/media/storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { call } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { sendPage, staffSession } from './helpers/desk.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';

describe.each(testBackends)('pages as they come on $name', (backend) => {
  let t: TestApp;
  let work: string;
  let today: string;
  let deskCookie: string;
  let readerCookie: string;

  const served = async (date: string, edition: number) => {
    const res = await t.app.inject({
      url: `/api/epaper/data?publisher=DH&date=${isoToCompact(date)}&edition=${edition}`,
      headers: { cookie: readerCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return epaperDataSchema.parse(res.json());
  };
  const pagesOf = (data: Awaited<ReturnType<typeof served>>) =>
    data.sections.flatMap((s) => s.pages);
  const media = (url: string) =>
    t.app.inject({ url, headers: { cookie: readerCookie } }).then((r) => r.statusCode);

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-pages-as-they-come-'));
    t = await createTestApp(backend);
    ({ cookie: deskCookie } = await staffSession(t, 'pages@example.com', 'editor'));
    ({ cookie: readerCookie } = await signInAsSubscriber(t));
    today = t.container.editions.latestDate();
  }, 120_000);
  afterAll(async () => {
    await t.container.assembly.idle();
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('reads a re-sent page alone and swaps in just that page; readers see its text', async () => {
    const counted = await call(t, 'PATCH', '/api/desk/editions/dh/2', {
      cookie: deskCookie,
      body: { pages: 3 },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    const first = await generateDemoEdition({
      brand: 'dh',
      date: today,
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 3,
      outDir: path.join(work, 'v1'),
    });
    // Another edition of the same day: a page with other stories, the same folio date.
    const other = await generateDemoEdition({
      brand: 'dh',
      date: today,
      editionNumber: 3,
      editionName: 'Mysuru',
      pageCount: 3,
      outDir: path.join(work, 'other'),
    });
    const upload = (name: string, file: string) => sendPage(t, deskCookie, name, file);
    const name = (page: number, version = 1) =>
      `DH_${isoToCompact(today)}_2_P0${page}${version > 1 ? `_v${version}` : ''}.pdf`;
    for (const page of [1, 2, 3]) await upload(name(page), first.files[page - 1] as string);
    await t.container.assembly.idle();

    const before = pagesOf(await served(today, 2));
    expect(before).toHaveLength(3);
    const kept = async () => {
      const rows = await t.db
        .selectFrom('incoming_pages')
        .select(['page_no', 'sha256'])
        .distinctOn('page_no')
        .where('issue_date', '=', today)
        .where('edition_number', '=', 2)
        .orderBy('page_no')
        .orderBy('version', 'desc')
        .execute();
      return Promise.all(
        rows.map(async (r) => {
          const folder = `editions/dh/${today}/2/pages/${r.sha256.slice(0, 12)}/`;
          const record = path.join(t.config.mediaDir, folder, `p0${r.page_no}.json`);
          return { folder, written: (await stat(record)).mtimeMs };
        }),
      );
    };
    const keptBefore = await kept();

    // Page 2, version 2: other stories.
    await upload(name(2, 2), other.files[1] as string);
    await t.container.assembly.idle();
    const keptAfter = await kept();
    // Pages 1 and 3 were not read again: the same kept files, untouched.
    expect([keptAfter[0], keptAfter[2]]).toEqual([keptBefore[0], keptBefore[2]]);
    expect(keptAfter[1]?.folder).not.toBe(keptBefore[1]?.folder);
    // The replaced page's kept files are gone once the new issue is live.
    expect(existsSync(path.join(t.config.mediaDir, keptBefore[1]?.folder ?? 'x'))).toBe(false);

    const after = pagesOf(await served(today, 2));
    const titles = (page: (typeof after)[number] | undefined) => page?.articles.map((a) => a.title);
    expect(titles(after[0])).toEqual(titles(before[0]));
    expect(titles(after[2])).toEqual(titles(before[2]));
    expect(titles(after[1])).not.toEqual(titles(before[1]));
    const replaced = await t.db
      .selectFrom('articles')
      .innerJoin('pages', 'pages.id', 'articles.page_id')
      .innerJoin('issues', 'issues.id', 'articles.issue_id')
      .select('articles.body_text')
      .where('issues.issue_date', '=', today)
      .where('pages.page_no', '=', 2)
      .execute();
    const newText = await t.db
      .selectFrom('search_articles')
      .select('title')
      .where('issue_date', '=', today)
      .where('edition_number', '=', 2)
      .where('page_no', '=', 2)
      .execute();
    // The edition's search rows follow the new page.
    expect(newText.map((r) => r.title).sort()).toEqual([...(titles(after[1]) ?? [])].sort());
    expect(replaced.length).toBeGreaterThan(0);
  }, 180_000);

  it('serves a page whose zoom image and AVIF preview are not made yet; search rows follow them', async () => {
    const day = addDays(today, -1);
    const truth = await generateDemoEdition({
      brand: 'dh',
      date: day,
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 2,
      outDir: path.join(work, 'later'),
    });
    // Storage that holds back the later images until the test lets them through.
    const local = new LocalFolderStorage(t.config.mediaDir);
    let letThrough = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const storage: MediaStorage = {
      get: (key) => local.get(key),
      deletePrefix: (prefix) => local.deletePrefix(prefix),
      delete: (key) => local.delete(key),
      list: (prefix) => local.list(prefix),
      check: () => local.check(),
      put: async (key, body, type) => {
        if (key.endsWith('-zoom.webp') || key.endsWith('.avif')) await held;
        await local.put(key, body, type);
      },
    };
    const publisher = new PublishService(
      new EditionRepo(t.db),
      new IssueRepo(t.db),
      storage,
      t.container.log,
    );
    const result = await publisher.publishEdition({
      brand: 'dh',
      date: day,
      editionNumber: 2,
      files: truth.files,
      background: true,
    });
    const searchRows = async () =>
      (
        await t.db
          .selectFrom('search_articles')
          .select('article_id')
          .where('issue_id', '=', result.issueId)
          .execute()
      ).length;

    const live = pagesOf(await served(day, 2));
    expect(live).toHaveLength(2);
    const base = (await served(day, 2)).data_url_suffix;
    for (const page of live) {
      expect(page.zoomFile).toBe(page.imgFile);
      expect(page.imgPreviewFile).toMatch(/-preview\.webp$/);
      expect(await media(`${base}${page.imgFile}`)).toBe(200);
      expect(await media(`${base}${page.zoomFile}`)).toBe(200);
      expect(await media(`${base}${page.imgPreviewFile}`)).toBe(200);
      expect(await media(`${base}${page.imgThumbFile}`)).toBe(200);
    }
    expect(await searchRows()).toBe(0);

    letThrough();
    await result.followUp;
    const rows = await t.db
      .selectFrom('pages')
      .select(['page_no', 'zoom_file', 'preview_file'])
      .where('issue_id', '=', result.issueId)
      .orderBy('page_no')
      .execute();
    expect(rows).toEqual([
      { page_no: 1, zoom_file: 'p01-zoom.webp', preview_file: 'p01-preview.avif' },
      { page_no: 2, zoom_file: 'p02-zoom.webp', preview_file: 'p02-preview.avif' },
    ]);
    for (const row of rows) {
      expect(await media(`${base}${row.zoom_file}`)).toBe(200);
      expect(await media(`${base}${row.preview_file}`)).toBe(200);
    }
    expect(await searchRows()).toBeGreaterThan(0);
  }, 180_000);
});
