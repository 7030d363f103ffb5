// The ingest command as an operator runs it: a real child process reading the
// environment, with its arguments, exit codes and messages, and what it leaves in
// the database.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoEdition } from '@folio/ingest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import { createTestDatabase, testBackends, type TestBackend } from './helpers/db.ts';
import { BROKEN_PDFS } from './helpers/fixtures.ts';

const CLI = fileURLToPath(new URL('../src/cli/ingest.ts', import.meta.url));
const USAGE_LINE = 'usage: npm run ingest -- --brand dh|pv --date YYYY-MM-DD';

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', SEED_DEMO: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'folio-ingest-cli-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

// Each case is its own process; they run side by side.
describe.concurrent('the ingest command refuses bad arguments before touching anything', () => {
  it.each([
    [[], '--brand must be dh or pv'],
    [['--brand', 'dh', '--edition', '2', 'a.pdf'], '--date is required'],
    [
      ['--brand', 'dh', '--date', '2026-11-20', '--edition', '0', 'a.pdf'],
      '--edition must be a positive whole number',
    ],
    [['--brand', 'dh', '--date', '2026-11-20', '--edition', '2'], 'give at least one PDF file'],
    [['--brand', 'dh', '--date', '2026-11-20', '--pages', '3'], "Unknown option '--pages'"],
  ])('%j: exit 1, says why and shows the usage', async (args, reason) => {
    const dataDir = path.join(work, 'untouched');
    const run = await runCli(args, { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Ingest failed: ${reason}`);
    expect(run.stderr).toContain(USAGE_LINE);
    expect(run.stdout).toBe('');
  });
});

/** A database the child process can open, and a way for the test to read it afterwards. */
async function cliDatabase(
  backend: TestBackend,
  dataDir: string,
): Promise<{
  env: Record<string, string>;
  read: <T>(query: (db: Kysely<Database>) => Promise<T>) => Promise<T>;
  drop: () => Promise<void>;
}> {
  if (backend.name === 'postgres') {
    const database = await createTestDatabase(backend);
    if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: database.target.url },
      read: (query) => query(database.db),
      drop: () => database.drop(),
    };
  }
  // PGlite is one process's database: the test opens it only while no child runs.
  return {
    env: { DATA_DIR: dataDir },
    read: async (query) => {
      const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      try {
        return await query(db);
      } finally {
        await db.destroy();
      }
    },
    drop: async () => undefined,
  };
}

// Every run starts Node, migrates and may ingest: slow on a busy machine.
describe.each(testBackends)('the ingest command on $name', { timeout: 300_000 }, (backend) => {
  const DATE = '2026-11-20';
  let database: Awaited<ReturnType<typeof cliDatabase>>;
  let pages: string[];

  const issuePages = () =>
    database.read((db) =>
      db
        .selectFrom('pages')
        .innerJoin('issues', 'issues.id', 'pages.issue_id')
        .where('issues.brand', '=', 'dh')
        .where('issues.issue_date', '=', DATE)
        .select(['pages.page_no', 'pages.name', 'pages.display_name'])
        .orderBy('pages.page_no')
        .execute(),
    );

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(work, `${backend.name}-`));
    database = await cliDatabase(backend, path.join(dir, 'data'));
    const truth = await generateDemoEdition({
      brand: 'dh',
      date: DATE,
      editionNumber: 2,
      editionName: 'Bengaluru City',
      pageCount: 2,
      outDir: path.join(dir, 'pages'),
    });
    pages = truth.files;
  });
  afterAll(() => database.drop());

  it('rejects a manifest with a bad field: exit 1 naming the field, nothing published', async () => {
    const manifest = path.join(work, `${backend.name}-bad-manifest.json`);
    await writeFile(
      manifest,
      JSON.stringify({ pages: [{ pageNo: 1, name: 'Cover' }, { pageNo: 0 }] }),
    );
    const run = await runCli(
      ['--brand', 'dh', '--date', DATE, '--edition', '2', '--manifest', manifest, ...pages],
      database.env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`Ingest failed: Invalid manifest ${manifest}: pages\\.1\\.pageNo .+`),
    );
    const unreadable = path.join(work, `${backend.name}-not-json.json`);
    await writeFile(unreadable, '{ pages: ');
    const second = await runCli(
      ['--brand', 'dh', '--date', DATE, '--edition', '2', '--manifest', unreadable, ...pages],
      database.env,
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Ingest failed: Cannot read manifest ${unreadable}:`);
    expect(await issuePages()).toEqual([]);
  });

  it('fails on a PDF it cannot read: exit 1 naming the file and page, nothing published', async () => {
    const broken = path.join(BROKEN_PDFS, 'rc4-40.pdf');
    const run = await runCli(
      ['--brand', 'dh', '--date', DATE, '--edition', '2', pages[0] as string, broken],
      database.env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Ingest failed: Cannot ingest rc4-40.pdf (page 2): the PDF is encrypted and no password was given (file ${broken}, page 2)`,
    );
    expect(await issuePages()).toEqual([]);
  });

  it('publishes the pages with the names the manifest gives: exit 0 and a summary', async () => {
    const manifest = path.join(work, `${backend.name}-manifest.json`);
    await writeFile(
      manifest,
      JSON.stringify({ pages: [{ pageNo: 1, name: '01 Cover', displayName: 'Cover' }] }),
    );
    const run = await runCli(
      ['--brand', 'dh', '--date', DATE, '--edition', '2', '--manifest', manifest, ...pages],
      database.env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /Published dh edition 2 for 2026-11-20: 2 pages, [1-9]\d* articles, \d+ ads\./u,
    );
    expect(await issuePages()).toEqual([
      { page_no: 1, name: '01 Cover', display_name: 'Cover' },
      { page_no: 2, name: '02 City', display_name: 'Page 2' },
    ]);
  });

  it('--holiday marks the date with its message; a bad date fails with exit 1', async () => {
    const bad = await runCli(
      ['--brand', 'pv', '--date', '18-11-2026', '--holiday', 'Deepavali'],
      database.env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'Ingest failed: Invalid date "18-11-2026": expected YYYYMMDD or YYYY-MM-DD',
    );

    const message = 'No edition today on account of Deepavali.';
    const run = await runCli(
      ['--brand', 'pv', '--date', '2026-11-18', '--holiday', message],
      database.env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Marked 2026-11-18 as a holiday for pv.');
    const holidays = await database.read((db) =>
      db
        .selectFrom('holidays')
        .select(['brand', 'holiday_date', 'message'])
        .where('brand', '=', 'pv')
        .execute(),
    );
    expect(holidays).toEqual([{ brand: 'pv', holiday_date: '2026-11-18', message }]);
  });
});
