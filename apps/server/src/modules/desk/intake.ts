// Receiving page files (issue 26 parts 4 and 5): from the browser or the drop
// folder, each file's name is read by the naming rule and checked against the
// paper (brand, edition, date window, page count) and the file itself (a PDF, not
// empty, not encrypted, not too large) before anything is processed. A page is
// kept once per version; a re-sent page must carry a higher version. Accepted
// pages go to the edition's assembly (assembly.ts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, BRANDS, isBrandCode, type BrandCode } from '@folio/core';
import { DEFAULT_PAGE_FILE_RULE, pageFileRule } from '@folio/core/page-file-names';
import type { EditionService } from '../editions/index.ts';
import type { EditionKey, IncomingRepo } from './incoming-repo.ts';

/** The largest page file taken: a print page at 300 dpi with photos is a few MB. */
export const MAX_PAGE_FILE_BYTES = 100 * 1024 * 1024;
/** Days before the publisher's today a page may still be for (a late correction). */
const DAYS_BACK = 2;
/** Days ahead a page may be for (pages sent for the week's supplements). */
const DAYS_AHEAD = 7;

export type IntakeAnswer =
  { ok: true; key: EditionKey; pageNo: number; version: number } | { ok: false; reason: string };

/** A file name read and checked against the paper, or why it is refused. */
export type NameAnswer =
  | { ok: true; key: EditionKey; pageNo: number; version: number; section: string | null }
  | { ok: false; reason: string };

export interface IntakeFile {
  fileName: string;
  bytes: Uint8Array;
  source: 'upload' | 'drop';
  /** Who sent it: a staff member's e-mail, or "drop folder". */
  sender: string;
}

/** The reason a file above MAX_PAGE_FILE_BYTES is refused, before or after it is sent. */
export const TOO_LARGE = 'The file is larger than 100 MB.';

/** Why a file is not a PDF the desk can take, or undefined. */
export function pdfProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return 'The file is empty.';
  if (bytes.length > MAX_PAGE_FILE_BYTES) return TOO_LARGE;
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return 'This is not a PDF.';
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 64 * 1024))).toString(
    'latin1',
  );
  if (/\/Encrypt\b/.test(tail) || /\/Encrypt\b/.test(head))
    return 'The PDF is protected by a password; send it without one.';
  return undefined;
}

export class Intake {
  private readonly read: ReturnType<typeof pageFileRule>;

  constructor(
    private readonly incoming: IncomingRepo,
    private readonly editions: EditionService,
    private readonly options: {
      incomingDir: string;
      siteBrand: BrandCode;
      rule: string | undefined;
      now: () => Date;
      /** Told of each accepted page, to assemble its edition. */
      received: (key: EditionKey) => void;
    },
  ) {
    this.read = pageFileRule(options.rule ?? DEFAULT_PAGE_FILE_RULE);
  }

  /**
   * What a file's name says, checked against the paper (brand, edition, date
   * window, page count, a version above the one already in): everything that can
   * be refused before a byte of the file is read. The browser's resumable upload
   * asks this when it starts; `receive` asks it again when the file is complete.
   */
  async checkName(fileName: string): Promise<NameAnswer> {
    const named = this.read(fileName);
    if (!named.ok) return { ok: false, reason: named.reason };
    const { name } = named;
    const publisher = (name.publisher ?? this.options.siteBrand).toLowerCase();
    if (!isBrandCode(publisher))
      return { ok: false, reason: `No paper has the code ${name.publisher ?? ''}.` };
    const brand = publisher;
    const latest = this.editions.latestDate();
    if (name.date < addDays(latest, -DAYS_BACK) || name.date > addDays(latest, DAYS_AHEAD))
      return {
        ok: false,
        reason: `The date ${name.date} is not within ${DAYS_BACK} days before or ${DAYS_AHEAD} days after today (${latest}).`,
      };
    const editionNumber = Number(name.edition);
    const edition = Number.isInteger(editionNumber)
      ? await this.editions.findEditionFacts(brand, editionNumber)
      : undefined;
    if (!edition || edition.retired)
      return { ok: false, reason: `${BRANDS[brand].name} has no edition ${name.edition}.` };
    if (edition.pageCount !== null && name.page > edition.pageCount)
      return {
        ok: false,
        reason: `Page ${name.page} is beyond ${edition.name}'s ${edition.pageCount} pages.`,
      };
    const key: EditionKey = { brand, date: name.date, editionNumber };
    const newest = (await this.incoming.latestPages(key)).find((p) => p.pageNo === name.page);
    if (newest && newest.version >= name.version)
      return {
        ok: false,
        reason: `Version ${newest.version} of page ${name.page} is already in; send a higher version (_v${newest.version + 1}).`,
      };
    return {
      ok: true,
      key,
      pageNo: name.page,
      version: name.version,
      section: name.section ?? null,
    };
  }

  /** A whole file, from either door: its name and paper (`checkName`), then the file itself. */
  async receive(file: IntakeFile): Promise<IntakeAnswer> {
    const named = await this.checkName(file.fileName);
    if (!named.ok) return named;
    const problem = pdfProblem(file.bytes);
    if (problem) return { ok: false, reason: problem };

    const { key, pageNo, version } = named;
    const { brand, editionNumber } = key;
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const folder = path.join(this.options.incomingDir, brand, key.date, String(editionNumber));
    await mkdir(folder, { recursive: true });
    const storedPath = path.join(
      folder,
      `p${String(pageNo).padStart(3, '0')}-v${version}-${sha256.slice(0, 12)}.pdf`,
    );
    const partial = `${storedPath}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(partial, file.bytes);
    await rename(partial, storedPath);
    const inserted = await this.incoming.insertPage(key, {
      pageNo,
      version,
      section: named.section,
      fileName: file.fileName,
      storedPath,
      sha256,
      bytes: file.bytes.length,
      source: file.source,
      receivedBy: file.sender,
      receivedAt: this.options.now(),
    });
    if (!inserted)
      return {
        ok: false,
        reason: `Version ${version} of page ${pageNo} is already in; send a higher version.`,
      };
    this.options.received(key);
    return { ok: true, key, pageNo, version };
  }
}
