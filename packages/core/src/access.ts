// The access policy (spec 1 §4 "Access levels", §6; spec 2 §6). One pure function
// decides whether a viewer may read a place of the paper. The server calls it on
// every route that hands out content; the web app calls it only to draw locks.
import type { Brand } from './brands.ts';
import { ARCHIVE_START, addDays } from './dates.ts';

/** Archive depth in days: -1 any past date, 0 today only, N the last N days. */
export const UNLIMITED_ARCHIVE = -1;

/**
 * What a viewer may read, worked out on the server from the session and the
 * subscriptions table only; never from anything the browser sends.
 */
export type Entitlement =
  | { kind: 'visitor' }
  | { kind: 'free' }
  | { kind: 'subscriber'; archiveDays: number; planName: string };

/** A page of an issue: its date (yyyy-MM-dd), edition number and page index (0 = front page). */
export interface Place {
  date: string;
  editionNumber: number;
  pageIndex: number;
}

/**
 * Why a place is locked, named after the popup the reader is shown:
 * - `sign-in`: a visitor; the login-or-subscribe variant of the subscriber popup;
 * - `subscribe`: a free reader on a later page or another edition (subscriber popup);
 * - `freemium`: a free reader on another date (spec 1 §4: "others see the freemium popup");
 * - `upgrade`: a subscriber on a date outside the plan's archive (premium-feature popup).
 */
export type LockReason = 'sign-in' | 'subscribe' | 'freemium' | 'upgrade';

export type AccessDecision = { open: true } | { open: false; reason: LockReason };

const OPEN: AccessDecision = { open: true };

/** The earliest date the entitlement opens, given today's edition date. */
export function earliestOpenDate(entitlement: Entitlement, today: string): string {
  if (entitlement.kind !== 'subscriber' || entitlement.archiveDays === 0) return today;
  if (entitlement.archiveDays < 0) return ARCHIVE_START;
  const earliest = addDays(today, -entitlement.archiveDays);
  return earliest < ARCHIVE_START ? ARCHIVE_START : earliest;
}

/**
 * Whether `place` of `brand` is open to the viewer on the edition date `today`.
 * Visitors and free readers get the brand's free edition, today, up to the front
 * page; subscribers every edition and page, on dates within the plan's archive.
 * Dates after today or before the archive start are never open.
 */
export function decideAccess(
  entitlement: Entitlement,
  brand: Brand,
  place: Place,
  today: string,
): AccessDecision {
  if (entitlement.kind === 'subscriber') {
    if (place.date > today || place.date < earliestOpenDate(entitlement, today))
      return { open: false, reason: 'upgrade' };
    return OPEN;
  }
  const visitor = entitlement.kind === 'visitor';
  if (place.date !== today) return { open: false, reason: visitor ? 'sign-in' : 'freemium' };
  if (place.editionNumber !== brand.freeEdition || place.pageIndex > 0)
    return { open: false, reason: visitor ? 'sign-in' : 'subscribe' };
  return OPEN;
}

/**
 * Viewers who see the same answers share a class: answers built for one (the
 * e-paper data with its locks) can be replayed to any other of the class.
 */
export function entitlementClass(entitlement: Entitlement): string {
  return entitlement.kind === 'subscriber'
    ? `subscriber:${entitlement.archiveDays < 0 ? UNLIMITED_ARCHIVE : entitlement.archiveDays}`
    : entitlement.kind;
}
