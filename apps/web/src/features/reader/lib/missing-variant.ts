// Spec 1 §4 "Missing-edition logic", one case per notice, each said once:
// - preparing: the demo seed of a first start is still making this edition;
// - holiday: the publisher's holiday notice says why (it is the notice's only text);
// - today: today's edition is not out (before the release time) or not there;
// - future: a date after today (the address can name one; it never has an edition);
// - before-archive: a date before the archive starts;
// - archive: a past date inside a subscriber's archive that has no edition;
// - date: any other past date ("No Edition Available").
// Today's and later dates offer yesterday and the archives; past dates another
// date and today.
import { ARCHIVE_START, decideAccess, type Brand, type Entitlement } from '@folio/core';

export type MissingEditionVariant = 'today' | 'archive' | 'date';

export type MissingCase =
  'preparing' | 'holiday' | 'today' | 'future' | 'before-archive' | 'archive' | 'date';

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

/** The one case a missing edition is in; `preparing` and a holiday notice outrank the date's. */
export function missingCase(
  variant: MissingEditionVariant,
  date: string,
  today: string,
  facts: { preparing: boolean; holidayMessage: string | null | undefined },
): MissingCase {
  if (facts.preparing) return 'preparing';
  if (facts.holidayMessage) return 'holiday';
  if (date > today) return 'future';
  if (date < ARCHIVE_START) return 'before-archive';
  return variant;
}
