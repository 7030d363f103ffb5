// Moving to a locked page shows its popup after 500 ms (spec 1 §4, §9); the lock
// drawn on the page opens it again at once. The reason comes from the access
// policy on what the server sent, so the popup names the right way in.
import { useEffect, useState } from 'react';
import type { LockReason } from '@folio/core';

/** Spec 1 §9: locked-page popup delay. */
export const LOCKED_POPUP_DELAY_MS = 500;

export function useLockedPopup(reason: LockReason | null, placeKey: string) {
  const [openFor, setOpenFor] = useState<string | null>(null);
  useEffect(() => {
    if (reason === null) return;
    const timer = setTimeout(() => setOpenFor(placeKey), LOCKED_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reason, placeKey]);
  return {
    open: reason !== null && openFor === placeKey,
    show: () => setOpenFor(placeKey),
    close: () => setOpenFor(null),
  };
}
