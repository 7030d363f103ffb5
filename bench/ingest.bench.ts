// Ingest speed against a plain baseline measured in the same run on the same machine:
//  1. a 36-page Deccan Herald demo edition through ingestEdition until every page is
//     readable (first images, hotspots, article HTML: what a publish swaps in), then
//     until its zoom images and AVIF previews are made too, vs. `pdftoppm -r 150`
//     over the same PDFs, one after another, run before and after ours (target:
//     readable / pdftoppm <= 2, issue 26 part 12);
//  2. the same edition sent page by page through the night desk (Intake, then
//     Assembly, on a PGlite database): seconds from the last page received to the
//     edition ready (target <= 60 s), with each page sent once the one before was
//     read, and with all 36 sent at once;
//  3. the server's first-start seed, 2 brands x 6 dates x 3 editions x 8 pages, with
//     generation included (target: well under 90 s, i.e. < 0.3 s a page).
// Run with `npm run bench:ingest` (installs poppler-utils when missing). SEED=0 skips
// the (longer) seed figure, DESK=0 the desk's; WORKERS=n sets the render workers.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, isoToCompact, type BrandCode } from '@folio/core';
import {
  closeRenderPools,
  finishPages,
  folderSink,
  generateDemoEdition,
  ingestEdition,
} from '@folio/ingest';

const seconds = (from: number) => (performance.now() - from) / 1000;
const fmt = (s: number) => s.toFixed(2);

async function editionBench(root: string): Promise<void> {
  const pdfDir = path.join(root, 'edition');
  const t = performance.now();
  const truth = await generateDemoEdition({
    brand: 'dh',
    date: '2026-11-21',
    editionNumber: 2,
    editionName: 'Bengaluru City',
    pageCount: 36,
    outDir: pdfDir,
  });
  const generated = seconds(t);

  // The first run also starts the render workers; the second shows steady state.
  // Readable: every page's first images, hotspots and article HTML written (what a
  // publish swaps in); then the zoom images and AVIF previews that follow.
  const concurrency = process.env.WORKERS ? Number(process.env.WORKERS) : undefined;
  const timedIngest = async (keyPrefix: string) => {
    const started = performance.now();
    const sink = folderSink(path.join(root, 'media'));
    const edition = await ingestEdition({
      brand: 'dh',
      date: '2026-11-21',
      editionNumber: 2,
      files: truth.files,
      sink,
      keyPrefix,
      imagesLater: true,
      concurrency,
    });
    const readable = seconds(started);
    await finishPages(edition.later, { sink, keyPrefix, concurrency });
    return { readable, finished: seconds(started) };
  };

  // Load from elsewhere on the machine changes while we run: the baseline is taken
  // on both sides of ours and averaged.
  const before = await pdftoppm(truth.files, path.join(root, 'ppm-before'));
  const coldRun = await timedIngest('cold/');
  const warmRun = await timedIngest('warm/');
  const cold = coldRun.readable;
  const warm = warmRun.readable;
  const after = await pdftoppm(truth.files, path.join(root, 'ppm-after'));
  const baseline = (before + after) / 2;

  console.log(`36-page edition (11 x 17 in, dh), ${os.availableParallelism()} cores`);
  console.log(`  generate (pdfkit)                     ${fmt(generated)} s`);
  console.log(
    `  readable, workers starting cold        ${fmt(cold)} s  (${fmt(cold / 36)} s/page)`,
  );
  console.log(
    `  readable, workers warm                 ${fmt(warm)} s  (${fmt(warm / 36)} s/page)`,
  );
  console.log(
    `  + zoom images and AVIF previews        ${fmt(coldRun.finished)} s cold, ${fmt(warmRun.finished)} s warm (all done)`,
  );
  console.log(
    `  pdftoppm -r 150, sequential            ${fmt(baseline)} s  (${fmt(baseline / 36)} s/page; ${fmt(before)} s before ours, ${fmt(after)} s after)`,
  );
  console.log(
    `  ratio ours/pdftoppm                    ${fmt(cold / baseline)} cold, ${fmt(warm / baseline)} warm`,
  );
}

async function pdftoppm(files: readonly string[], dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const t = performance.now();
  for (const [i, file] of files.entries()) {
    const run = spawnSync('pdftoppm', ['-r', '150', file, path.join(dir, `p${i + 1}`)], {
      stdio: 'ignore',
    });
    if (run.status !== 0) throw new Error(`pdftoppm failed on ${file}`);
  }
  return seconds(t);
}

/**
 * The night desk's path: each page file through Intake.receive (as an upload or the
 * drop folder hands it over), the edition assembled by Assembly once all 36 are in.
 */
async function deskBench(root: string): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createContainer } = await import('../apps/server/src/container.ts');
  const { openDatabase } = await import('../apps/server/src/db/database.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { Assembly, IncomingRepo, Intake } =
    await import('../apps/server/src/modules/desk/index.ts');
  const dataDir = path.join(root, 'desk');
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrateToLatest(db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    const container = createContainer(config, db, { now: () => new Date() });
    await container.editions.ensureCatalogue();
    await db
      .updateTable('editions')
      .set({ page_count: 36 })
      .where('brand', '=', 'dh')
      .where('edition_number', '=', 2)
      .execute();
    const today = container.editions.latestDate();
    const run = async (date: string, spaced: boolean) => {
      const truth = await generateDemoEdition({
        brand: 'dh',
        date,
        editionNumber: 2,
        editionName: 'Bengaluru City',
        pageCount: 36,
        outDir: path.join(root, `desk-${date}`),
      });
      const files = await Promise.all(truth.files.map((f) => readFile(f)));
      const incoming = new IncomingRepo(db);
      let ready: { at: number; state: string } | undefined;
      const assembly = new Assembly(
        incoming,
        container.editions,
        container.publisher,
        () => new Date(),
        container.log,
        (_key, state) => {
          ready ??= { at: performance.now(), state };
        },
      );
      const intake = new Intake(incoming, container.editions, {
        incomingDir: config.incomingDir,
        siteBrand: config.brand,
        rule: config.pageFileRule,
        now: () => new Date(),
        received: (key) => void assembly.schedule(key),
      });
      const send = async (i: number) => {
        const answer = await intake.receive({
          fileName: `DH_${isoToCompact(date)}_2_P${String(i + 1).padStart(2, '0')}.pdf`,
          bytes: files[i] as Buffer,
          source: 'upload',
          sender: 'bench',
        });
        if (!answer.ok) throw new Error(answer.reason);
      };
      if (spaced) {
        // Each page read before the next comes, as over a night's hours.
        for (let i = 0; i < 35; i += 1) {
          await send(i);
          await assembly.idle();
        }
      } else {
        await Promise.all(files.slice(0, 35).map((_, i) => send(i)));
      }
      const last = performance.now();
      await send(35);
      await assembly.idle();
      const settled = ready as { at: number; state: string } | undefined;
      if (!settled || settled.state === 'failed') throw new Error(`edition ${date} not ready`);
      return { ready: (settled.at - last) / 1000, followed: seconds(last) };
    };
    const spaced = await run(addDays(today, 1), true);
    const atOnce = await run(addDays(today, 2), false);
    console.log('night desk, 36 pages through Intake and Assembly (PGlite)');
    console.log(
      `  pages sent as each was read: last page received -> ready  ${fmt(spaced.ready)} s (limit 60 s); zoom, AVIF, search done at ${fmt(spaced.followed)} s`,
    );
    console.log(
      `  all 36 sent at once:         last page received -> ready  ${fmt(atOnce.ready)} s (limit 60 s); zoom, AVIF, search done at ${fmt(atOnce.followed)} s`,
    );
  } finally {
    await db.destroy();
  }
}

async function seedBench(root: string): Promise<void> {
  const brands: BrandCode[] = ['dh', 'pv'];
  const dates = [
    '2026-11-16',
    '2026-11-17',
    '2026-11-18',
    '2026-11-19',
    '2026-11-20',
    '2026-11-21',
  ];
  const editions = [1, 2, 3];
  const jobs = brands.flatMap((brand) =>
    dates.flatMap((date) => editions.map((edition) => ({ brand, date, edition }))),
  );
  const generate = (job: (typeof jobs)[number]) =>
    generateDemoEdition({
      brand: job.brand,
      date: job.date,
      editionNumber: job.edition,
      editionName: `Edition ${job.edition}`,
      pageCount: 8,
      outDir: path.join(root, 'seed', job.brand, job.date, String(job.edition)),
    });
  const t = performance.now();
  let generating = 0;
  let ingesting = 0;
  // The next edition is generated on the main thread while the workers render this one.
  let next = generate(jobs[0] as (typeof jobs)[number]);
  for (const [i, job] of jobs.entries()) {
    const g = performance.now();
    const truth = await next;
    generating += seconds(g);
    const following = jobs[i + 1];
    const ingest = ingestEdition({
      brand: job.brand,
      date: job.date,
      editionNumber: job.edition,
      files: truth.files,
      sink: folderSink(path.join(root, 'seed-media')),
      keyPrefix: `${job.brand}/${job.date}/${job.edition}/`,
    });
    if (following) next = generate(following);
    const s = performance.now();
    await ingest;
    ingesting += seconds(s);
  }
  const total = seconds(t);
  const pages = jobs.length * 8;
  console.log(
    `seed budget: ${jobs.length} editions, ${pages} pages, generation + ingest (limit 90 s)`,
  );
  console.log(
    `  total                                  ${fmt(total)} s  (${fmt(total / pages)} s/page)`,
  );
  console.log(
    `  waiting on generation / on ingest      ${fmt(generating)} s / ${fmt(ingesting)} s`,
  );
}

const root = await mkdtemp(path.join(os.tmpdir(), 'folio-bench-'));
try {
  await editionBench(root);
  if (process.env.DESK !== '0') await deskBench(root);
  if (process.env.SEED !== '0') await seedBench(root);
} finally {
  await closeRenderPools();
  await rm(root, { recursive: true, force: true });
}
