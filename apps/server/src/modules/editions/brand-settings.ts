// What the desk decides per brand (issue 26 parts 8 and 11): the free edition (the
// spec's fixed 2 and 4 are the defaults) and the missing pages the release gate lets
// through. Access is decided on every request, so the choices are held in memory
// and read without a query. A change bumps the `brand-settings` version in its
// transaction (decision 0039): this server reloads at once, every other one when
// the change feed tells it (the database's notification), or, should that be lost,
// when a read finds the feed's checked version ahead of the one it loaded.
import { BRANDS, BRAND_CODES, type Brand, type BrandCode } from '@folio/core';
import type { Kysely } from 'kysely';
import { BRAND_SETTINGS_TOPIC, bumpVersion } from '../../db/cache-versions.ts';
import type { Database } from '../../db/schema.ts';
import type { ChangeFeed } from '../changes/index.ts';

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
  /** The topic's version the loaded choices were read at (-1: not loaded yet). */
  private loadedVersion = -1;
  private reloading: Promise<void> | undefined;
  private report: (error: unknown) => void = () => undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    /** Told when a brand's free edition changed, so answers built with the old one go. */
    private readonly changed: (brand: BrandCode) => void = () => undefined,
    /** Other servers' changes; without it, only refresh() reloads. */
    private readonly changes?: ChangeFeed,
  ) {
    this.unsubscribe =
      changes?.subscribe(BRAND_SETTINGS_TOPIC, () => this.reloadSoon()) ?? (() => undefined);
  }

  /** The brand's choices now (defaults until the first load). */
  of(brand: BrandCode): BrandChoices {
    // A version the feed has checked that is not the loaded one: a lost notification.
    const version = this.changes?.peek(BRAND_SETTINGS_TOPIC);
    if (version !== undefined && version !== this.loadedVersion) this.reloadSoon();
    return this.choices.get(brand) ?? defaults(brand);
  }

  /** The brand as access decides it: its free edition as the desk chose it. */
  brand(brand: Brand): Brand {
    const freeEdition = this.of(brand.id).freeEdition;
    return freeEdition === brand.freeEdition ? brand : { ...brand, freeEdition };
  }

  /** Reads every brand's row; a brand whose free edition moved is announced. */
  async refresh(): Promise<void> {
    // Read before the rows: a change committed meanwhile leaves this load behind it.
    const version = (await this.changes?.version(BRAND_SETTINGS_TOPIC)) ?? 0;
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
    this.loadedVersion = version;
    for (const code of BRAND_CODES)
      if (before.get(code)?.freeEdition !== next.get(code)?.freeEdition) this.changed(code);
  }

  /** Stores the desk's choice and applies it on this server at once, on the others when told. */
  async change(brand: BrandCode, change: Partial<BrandChoices>, at: Date): Promise<BrandChoices> {
    const current = this.of(brand);
    const free = change.freeEdition ?? current.freeEdition;
    const row = {
      brand,
      free_edition: free === BRANDS[brand].freeEdition ? null : free,
      missing_page_tolerance: change.missingPageTolerance ?? current.missingPageTolerance,
      updated_at: at,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
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
      await bumpVersion(trx, BRAND_SETTINGS_TOPIC);
    });
    await this.refresh();
    return this.of(brand);
  }

  /** Where a reload the change feed asked for reports its failure (main.ts). */
  start(log: (error: unknown) => void): void {
    this.report = log;
  }

  /** No more reloads on other servers' changes. */
  stop(): void {
    this.unsubscribe();
  }

  /** One reload at a time; a change told meanwhile is seen by the next read's check. */
  private reloadSoon(): void {
    this.reloading ??= this.refresh()
      .catch((error: unknown) => this.report(error))
      .finally(() => {
        this.reloading = undefined;
      });
  }
}
