// What the reader's footer draws locked for this reader: the calendar's days for
// the edition on view, and the editions whose front page today the reader's plan
// does not open (spec 1 §4 "Access levels"). The entitlement is the server's word
// (shared/api/subscription.ts); the access policy only turns it into marks.
import { decideAccess, type Brand, type Entitlement } from '@folio/core';

export function accessMarks(
  entitlement: Entitlement,
  /** The server has not yet said what the reader's plan is: no edition is marked. */
  pending: boolean,
  brand: Brand,
  today: string,
  edition: number,
) {
  const opens = (date: string, editionNumber: number) =>
    decideAccess(entitlement, brand, { date, editionNumber, pageIndex: 0 }, today).open;
  return {
    isDateLocked: (date: string) => !opens(date, edition),
    isEditionLocked: pending ? undefined : (number: number) => !opens(today, number),
  };
}
