// The document's first frame stays over the loading states until the page it
// shows is drawn (PageView); anything else drawn instead, or leaving, ends it.
import { useEffect } from 'react';
import { dismissFirstFrame } from '../../../shared/lib/first-frame.ts';

export function useFirstFrameHandoff(drawsOtherThanPage: boolean) {
  useEffect(() => {
    if (drawsOtherThanPage) dismissFirstFrame();
  }, [drawsOtherThanPage]);
  useEffect(() => dismissFirstFrame, []);
}
