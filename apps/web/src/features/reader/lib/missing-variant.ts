// Spec 1 §4 "Missing-edition logic": today or later, the today variant; a past
// date inside a subscriber's archive, the archive variant; otherwise no edition.
import { decideAccess, type Brand, type Entitlement } from '@folio/core';
import type { MissingEditionVariant } from '../components/no-edition.tsx';

export function missingVariant(
  entitlement: Entitlement,
  brand: Brand,
  date: string,
  edition: number,
  today: string,
): MissingEditionVariant {
  if (date >= today) return 'today';
  const inArchive =
    entitlement.kind === 'subscriber' &&
    decideAccess(entitlement, brand, { date, editionNumber: edition, pageIndex: 0 }, today).open;
  return inArchive ? 'archive' : 'date';
}
