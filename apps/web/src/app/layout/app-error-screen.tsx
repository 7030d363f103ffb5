// Last line of defence: a screen failed to render or its essential data (the app
// config) could not be loaded. Readers get the spec's generic wording and a way on.
import { MESSAGES } from '@folio/core';
import { useEffect } from 'react';
import { dismissFirstFrame } from '../../shared/lib/first-frame.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';

export function AppErrorScreen() {
  useEffect(dismissFirstFrame, []);
  return (
    <main id="main" className="min-h-screen bg-paper">
      <ScreenStatus
        tone="problem"
        actions={
          <>
            <button
              type="button"
              className={buttonClasses('primary')}
              onClick={() => window.location.reload()}
            >
              Try again
            </button>
            <a href="/" className={buttonClasses('secondary')}>
              Go to today's edition
            </a>
          </>
        }
      >
        {MESSAGES.genericError}
      </ScreenStatus>
    </main>
  );
}
