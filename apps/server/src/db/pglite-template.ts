// A migrated PGlite database, dumped once to a file a new data folder starts from.
// Creating a PGlite cluster and running every migration costs several seconds of
// CPU on a first start; loading the dump of one already migrated costs about one.
// The file is a build product, like the web app's dist/: `npm start` makes it
// before the server starts (make-template.ts), named by a hash of PGlite's
// version and the migrations' source, so a changed migration or a new PGlite
// makes a new file and an old one is never used. Without the file the server
// migrates from scratch as before.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
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

/** The template file for this PGlite and these migrations (it may not exist yet). */
export async function templateFile(dir = TEMPLATE_DIR): Promise<string> {
  const hash = createHash('sha256').update(await pgliteVersion());
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.ts')).sort();
  for (const name of names) {
    hash.update(`\0${name}\0`);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  return path.join(dir, `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** True when `dataDir` holds no PGlite database yet (a first start). */
export function isFreshPgliteDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The template's bytes, or undefined when it was never made for these migrations. */
export async function readTemplate(dir = TEMPLATE_DIR): Promise<Blob | undefined> {
  const file = await templateFile(dir);
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}

/**
 * Makes the template unless it exists; returns its path and whether it was made.
 * Written to a temporary name and renamed, so a start never reads half a file.
 */
export async function ensureTemplate(dir = TEMPLATE_DIR): Promise<{ file: string; made: boolean }> {
  const file = await templateFile(dir);
  if (existsSync(file)) return { file, made: false };
  await mkdir(dir, { recursive: true });
  // The extensions openDatabase loads must be loaded to migrate (0010 creates pg_trgm).
  const pglite = new PGlite({ extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await db.destroy();
  }
  return { file, made: true };
}
