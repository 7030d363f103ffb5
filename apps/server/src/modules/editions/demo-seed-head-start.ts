// A first start's head start: the front page of the issue a reader lands on,
// typeset in a render worker from the moment the process starts, while the main
// process is still loading its code and opening the database. Everything it needs comes from
// the settings (the brand, its free edition, today in the publisher's zone, the
// default catalogue's edition name), none of it from the database. The seeder
// takes it for the landing issue when it names the same issue; otherwise it is
// dropped and the landing issue is typeset as any other.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BRANDS, editionToday, type BrandCode } from '@folio/core';
import type { DemoEditionTruth } from '@folio/ingest';
import { DEFAULT_CATALOGUE } from './catalogue.ts';

export interface DemoIssueSpec {
  brand: BrandCode;
  date: string;
  editionNumber: number;
  editionName: string;
  pageCount: number;
}

export interface LandingHeadStart {
  spec: DemoIssueSpec;
  /** The front page's PDF (one page); rejects as the generator does. */
  truth: Promise<DemoEditionTruth>;
  /**
   * The front page is out (or will not be made from this): render workers go back
   * below the server's priority. Discarding does it too.
   */
  relax(): void;
  /** Removes the PDFs (after publishing, or when they are not used). */
  discard(): Promise<void>;
}

/** The landing issue as the settings name it: the brand's free edition on today's edition date. */
export function landingSpec(
  brand: BrandCode,
  timeZone: string,
  now: Date,
  pageCount: number,
): DemoIssueSpec {
  const editionNumber = BRANDS[brand].defaultEdition;
  const editionName =
    DEFAULT_CATALOGUE[brand]
      .flatMap((group) => group.editions)
      .find((edition) => edition.number === editionNumber)?.name ?? '';
  return { brand, date: editionToday(now, timeZone), editionNumber, editionName, pageCount };
}

export function sameIssue(a: DemoIssueSpec | undefined, b: DemoIssueSpec): boolean {
  return (
    a !== undefined &&
    a.brand === b.brand &&
    a.date === b.date &&
    a.editionNumber === b.editionNumber &&
    a.editionName === b.editionName &&
    a.pageCount === b.pageCount
  );
}

/** The folder an issue's PDFs are typeset into, under the seed's work folder. */
export function issueDir(spec: DemoIssueSpec, workDir: string): string {
  return path.join(workDir, `${spec.brand}-${spec.editionNumber}-${spec.date}`);
}

/**
 * Typesets one demo issue in a render worker, or only its front page; the
 * generator is loaded on first use.
 */
export async function typesetDemoIssue(
  spec: DemoIssueSpec,
  outDir: string,
  frontPageOnly = false,
): Promise<DemoEditionTruth> {
  await mkdir(outDir, { recursive: true });
  const { generateDemoEditionInWorker } = await import('@folio/ingest');
  return generateDemoEditionInWorker({ ...spec, outDir, ...(frontPageOnly && { firstPages: 1 }) });
}

/**
 * Starts typesetting the landing issue's front page in a render worker (its other
 * pages would keep a reader waiting about a second and a half longer here). The
 * generator is loaded here, on demand: a start that seeds nothing never loads it
 * for this. `relax` lowers the render workers' priority, raised for this
 * (`hurryRenderWorkers`).
 */
export function startLandingHeadStart(spec: DemoIssueSpec, relax: () => void): LandingHeadStart {
  const dir = mkdtemp(path.join(os.tmpdir(), 'folio-landing-'));
  const truth = dir.then((outDir) => typesetDemoIssue(spec, outDir, true));
  // Not awaited by anyone when the seed does not take it: no unhandled rejection.
  truth.catch(() => undefined);
  return {
    spec,
    truth,
    relax,
    discard: async () => {
      relax();
      await rm(await dir, { recursive: true, force: true });
    },
  };
}
