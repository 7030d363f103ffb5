// Inputs from outside Folio, shared beside the repository (see ../shared/fixtures/README.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

export const FIXTURES = path.resolve(repoRoot, '../shared/fixtures');
export const BROKEN_PDFS = path.join(FIXTURES, 'broken-pdfs');
