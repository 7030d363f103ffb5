// What the desk decides per brand (issue 26 parts 8 and 11): the free edition (the
// spec's fixed 2 and 4 are the defaults) and the missing pages the release gate lets
// through. Access is decided on every request, so the choices are held in memory
// and read without a query; a change made here is seen at once, one made by
// another server within REFRESH_MS.
import { BRANDS, BRAND_CODES, type Brand, type BrandCode } from '@folio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How often another server's change is picked up (ms). */
export const REFRESH_MS = 5_000;

export interface BrandChoices {
  freeEdition: number;
  missingPageTolerance: number;
}

const defaults = (brand: BrandCode): BrandChoices => ({
  freeEdition: BRANDS[brand].freeEdition,
  missingPageTolerance: 0,
});

export class BrandSettings {
  private choices = new Map<BrandCode, BrandChoices>(
    BRAND_CODES.map((code) => [code, defaults(code)]),
  );
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    /** Told when a brand's free edition changed, so answers built with the old one go. */
    private readonly changed: (brand: BrandCode) => void = () => undefined,
  ) {}

  /** The brand's choices now (defaults until the first load). */
  of(brand: BrandCode): BrandChoices {
    return this.choices.get(brand) ?? defaults(brand);
  }

  /** The brand as access decides it: its free edition as the desk chose it. */
  brand(brand: Brand): Brand {
    const freeEdition = this.of(brand.id).freeEdition;
    return freeEdition === brand.freeEdition ? brand : { ...brand, freeEdition };
  }

  /** Reads every brand's row; a brand whose free edition moved is announced. */
  async refresh(): Promise<void> {
    const rows = await this.db.selectFrom('brand_settings').selectAll().execute();
    const next = new Map<BrandCode, BrandChoices>(
      BRAND_CODES.map((code) => [code, defaults(code)]),
    );
    for (const row of rows) {
      const code = BRAND_CODES.find((c) => c === row.brand);
      if (!code) continue;
      next.set(code, {
        freeEdition: row.free_edition ?? BRANDS[code].freeEdition,
        missingPageTolerance: row.missing_page_tolerance,
      });
    }
    const before = this.choices;
    this.choices = next;
    for (const code of BRAND_CODES)
      if (before.get(code)?.freeEdition !== next.get(code)?.freeEdition) this.changed(code);
  }

  /** Stores the desk's choice and applies it on this server at once. */
  async change(brand: BrandCode, change: Partial<BrandChoices>, at: Date): Promise<BrandChoices> {
    const current = this.of(brand);
    const free = change.freeEdition ?? current.freeEdition;
    const row = {
      brand,
      free_edition: free === BRANDS[brand].freeEdition ? null : free,
      missing_page_tolerance: change.missingPageTolerance ?? current.missingPageTolerance,
      updated_at: at,
    };
    await this.db
      .insertInto('brand_settings')
      .values(row)
      .onConflict((oc) =>
        oc.column('brand').doUpdateSet({
          free_edition: row.free_edition,
          missing_page_tolerance: row.missing_page_tolerance,
          updated_at: row.updated_at,
        }),
      )
      .execute();
    await this.refresh();
    return this.of(brand);
  }

  /** Picks up other servers' changes every REFRESH_MS (main.ts). */
  start(log: (error: unknown) => void): void {
    this.timer ??= setInterval(() => {
      this.refresh().catch(log);
    }, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
