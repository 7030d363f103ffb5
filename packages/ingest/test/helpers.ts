// Shared test helpers: temp folders and the repository's shared fixtures.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const fixturesDir = path.resolve(repoRoot, '../shared/fixtures');

export async function tempDir(
  prefix: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `folio-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
