// What a lock says to the reader (issue 25 part 7): what they can do about it in
// their situation, by the access policy's reason. A visitor is told to subscribe
// or log in (a visitor has no plan), a free reader to subscribe, a subscriber whose
// plan stops short to upgrade. The popups keep the spec's own titles and words.
import type { LockReason } from '@folio/core';

export type LockedThing = 'page' | 'article' | 'advertisement';

export interface LockWords {
  /** A few words for a lock drawn over the thing itself. */
  short: string;
  /** A sentence for a screen that shows only the notice. */
  note: string;
  /** The button that opens the popup with the way in. */
  action: string;
}

export function lockWords(reason: LockReason, thing: LockedThing): LockWords {
  switch (reason) {
    case 'sign-in':
      return {
        short: `Subscribe to read this ${thing}`,
        note: `This ${thing} is for subscribers. Subscribe to read it, or log in if you already subscribe.`,
        action: 'See plans or log in',
      };
    case 'subscribe':
      return {
        short: `Subscribe to read this ${thing}`,
        note: `This ${thing} is for subscribers. Subscribe to read it.`,
        action: 'See plans',
      };
    case 'freemium':
      return {
        short: `Subscribe to read this ${thing}`,
        note: `Past editions are for subscribers. Subscribe to read this ${thing}.`,
        action: 'See plans',
      };
    case 'upgrade':
      return {
        short: `Upgrade your plan to read this ${thing}`,
        note: `Your plan does not include this ${thing}. Upgrade your plan to read it.`,
        action: 'See upgrade options',
      };
  }
}
