// The migrated PGlite template a first start loads instead of creating and
// migrating its database: made once, named by the migrations, and a new data
// folder opened from it has every migration applied already.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import {
  ensureTemplate,
  isFreshPgliteDir,
  readTemplate,
  templateFile,
} from '../src/db/pglite-template.ts';

describe('the migrated PGlite template', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-template-test-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is made once, and a fresh data folder opened from it needs no migration', async () => {
    expect(await readTemplate(dir)).toBeUndefined();
    const made = await ensureTemplate(dir);
    expect(made.made).toBe(true);
    expect(made.file).toBe(await templateFile(dir));
    expect(path.basename(made.file)).toMatch(/^pglite-migrated-[0-9a-f]{16}\.tar$/);
    expect(await ensureTemplate(dir)).toEqual({ file: made.file, made: false });

    const dataDir = path.join(dir, 'data', 'pglite');
    expect(isFreshPgliteDir(dataDir)).toBe(true);
    const db = await openDatabase({ kind: 'pglite', dataDir }, await readTemplate(dir));
    try {
      expect(await migrateToLatest(db)).toEqual([]);
      const editions = await db.selectFrom('editions').select('id').execute();
      expect(editions).toEqual([]);
    } finally {
      await db.destroy();
    }
    // On disk now: the next start resumes it instead of loading the template.
    expect(isFreshPgliteDir(dataDir)).toBe(false);
  }, 300_000);
});
