// Which popup a locked page opens. The server decided the page is locked; the
// access policy only names the way in (sign in, subscribe, freemium, upgrade). A
// lock the reader's cached entitlement would not explain (a plan that just
// lapsed) still gets the subscriber popup.
import {
  decideAccess,
  type Brand,
  type Entitlement,
  type LockReason,
  type Place,
} from '@folio/core';

export function lockReasonFor(
  locked: boolean,
  entitlement: Entitlement,
  brand: Brand,
  place: Place,
  today: string,
): LockReason | null {
  if (!locked) return null;
  const decision = decideAccess(entitlement, brand, place, today);
  if (!decision.open) return decision.reason;
  return entitlement.kind === 'visitor' ? 'sign-in' : 'subscribe';
}
