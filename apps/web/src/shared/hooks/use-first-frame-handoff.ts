// The document's first frame (shared/lib/first-frame.ts) stays over a screen's
// loading states until the screen has drawn what the frame shows; anything drawn
// instead, or leaving, ends it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dismissFirstFrame } from '../lib/first-frame.ts';

/** For the screen the frame shows: `drawn` once the screen shows what it will show. */
export function useFirstFrameHandoff(drawn: boolean) {
  useEffect(() => {
    if (drawn) dismissFirstFrame();
  }, [drawn]);
  useEffect(() => dismissFirstFrame, []);
}

/**
 * For the app's shell: another address than the document's (a redirect, a link
 * followed before the screen had drawn) is never the frame's screen.
 */
export function useFirstFrameEndsElsewhere() {
  const { pathname } = useLocation();
  const documentPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== documentPath.current) dismissFirstFrame();
  }, [pathname]);
}
