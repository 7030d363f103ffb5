// Publishing through the real ingest: a re-publish replaces the issue and its media
// at once; a failing ingest leaves the previous issue untouched and no new files.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, MESSAGES, epaperDataSchema } from '@folio/core';
import { IngestError, generateDemoEdition } from '@folio/ingest';
import { BadRequestError } from '../src/errors.ts';
import { IssueRepo } from '../src/modules/editions/issue-repo.ts';
import { signInAsSubscriber } from './helpers/subscriber.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { testBackends } from './helpers/db.ts';
import { BROKEN_PDFS } from './helpers/fixtures.ts';

const DATE = '2026-11-20';
const NOW = new Date('2026-11-21T06:00:00Z');

describe.each(testBackends)('publishing on $name', (backend) => {
  let t: TestApp;
  let work: string;
  let pageFiles: string[];

  const editionFolder = () => path.join(t.config.mediaDir, 'editions', 'dh', DATE, '2');
  const runFolders = async () =>
    existsSync(editionFolder()) ? (await readdir(editionFolder())).sort() : [];
  /** A subscriber's view: every page open. */
  let cookie = '';
  const asSubscriber = (url: string) => t.app.inject({ url, headers: { cookie } });
  const servedData = async () => {
    const res = await asSubscriber(`/api/epaper/data?date=${DATE}&edition=2&publisher=DH`);
    expect(res.statusCode).toBe(200);
    return epaperDataSchema.parse(res.json());
  };
  const issueRowCounts = async () => {
    const count = async (table: 'issues' | 'pages' | 'articles' | 'ads') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      issues: await count('issues'),
      pages: await count('pages'),
      articles: await count('articles'),
      ads: await count('ads'),
    };
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => NOW });
    work = await mkdtemp(path.join(os.tmpdir(), 'folio-publish-test-'));
    const truth = await generateDemoEdition({
      brand: 'dh',
      date: DATE,
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 2,
      outDir: work,
    });
    pageFiles = truth.files;
    ({ cookie } = await signInAsSubscriber(t));
  });
  afterAll(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  it('publishes an edition that the content API then serves with its media', async () => {
    const progress: number[] = [];
    const result = await t.container.publisher.publishEdition({
      brand: 'dh',
      date: DATE,
      editionNumber: 2,
      files: pageFiles,
      onProgress: (p) => progress.push(p.done),
    });
    expect(result).toMatchObject({
      brand: 'dh',
      date: DATE,
      editionNumber: 2,
      pages: 2,
      replaced: false,
    });
    expect(result.mediaPrefix).toMatch(/^editions\/dh\/2026-11-20\/2\/[a-z0-9]+-[0-9a-f]+\/$/);
    expect(progress.at(-1)).toBe(2);

    const data = await servedData();
    expect(data.data_url_suffix).toBe(`/media/${result.mediaPrefix}`);
    const pages = data.sections.flatMap((s) => s.pages);
    expect(pages.map((p) => p.pageNo)).toEqual([1, 2]);
    expect(pages.flatMap((p) => p.articles)).toHaveLength(result.articles);
    for (const page of pages) {
      expect((await asSubscriber(page.image)).statusCode).toBe(200);
      expect((await asSubscriber(`${data.data_url_suffix}${page.imgThumbFile}`)).statusCode).toBe(
        200,
      );
    }
    for (const article of pages.flatMap((p) => p.articles)) {
      expect((await asSubscriber(`${data.html_url_suffix}${article.htmlFile}`)).statusCode).toBe(
        200,
      );
    }
  });

  it('replaces the issue on a re-publish: old rows and old media are gone', async () => {
    const before = await servedData();
    const oldPrefix = before.data_url_suffix.replace(/^\/media\//, '');
    const countsBefore = await issueRowCounts();

    const result = await t.container.publisher.publishEdition({
      brand: 'dh',
      date: DATE,
      editionNumber: 2,
      files: pageFiles,
    });
    expect(result.replaced).toBe(true);
    expect(result.mediaPrefix).not.toBe(oldPrefix);

    const after = await servedData();
    expect(after.data_url_suffix).toBe(`/media/${result.mediaPrefix}`);
    expect(await issueRowCounts()).toEqual(countsBefore);
    expect(await runFolders()).toEqual([result.mediaPrefix.split('/').at(-2)]);
    const oldImage = await asSubscriber(
      `/media/${oldPrefix}${before.sections[0]?.pages[0]?.imgFile}`,
    );
    expect(oldImage.statusCode).toBe(404);
  });

  it('keeps the previous issue and writes no media when ingest fails on an unreadable PDF', async () => {
    const before = await servedData();
    const foldersBefore = await runFolders();
    const countsBefore = await issueRowCounts();
    // Encrypted with a user password: no page of it can be read.
    const unreadable = path.join(BROKEN_PDFS, 'aes-256-r6.pdf');

    const failure = t.container.publisher.publishEdition({
      brand: 'dh',
      date: DATE,
      editionNumber: 2,
      files: [pageFiles[0] ?? '', unreadable],
    });
    await expect(failure).rejects.toBeInstanceOf(IngestError);
    await expect(failure).rejects.toMatchObject({ file: unreadable, pageNo: 2 });

    expect(await servedData()).toEqual(before);
    expect(await runFolders()).toEqual(foldersBefore);
    expect(await issueRowCounts()).toEqual(countsBefore);
    expect((await asSubscriber(before.sections[0]?.pages[0]?.image ?? '')).statusCode).toBe(200);
  });

  it('refuses an unknown edition, a bad date or a missing file before ingesting anything', async () => {
    const foldersBefore = await runFolders();
    await expect(
      t.container.publisher.publishEdition({
        brand: 'dh',
        date: DATE,
        editionNumber: 4,
        files: pageFiles,
      }),
    ).rejects.toThrow(new BadRequestError(MESSAGES.unknownEdition(4, 'DH')));
    await expect(
      t.container.publisher.publishEdition({
        brand: 'dh',
        date: '2026-02-30',
        editionNumber: 2,
        files: pageFiles,
      }),
    ).rejects.toThrow(new BadRequestError(MESSAGES.badDate('2026-02-30')));
    const missing = path.join(work, 'no-such-page.pdf');
    await expect(
      t.container.publisher.publishEdition({
        brand: 'dh',
        date: DATE,
        editionNumber: 2,
        files: [missing],
      }),
    ).rejects.toMatchObject({ name: 'IngestError', file: missing });
    expect(await runFolders()).toEqual(foldersBefore);
  });

  it('rolls the whole swap back when writing the new rows fails part-way', async () => {
    const before = await servedData();
    const countsBefore = await issueRowCounts();
    const edition = await t.container.editions.requireEdition(BRANDS.dh, 2);
    const page = {
      pageNo: 1,
      section: 'Front Page',
      name: '01 Front Page',
      displayName: 'Front Page',
      imgFile: 'p01.webp',
      zoomFile: 'p01-zoom.webp',
      thumbFile: 'p01-thumb.webp',
      previewFile: 'p01-preview.webp',
      pdfFile: 'p01.pdf',
      width: 100,
      height: 160,
      ads: [],
      // The same article id twice violates the primary key after the old issue is deleted.
      articles: [1, 2].map(() => ({
        id: 'dup',
        title: 't',
        bodyText: 'b',
        htmlFile: 'a.html',
        box: { top: 0, left: 0, width: 1, height: 1 },
      })),
    };
    await expect(
      new IssueRepo(t.db).replaceIssue(
        { brand: 'dh', editionId: edition.id, date: DATE },
        'editions/dh/x/',
        [page],
      ),
    ).rejects.toThrow();
    expect(await servedData()).toEqual(before);
    expect(await issueRowCounts()).toEqual(countsBefore);
  });
});
