// The one gate for content (issue 24 part 4): whether a viewer may have a place of
// the paper, and what a refusal is. The rule itself is core's decideAccess (the
// spec's access levels); this is the only server module that calls it. Media,
// tiles, article downloads, saved articles, search and the e-paper answers all
// ask here, so a paid page is closed the same way everywhere: 401 to a visitor
// (sign in first), 403 to a signed-in reader whose plan does not open it.
import {
  decideAccess,
  errorBodySchema,
  type AccessDecision,
  type Brand,
  type EpaperData,
  type Entitlement,
  type Place,
} from '@folio/core';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { lockedPreviewFile } from './media-places.ts';

export const LOCKED_MEDIA = 'Subscribe to read this page.';
export const SIGN_IN_FOR_MEDIA = 'Log in or subscribe to read this page.';

/** The answers a route that admits through the gate declares for its refusals. */
export const GATE_REFUSALS = { 401: errorBodySchema, 403: errorBodySchema } as const;

/**
 * Who a place was let through for: `everyone` (a visitor may have it, so anyone
 * may keep a copy) or only this `viewer` (their own browser may keep it).
 */
export type Admission = 'everyone' | 'viewer';

/** A viewer's entitlement, or how to find it when a place is not open to everyone. */
export type ViewerEntitlement = Entitlement | (() => Promise<Entitlement>);

const VISITOR: Entitlement = { kind: 'visitor' };

export class AccessGate {
  constructor(
    /** Today's edition date (the 06:00 rule), against which archive depth is counted. */
    private readonly today: () => string,
    /** The brand as the desk set it up now (its chosen free edition). */
    private readonly current: (brand: Brand) => Brand = (brand) => brand,
  ) {}

  /**
   * Whether the entitlement opens this place, and if not why (the popup the reader
   * is shown); `today` pins the edition date an answer is built for.
   */
  decide(
    entitlement: Entitlement,
    brand: Brand,
    place: Place,
    today = this.today(),
  ): AccessDecision {
    return decideAccess(entitlement, this.current(brand), place, today);
  }

  opens(entitlement: Entitlement, brand: Brand, place: Place, today = this.today()): boolean {
    return this.decide(entitlement, brand, place, today).open;
  }

  /**
   * Lets the viewer have the place, or refuses: 401 for a visitor, 403 for a
   * signed-in reader. The viewer's entitlement is looked up only for a place
   * visitors may not have.
   */
  async admit(brand: Brand, place: Place, viewer: ViewerEntitlement): Promise<Admission> {
    const today = this.today();
    if (this.opens(VISITOR, brand, place, today)) return 'everyone';
    const entitlement = typeof viewer === 'function' ? await viewer() : viewer;
    if (this.opens(entitlement, brand, place, today)) return 'viewer';
    if (entitlement.kind === 'visitor') throw new UnauthorizedError(SIGN_IN_FOR_MEDIA);
    throw new ForbiddenError(LOCKED_MEDIA);
  }

  /**
   * The e-paper data a viewer is sent: every page keeps its place in the issue,
   * but a page the viewer may not have carries only its small blurred preview
   * (for all of its images), no PDF, no articles and no ads, and says it is locked.
   */
  withLocks(data: EpaperData, brand: Brand, entitlement: Entitlement, today: string): EpaperData {
    let pageIndex = 0;
    return {
      ...data,
      sections: data.sections.map((section) => ({
        ...section,
        pages: section.pages.map((page) => {
          const place = { date: data.date, editionNumber: data.edition.edition_number, pageIndex };
          pageIndex += 1;
          if (this.opens(entitlement, brand, place, today)) return page;
          const blurred = lockedPreviewFile(page.pageNo);
          return {
            ...page,
            image: `${data.data_url_suffix}${blurred}`,
            imgFile: blurred,
            zoomFile: blurred,
            imgThumbFile: blurred,
            imgPreviewFile: blurred,
            pdfFile: '',
            articles: [],
            ads: [],
            locked: true,
          };
        }),
      })),
    };
  }
}
