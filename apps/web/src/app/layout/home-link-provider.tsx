// Gives every screen's logo and the side menu's Home where they lead: today's
// front page of the reader's edition (spec 1 §2). Worked out here, in the shell,
// so the screens loaded on first visit carry none of it.
import type { ReactNode } from 'react';
import { useTodaysFrontPageHref } from '../../shared/hooks/use-home-place.ts';
import { HomeLinkContext } from '../../shared/ui/site-header.tsx';

export function HomeLinkProvider({ children }: { children: ReactNode }) {
  return <HomeLinkContext value={useTodaysFrontPageHref()}>{children}</HomeLinkContext>;
}
