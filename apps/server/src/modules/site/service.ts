import { BRANDS, editionToday, type BrandCode, type SiteConfig } from '@folio/core';

export class SiteService {
  constructor(
    private readonly brand: BrandCode,
    private readonly timeZone: string,
    private readonly now: () => Date,
    /** Google's OAuth client id when Google sign-in is configured. */
    private readonly googleClientId: string | null,
    /** Google Tag Manager's container id when analytics is configured. */
    private readonly gtmId: string | null,
    /** The free edition as the desk chose it (BrandSettings). */
    private readonly freeEdition: (brand: BrandCode) => number = (brand) =>
      BRANDS[brand].freeEdition,
  ) {}

  siteConfig(): SiteConfig {
    return {
      brand: this.brand,
      publisher: BRANDS[this.brand].publisher,
      timeZone: this.timeZone,
      today: editionToday(this.now(), this.timeZone),
      googleClientId: this.googleClientId,
      gtmId: this.gtmId,
      freeEdition: this.freeEdition(this.brand),
    };
  }
}
