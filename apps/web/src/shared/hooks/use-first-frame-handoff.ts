// The document's first frame (shared/lib/first-frame.ts) stays over a screen's
// loading states until the screen has drawn what the frame shows; anything drawn
// instead, or leaving, ends it.
import { useEffect } from 'react';

// first-frame.ts's dismissFirstFrame, written out: imported from the screens'
// own chunks as well, that module became a chunk of its own in the reader's first
// load, whose budget (e2e/phone-first-page.spec.ts) has no room for a request.
const dismissFirstFrame = () => document.getElementById('first-frame')?.remove();

/**
 * For the screen the frame shows: `drawn` once the screen shows what it will show.
 * The screens with a frame have no redirect, so leaving is always leaving them.
 */
export function useFirstFrameHandoff(drawn: boolean) {
  useEffect(() => {
    if (drawn) dismissFirstFrame();
  }, [drawn]);
  useEffect(() => dismissFirstFrame, []);
}
