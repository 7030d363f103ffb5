// A migrated PGlite database, kept once as a folder a new data folder is copied
// from. Creating a PGlite cluster and running every migration costs several
// seconds of CPU on a first start; loading a dump of one (PGlite's loadDataDir)
// still costs about 1.7 s here, and copying the folder with the system's `cp`
// costs 0.05 s, after which PGlite opens it as any database of its own (0.4 s).
// The folder is a build product, like the web app's dist/: `npm start` makes it
// before the server starts (make-template.ts), named by a hash of PGlite's
// version and the migrations' source, so a changed migration or a new PGlite
// makes a new folder and an old one is never used. Without it the server
// migrates from scratch as before.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect } from 'kysely';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Where templates are kept: the repository's tool cache, ignored by git with node_modules. */
export const TEMPLATE_DIR = path.resolve(
  import.meta.dirname,
  '../../../../node_modules/.cache/folio-server',
);

async function pgliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const parsed = JSON.parse(await readFile(manifest, 'utf8')) as { version?: string };
  return parsed.version ?? 'unknown';
}

/** The template folder for this PGlite and these migrations (it may not exist yet). */
export async function templateFolder(dir = TEMPLATE_DIR): Promise<string> {
  const hash = createHash('sha256').update(await pgliteVersion());
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.ts')).sort();
  for (const name of names) {
    hash.update(`\0${name}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  return path.join(dir, `pglite-migrated-${hash.digest('hex').slice(0, 16)}`);
}

/** True when `dataDir` holds no PGlite database yet (a first start). */
export function isFreshPgliteDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** Copies a folder's contents into `to` (made if missing): the system's `cp`, else Node's. */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const copied = await new Promise<boolean>((resolve) => {
    execFile('cp', ['-R', `${from}${path.sep}.`, to], (error) => resolve(error === null));
  });
  // Node's copy is about twenty times slower, but there is no `cp` everywhere.
  if (!copied) await cp(from, to, { recursive: true });
}

/**
 * Fills a fresh PGlite data folder from the template; false (and the folder left
 * as it was) when the template was never made for these migrations.
 */
export async function startFromTemplate(dataDir: string, dir = TEMPLATE_DIR): Promise<boolean> {
  const template = await templateFolder(dir);
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  await copyFolder(template, dataDir);
  return true;
}

/**
 * Makes the template unless it exists; returns its path and whether it was made.
 * Made under a temporary name and renamed, so a start never copies half a folder.
 */
export async function ensureTemplate(
  dir = TEMPLATE_DIR,
): Promise<{ folder: string; made: boolean }> {
  const folder = await templateFolder(dir);
  if (existsSync(path.join(folder, 'PG_VERSION'))) return { folder, made: false };
  const partial = `${folder}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  // The extensions openDatabase loads must be loaded to migrate (0010 creates pg_trgm).
  const pglite = new PGlite({ dataDir: partial, extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
  } finally {
    // Closing shuts the cluster down cleanly: the folder is then a database at rest.
    await db.destroy();
  }
  try {
    await rename(partial, folder);
  } catch (error) {
    // Another process made it meanwhile (a folder is not renamed over a full one).
    await rm(partial, { recursive: true, force: true });
    if (existsSync(path.join(folder, 'PG_VERSION'))) return { folder, made: false };
    throw error;
  }
  return { folder, made: true };
}
