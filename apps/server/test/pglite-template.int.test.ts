// The migrated PGlite template a first start loads instead of creating and
// migrating its database: made once, named by the migrations, and a new data
// folder opened from it has every migration applied already.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import {
  ensureTemplate,
  isFreshPgliteDir,
  startFromTemplate,
  templateFolder,
} from '../src/db/pglite-template.ts';

describe('the migrated PGlite template', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-template-test-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is made once, and a fresh data folder opened from it needs no migration', async () => {
    const dataDir = path.join(dir, 'data', 'pglite');
    // Before the template is made, a fresh data folder is left as it was.
    expect(await startFromTemplate(dataDir, dir)).toBe(false);
    expect(isFreshPgliteDir(dataDir)).toBe(true);

    const made = await ensureTemplate(dir);
    expect(made.made).toBe(true);
    expect(made.folder).toBe(await templateFolder(dir));
    expect(path.basename(made.folder)).toMatch(/^pglite-migrated-[0-9a-f]{16}$/);
    expect(await ensureTemplate(dir)).toEqual({ folder: made.folder, made: false });
    // Nothing half-made is left beside it.
    expect(await readdir(dir)).toEqual([path.basename(made.folder)]);

    expect(await startFromTemplate(dataDir, dir)).toBe(true);
    expect(isFreshPgliteDir(dataDir)).toBe(false);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await migrateToLatest(db)).toEqual([]);
      const editions = await db.selectFrom('editions').select('id').execute();
      expect(editions).toEqual([]);
      await sql`create table only_in_the_copy (id int)`.execute(db);
    } finally {
      await db.destroy();
    }
    // The copy is the data folder's own: what it wrote is not in the template.
    const template = await openDatabase({ kind: 'pglite', dataDir: made.folder });
    try {
      const tables = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables
        where table_name = 'only_in_the_copy'`.execute(template);
      expect(tables.rows).toEqual([{ n: 0 }]);
    } finally {
      await template.destroy();
    }
  }, 300_000);
});
