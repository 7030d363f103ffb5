// Ingest speed against a plain baseline measured in the same run on the same machine:
//  1. a 36-page Deccan Herald demo edition through ingestEdition vs. `pdftoppm -r 150`
//     over the same PDFs, one after another (target: ours/pdftoppm <= 2, <= 60 s);
//  2. the server's first-start seed, 2 brands x 6 dates x 3 editions x 8 pages, with
//     generation included (target: well under 90 s, i.e. < 0.3 s a page).
// Run with `npm run bench:ingest`. Set SEED=0 to skip the (longer) seed figure.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrandCode } from '@folio/core';
import { closeRenderPools, folderSink, generateDemoEdition, ingestEdition } from '@folio/ingest';

const seconds = (from: number) => (performance.now() - from) / 1000;
const fmt = (s: number) => s.toFixed(2);

async function editionBench(root: string): Promise<void> {
  const pdfDir = path.join(root, 'edition');
  let t = performance.now();
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
  const timedIngest = async (keyPrefix: string) => {
    const started = performance.now();
    await ingestEdition({
      brand: 'dh',
      date: '2026-11-21',
      editionNumber: 2,
      files: truth.files,
      sink: folderSink(path.join(root, 'media')),
      keyPrefix,
    });
    return seconds(started);
  };
  const cold = await timedIngest('cold/');
  const warm = await timedIngest('warm/');

  const ppmDir = path.join(root, 'ppm');
  await mkdir(ppmDir);
  t = performance.now();
  for (const [i, file] of truth.files.entries()) {
    const run = spawnSync('pdftoppm', ['-r', '150', file, path.join(ppmDir, `p${i + 1}`)], {
      stdio: 'ignore',
    });
    if (run.status !== 0) throw new Error(`pdftoppm failed on ${file}`);
  }
  const baseline = seconds(t);

  console.log(`36-page edition (11 x 17 in, dh), ${os.availableParallelism()} cores`);
  console.log(`  generate (pdfkit)                     ${fmt(generated)} s`);
  console.log(
    `  ingestEdition, workers starting cold   ${fmt(cold)} s  (${fmt(cold / 36)} s/page)`,
  );
  console.log(
    `  ingestEdition, workers warm            ${fmt(warm)} s  (${fmt(warm / 36)} s/page)`,
  );
  console.log(
    `  pdftoppm -r 150, sequential            ${fmt(baseline)} s  (${fmt(baseline / 36)} s/page)`,
  );
  console.log(
    `  ratio ours/pdftoppm                    ${fmt(cold / baseline)} cold, ${fmt(warm / baseline)} warm`,
  );
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
  if (process.env.SEED !== '0') await seedBench(root);
} finally {
  await closeRenderPools();
  await rm(root, { recursive: true, force: true });
}
