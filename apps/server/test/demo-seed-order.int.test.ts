// A first start's seed order: the landing issue's front page is published alone
// before anything else, from the head start typeset while the server started,
// then the whole issue replaces it without taking its media away; GET /readyz
// lists the editions still to come until each is in.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { epaperDataSchema } from '@folio/core';
import { DemoSeeder, type DemoSeedProgress } from '../src/modules/editions/demo-seed.ts';
import {
  landingSpec,
  startLandingHeadStart,
} from '../src/modules/editions/demo-seed-head-start.ts';
import { DemoSeedRepo } from '../src/modules/editions/demo-seed-repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { noDatabaseBackend } from './helpers/db.ts';

const NOW = new Date('2026-11-21T06:00:00Z');
const PLAN = { days: 1, pagesPerIssue: 2, holidayDaysAgo: 5 };

describe('the demo seed order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(noDatabaseBackend, { now: () => NOW });
  });
  afterAll(async () => t.close());

  it('publishes the front page of the landing issue alone and first, then the whole issue', async () => {
    const seeder = new DemoSeeder(
      t.container.editions,
      new DemoSeedRepo(t.db),
      t.container.publisher,
      t.config.publisherTz,
      () => NOW,
      t.container.log,
      PLAN,
    );
    const spec = landingSpec('dh', t.config.publisherTz, NOW, PLAN.pagesPerIssue);
    expect(spec).toMatchObject({ date: '2026-11-21', editionNumber: 2 });
    // The render workers' priority, raised for the head start, is lowered once the front page is out.
    const relax = vi.fn();
    const headStart = startLandingHeadStart(spec, relax);
    const headStartFiles = (await headStart.truth).files;

    const publish = t.container.publisher.publishEdition.bind(t.container.publisher);
    const published: Array<{
      name: string;
      files: string[];
      prefix: string;
      progress: DemoSeedProgress;
      relaxed: boolean;
    }> = [];
    vi.spyOn(t.container.publisher, 'publishEdition').mockImplementation(async (input) => {
      const result = await publish(input);
      published.push({
        name: `${input.brand} ${input.date} ${input.editionNumber}`,
        files: input.files,
        prefix: result.mediaPrefix,
        progress: seeder.progress(),
        relaxed: relax.mock.calls.length > 0,
      });
      return result;
    });
    const readyz = async () =>
      (await t.app.inject('/readyz')).json<{ demoSeed: DemoSeedProgress }>();

    const result = await seeder.seedIfEmpty(headStart);
    vi.restoreAllMocks();
    // 2 brands x 3 editions, 2 pages each; the landing front page once more.
    expect(result).toMatchObject({ seeded: true, issues: 6, pages: 12 });
    expect(published).toHaveLength(7);

    // First, alone: the landing issue's front page, from the head start's PDFs.
    const [front, ...rest] = published;
    expect(front?.name).toBe('dh 2026-11-21 2');
    expect(front?.files).toEqual(headStartFiles.slice(0, 1));
    expect(front?.progress).toMatchObject({ state: 'seeding', seeded: 0 });
    expect(rest[0]?.progress.frontPage).toBe(true);
    expect(front?.relaxed).toBe(false);
    expect(rest[0]?.relaxed).toBe(true);
    // Readable from its front page on, the landing issue is no longer "on its way".
    expect(rest[0]?.progress.pending).not.toContainEqual({
      publisher: 'DH',
      date: '2026-11-21',
      edition: 2,
    });
    // Still to come as a whole: every edition, the landing one included.
    expect(front?.progress.pending).toHaveLength(6);
    expect(front?.progress.pending).toContainEqual({
      publisher: 'DH',
      date: '2026-11-21',
      edition: 2,
    });

    // The head start typeset the front page only; the whole landing issue comes
    // later, every page of it.
    expect(headStartFiles).toHaveLength(1);
    const whole = rest.find((p) => p.name === 'dh 2026-11-21 2');
    expect(whole?.files).toHaveLength(PLAN.pagesPerIssue);

    expect(seeder.progress()).toMatchObject({ state: 'done', seeded: 6, total: 6, pending: [] });
    // GET /readyz carries the same fields (here of the app's own seeder, never run).
    expect((await readyz()).demoSeed).toEqual({
      state: 'idle',
      seeded: 0,
      total: 0,
      pending: [],
      frontPage: false,
    });
    const data = epaperDataSchema.parse(
      (await t.app.inject('/api/epaper/data?date=20261121&edition=2&publisher=DH')).json(),
    );
    expect(data.sections.flatMap((s) => s.pages)).toHaveLength(2);
    // The front page published alone may be on a reader's screen: its media stay.
    expect(whole?.prefix).not.toBe(front?.prefix);
    expect(await t.container.storage.get(`${front?.prefix}p01.webp`)).toBeDefined();
    // The head start's folder is gone once the seed has used it.
    expect(existsSync(path.dirname(headStartFiles[0] ?? '/nonexistent/x'))).toBe(false);
  }, 600_000);
});
