// A page the server sent locked: which popup it opens for this reader (the access
// policy names the way in), and that popup, shown after the spec's delay.
import type { Brand, Entitlement, Place } from '@folio/core';
import { lockReasonFor } from '../lib/lock-reason.ts';
import { useLockedPopup } from './use-locked-popup.ts';

export function usePageLock(
  locked: boolean,
  entitlement: Entitlement,
  brand: Brand,
  place: Place,
  today: string,
  /** Identifies what was asked for, so the popup comes back for a new one. */
  key: string,
) {
  const reason = lockReasonFor(locked, entitlement, brand, place, today);
  const popup = useLockedPopup(reason, key);
  return { entitlement, reason, popup };
}

export type PageLock = ReturnType<typeof usePageLock>;
