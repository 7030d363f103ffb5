// The reader's own edition and today's front page of it (spec 1 §2, §4 "Reading
// state"): a signed-in reader's preferred edition when their plan opens it today,
// else the brand's default. The reader opens there at an address naming no place,
// and the logo and the side menu's Home lead there (app/layout/home-link-provider.tsx),
// never to a saved place (the reader offers that: features/reader/hooks/use-left-off.ts).
import { decideAccess } from '@folio/core';
import { useAppConfig } from '../api/app-config.ts';
import { usePreferredEdition } from '../api/preferences.ts';
import { useEntitlement } from '../api/subscription.ts';
import { readerHref } from '../lib/reader-links.ts';

export function useHomeEdition(): number {
  const { brand, publisher, today } = useAppConfig();
  const { entitlement } = useEntitlement(publisher);
  const preferred = usePreferredEdition(publisher, entitlement.kind !== 'visitor');
  if (preferred === undefined) return brand.defaultEdition;
  const front = { date: today, editionNumber: preferred, pageIndex: 0 };
  return decideAccess(entitlement, brand, front, today).open ? preferred : brand.defaultEdition;
}

/** Today's front page of the reader's own edition. */
export function useTodaysFrontPageHref(): string {
  const { today } = useAppConfig();
  return readerHref({ date: today, edition: useHomeEdition(), page: 0 });
}
