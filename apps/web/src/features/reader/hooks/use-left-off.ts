// Where a signed-in reader left off today, on this or another device (issue 9).
// The place is offered, never forced: arriving at the reader (an address, the
// logo, Home, a link) shows the place arrived at, with "Continue where you left
// off" while the saved place is another one (spec 1 §2: the logo returns to
// today's front page). Until the reader takes the offer or moves on, the place
// arrived at does not replace the saved one.
import { decideAccess } from '@folio/core';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { usePreferences } from '../../../shared/api/preferences.ts';
import { useEntitlement } from '../../../shared/api/subscription.ts';
import type { PagePlace } from '../../../shared/lib/reader-links.ts';

/**
 * `place` is where the reader is; `continued`, whether the reader moved there
 * itself rather than arriving.
 */
export function useLeftOff(place: PagePlace, continued: boolean) {
  const { brand, publisher, today } = useAppConfig();
  const { entitlement, pending } = useEntitlement(publisher);
  const signedIn = entitlement.kind !== 'visitor';
  const preferences = usePreferences(publisher, signedIn);
  const saved = signedIn ? preferences.data?.readingPosition : undefined;
  // Only today's place, and only one the reader's plan opens: a new day starts at
  // the front page.
  const resumable =
    saved &&
    saved.date === today &&
    decideAccess(
      entitlement,
      brand,
      { date: today, editionNumber: saved.edition, pageIndex: saved.page },
      today,
    ).open;
  const elsewhere =
    saved &&
    (saved.date !== place.date || saved.edition !== place.edition || saved.page !== place.page);
  return {
    /**
     * Whether the account's place, and whether to offer it, are known: the plan
     * decides that, so no place is kept before the plan is known either.
     */
    known: !pending && (!signedIn || preferences.isSuccess),
    saved,
    /** The place to offer, while the reader has arrived somewhere else. */
    offer:
      saved && resumable && elsewhere && !continued
        ? { date: saved.date, edition: saved.edition, page: saved.page }
        : undefined,
  };
}
