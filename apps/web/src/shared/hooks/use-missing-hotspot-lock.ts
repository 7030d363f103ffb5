// An article or ad asked for on a page this reader may not open: the server sent
// that page bare, so the hotspot is not in it, and the page named in the link says
// which lock it is. Gives the lock's reason (null when there is none) and its popup.
import type { Brand, Page } from '@folio/core';
import { useEntitlement } from '../api/subscription.ts';
import { usePageLock } from './use-page-lock.ts';

export function useMissingHotspotLock(options: {
  publisher: string;
  brand: Brand;
  today: string;
  date: string;
  edition: number;
  /** The page the link named, if any. */
  pageNumber: number | undefined;
  pages: readonly Page[];
  /** Whether the hotspot was found; a found one is never locked. */
  found: boolean;
  /** Identifies what was asked for, so the popup comes back for a new one. */
  key: string;
}) {
  const { publisher, brand, today, date, edition, pageNumber, pages, found, key } = options;
  const { entitlement } = useEntitlement(publisher);
  const lockedPage = !found && pageNumber !== undefined ? pages[pageNumber] : undefined;
  return usePageLock(
    lockedPage?.locked ?? false,
    entitlement,
    brand,
    { date, editionNumber: edition, pageIndex: pageNumber ?? 0 },
    today,
    `${date}|${edition}|${pageNumber}|${key}`,
  );
}
