// Search latency (issue 9 part 6) against a sequential-scan ILIKE baseline run in
// the same process on the same rows: English and Kannada articles in the demo
// copy's words, published through IssueRepo.replaceIssue (so the search rows are
// written as a publish writes them), then 200 realistic queries, half DH (English
// words, some misspelt) and half PV (Kannada words, other endings, Latin letters),
// each through SearchService as the route calls it, and the same words as
// `title ILIKE '%…%' OR body_text ILIKE '%…%'` over the articles table (which has no
// text index, so every query scans). Prints p50/p95 of both and their ratio.
// Targets: p95 ≤ 150 ms on PGlite at 200,000 articles, ≤ 50 ms on PostgreSQL at
// 1,000,000. Then, on the loaded database, a real edition of each brand is
// published from its PDFs and the share of that ingest spent building its index is
// printed (target < 10%).
//   npm run bench:search
//   SEARCH_BENCH_PGLITE=200000 SEARCH_BENCH_POSTGRES=1000000 (0 skips a backend)
//   SEARCH_BENCH_DATABASE_URL=postgres://…/test (a scratch database is made on it)
//   SEARCH_BENCH_EDITION_PAGES=24 (pages of the edition published at the end)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { BRANDS, addDays, searchQuerySchema, type BrandCode } from '@folio/core';
import { englishCopy } from '../packages/ingest/src/demo/copy-en.ts';
import { kannadaCopy } from '../packages/ingest/src/demo/copy-kn.ts';
import { seededRandom, type Random } from '../packages/ingest/src/demo/seeded-random.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContainer } from '../apps/server/src/container.ts';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { IssueRepo, type IssuePageInput } from '../apps/server/src/modules/editions/issue-repo.ts';
import {
  searchRowsOf,
  storedSearchInput,
  writeSearchRows,
} from '../apps/server/src/modules/search/search-rows.ts';
import { closeRenderPools, generateDemoEdition } from '@folio/ingest';

const ARTICLES_PER_PAGE = 10;
/** Pages of the real edition published at the end, to weigh the index against its ingest. */
const EDITION_PAGES = Number(process.env.SEARCH_BENCH_EDITION_PAGES ?? 24);
const PAGES_PER_ISSUE = 5;
const QUERIES = 200;
const TODAY = '2026-11-21';
const ADMIN_URL =
  process.env.SEARCH_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ms = (value: number) => `${value.toFixed(1)} ms`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function articleText(brand: BrandCode, random: Random): { title: string; body: string } {
  const copy = brand === 'pv' ? kannadaCopy : englishCopy;
  const sentences = Array.from({ length: random.int(3, 6) }, () => copy.sentence(random));
  return { title: copy.headline(random), body: sentences.join(' ') };
}

/** Issues of both brands, newest first, until `total` articles are in. */
async function load(
  db: Kysely<Database>,
  total: number,
): Promise<{ seconds: number; issueMs: number; searchMs: number }> {
  const repo = new IssueRepo(db);
  const editions = await db.selectFrom('editions').select(['id', 'brand']).orderBy('id').execute();
  const perIssue = ARTICLES_PER_PAGE * PAGES_PER_ISSUE;
  const issues = Math.ceil(total / perIssue);
  const random = seededRandom('search-bench');
  const started = performance.now();
  for (let n = 0; n < issues; n += 1) {
    const edition = editions[n % editions.length];
    if (!edition) throw new Error('no editions');
    const brand = edition.brand as BrandCode;
    const date = addDays(TODAY, -Math.floor(n / editions.length));
    const pages: IssuePageInput[] = Array.from({ length: PAGES_PER_ISSUE }, (_, p) => {
      const nn = String(p + 1).padStart(2, '0');
      return {
        pageNo: p + 1,
        section: 'City',
        name: `${nn} CITY`,
        displayName: `Page ${p + 1}`,
        imgFile: `p${nn}.webp`,
        zoomFile: `p${nn}-zoom.webp`,
        thumbFile: `p${nn}-thumb.webp`,
        previewFile: `p${nn}-preview.webp`,
        pdfFile: `p${nn}.pdf`,
        width: 1200,
        height: 1900,
        articles: Array.from({ length: ARTICLES_PER_PAGE }, (_, a) => {
          const { title, body } = articleText(brand, random);
          return {
            id: `${brand}-${n}-${nn}-${a}`,
            title,
            bodyText: body,
            htmlFile: `p${nn}-a${a}.html`,
            box: { top: a * 9, left: 0, width: 50, height: 9 },
          };
        }),
        ads: [],
      };
    });
    await repo.replaceIssue({ brand, editionId: edition.id, date }, `bench/${n}/`, pages);
    if (n % 200 === 199)
      process.stdout.write(`\r  ${((n + 1) * perIssue).toLocaleString('en')} articles`);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write('\n');
  // What the search rows cost a publish: writing one issue's rows again, against
  // the whole replaceIssue (pages, articles and search rows) during the load.
  const sample = await db
    .selectFrom('issues')
    .select('id')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  let searchWrite = 0;
  for (const { id } of sample) {
    const rows = await db
      .selectFrom('search_articles')
      .selectAll()
      .where('issue_id', '=', id)
      .execute();
    await db.deleteFrom('search_articles').where('issue_id', '=', id).execute();
    const t = performance.now();
    await writeSearchRows(
      db,
      rows[0]?.brand ?? 'dh',
      id,
      rows.map(({ tsv: _tsv, ...row }) => row),
    );
    searchWrite += performance.now() - t;
  }
  return { seconds, issueMs: (seconds * 1000) / issues, searchMs: searchWrite / sample.length };
}

/** Half English, half Kannada: words a reader types, some misspelt, some in Latin letters. */
function queries(): Array<{ brand: BrandCode; text: string }> {
  const random = seededRandom('search-bench-queries');
  const english = [
    ...englishCopy.places,
    'metro',
    'flyover',
    'rain',
    'wickets',
    'protest',
    'budget',
    'hospital',
    'Bengaluru metro',
    'Mysuru palace',
    'Bengalru',
    'hospitl',
    'roads waterlogged',
  ];
  const kannada = [
    ...kannadaCopy.places,
    'ಬೆಂಗಳೂರಿನಲ್ಲಿ',
    'ಮೈಸೂರಿನಲ್ಲಿ',
    'ಮೆಟ್ರೋ',
    'ಮೆಟ್ರೊ',
    'ಕೆರೆ ಪುನಶ್ಚೇತನ',
    'ಕುಡಿಯುವ ನೀರು',
    'ಸರ್ಕಾರದಿಂದ',
    'ಅನುದಾನ',
    'bengaluru',
    'mysuru',
    'metro',
    'kere',
    'sarkara',
    'hubballi',
    'kudiyuva neeru',
  ];
  return Array.from({ length: QUERIES }, (_, i) =>
    i % 2 === 0
      ? { brand: 'dh' as const, text: random.pick(english) }
      : { brand: 'pv' as const, text: random.pick(kannada) },
  );
}

/**
 * Issue 9's second target: building the index stays under 10% of an edition's
 * ingest. A real demo edition of each brand is published through the publish
 * service (PDFs to page images, boxes and text, then the one transaction) on the
 * loaded database; then that issue's index is built again alone, as the
 * transaction builds it (the search keys of every article, then the rows into
 * search_articles and its indexes), and weighed against the whole publish.
 */
async function ingestShare(
  name: string,
  db: Kysely<Database>,
  container: ReturnType<typeof createContainer>,
  dataDir: string,
): Promise<void> {
  for (const brand of ['dh', 'pv'] as const) {
    const edition = await db
      .selectFrom('editions')
      .select(['id', 'edition_number', 'edition_name'])
      .where('brand', '=', brand)
      .orderBy('edition_number')
      .executeTakeFirstOrThrow();
    const date = addDays(TODAY, 1);
    const truth = await generateDemoEdition({
      brand,
      date,
      editionNumber: edition.edition_number,
      editionName: edition.edition_name,
      pageCount: EDITION_PAGES,
      outDir: path.join(dataDir, `edition-${brand}`),
    });
    const started = performance.now();
    const published = await container.publisher.publishEdition({
      brand,
      date,
      editionNumber: edition.edition_number,
      files: truth.files,
    });
    const publishMs = performance.now() - started;

    const { issue, articles } = await storedSearchInput(db, published.issueId);
    await db.deleteFrom('search_articles').where('issue_id', '=', published.issueId).execute();
    const t = performance.now();
    const rows = searchRowsOf(issue, articles);
    await db.transaction().execute((trx) => writeSearchRows(trx, brand, issue.issueId, rows));
    const indexMs = performance.now() - t;
    console.log(
      `${name}: a ${published.pages}-page ${brand} edition (${published.articles} articles) ` +
        `publishes in ${ms(publishMs)}; its index builds in ${ms(indexMs)} ` +
        `= ${((indexMs / publishMs) * 100).toFixed(2)}% of the ingest (target < 10%)`,
    );
  }
}

async function measure(
  name: string,
  db: Kysely<Database>,
  dataDir: string,
  total: number,
): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const container = createContainer(config, db, { now: () => new Date(`${TODAY}T06:00:00Z`) });
  await container.editions.ensureCatalogue();
  console.log(`${name}: loading ${total.toLocaleString('en')} articles`);
  const loaded = await load(db, total);
  await sql`analyze`.execute(db);
  console.log(
    `${name}: loaded in ${loaded.seconds.toFixed(0)} s; an issue of ${ARTICLES_PER_PAGE * PAGES_PER_ISSUE} articles ` +
      `takes ${ms(loaded.issueMs)} to write, ${ms(loaded.searchMs)} of it its search rows`,
  );

  const list = queries();
  const ours: number[] = [];
  const baseline: number[] = [];
  let hits = 0;
  /** Each query's slowest run. */
  const slowest = new Map<string, number>();
  // One round first, unmeasured, so both sides start with warm caches.
  for (const [index, q] of list.entries()) {
    const query = searchQuerySchema.parse({
      query: q.text,
      publisher_short_code: BRANDS[q.brand].publisher,
    });
    const like = `%${q.text.replace(/[\\%_]/g, '\\$&')}%`;
    const baselineQuery = sql<{ id: string }>`
      select a.id from articles a join issues i on i.id = a.issue_id
      where i.brand = ${q.brand} and (a.title ilike ${like} or a.body_text ilike ${like})
      order by i.issue_date desc limit 10`;
    if (index < 5) {
      await container.search.search(query, { kind: 'visitor' });
      await baselineQuery.execute(db);
    }
    let t = performance.now();
    hits += (await container.search.search(query, { kind: 'visitor' })).hits.length;
    const elapsed = performance.now() - t;
    ours.push(elapsed);
    const label = `${q.brand} ${q.text}`;
    slowest.set(label, Math.max(elapsed, slowest.get(label) ?? 0));
    t = performance.now();
    await baselineQuery.execute(db);
    baseline.push(performance.now() - t);
  }
  ours.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  const p = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
  const o = p(ours);
  const b = p(baseline);
  console.log(
    `${name}, ${total.toLocaleString('en')} articles, ${QUERIES} queries (${(hits / QUERIES).toFixed(1)} hits each):\n` +
      `  search  p50 ${ms(o.p50)}  p95 ${ms(o.p95)}\n` +
      `  ILIKE   p50 ${ms(b.p50)}  p95 ${ms(b.p95)}\n` +
      `  ratio (search / ILIKE) p50 ${(o.p50 / b.p50).toFixed(3)}  p95 ${(o.p95 / b.p95).toFixed(3)}\n` +
      `  slowest: ${[...slowest]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 5)
        .map(([text, time]) => `${text} (${ms(time)})`)
        .join(', ')}`,
  );
  await ingestShare(name, db, container, dataDir);
}

async function onPglite(total: number): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-search-bench-'));
  const target: DatabaseTarget = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  const db = await openDatabase(target);
  try {
    await migrateToLatest(db);
    await measure('PGlite', db, dataDir, total);
  } finally {
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(total: number): Promise<void> {
  const name = `folio_search_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL: no server at ${ADMIN_URL}; skipped`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-search-bench-'));
  try {
    await migrateToLatest(db);
    await measure('PostgreSQL', db, dataDir, total);
  } finally {
    await db.destroy();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const pgliteArticles = Number(process.env.SEARCH_BENCH_PGLITE ?? 200_000);
const postgresArticles = Number(process.env.SEARCH_BENCH_POSTGRES ?? 1_000_000);
if (pgliteArticles > 0) await onPglite(pgliteArticles);
if (postgresArticles > 0) await onPostgres(postgresArticles);
await closeRenderPools();
