// A screen's toasts go when the reader leaves it (issue 25 part 6): the code-sent
// notice of the code screen does not follow the reader to the paper. A move within
// a screen (a page turn, another date) changes the query, not the path, and keeps
// them. Notices raised on the way (a success announced as the next screen opens)
// go along: shared/ui/toaster.tsx.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dismissStaleNotices } from '../../shared/ui/toaster.tsx';

export function useNoticesPerScreen(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    dismissStaleNotices();
  }, [pathname]);
}
