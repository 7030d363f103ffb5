// Frame shared by every screen: the print and context-menu block, a skip link to
// the screen's main content, a loading state while the screen's data arrives, and
// where the logo and Home lead, and the toasts of a screen the reader has left go.
// The account prompts that can appear over any screen (Google One Tap, the
// welcome popup, the renewal reminder) live here too.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { GoogleOneTap } from '../../features/auth/components/google-one-tap.tsx';
import { useAuth } from '../../shared/api/auth-session.ts';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { HomeLinkProvider } from './home-link-provider.tsx';
import { useBlockPrinting } from './use-block-printing.ts';
import { useNoticesPerScreen } from './use-notices-per-screen.ts';

// The welcome popup and the renewal reminder are for signed-in subscribers only: a
// visitor's first load (e2e/phone-first-page.spec.ts) carries neither, nor what they
// read. Their own boundary keeps the screen on while they load.
const WelcomePopupHost = lazy(() =>
  import('../../features/profile/welcome-popup-host.tsx').then((m) => ({
    default: m.WelcomePopupHost,
  })),
);
const RenewalReminderHost = lazy(() =>
  import('../../features/profile/renewal-reminder-host.tsx').then((m) => ({
    default: m.RenewalReminderHost,
  })),
);

function SignedInPrompts() {
  if (useAuth().status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <WelcomePopupHost />
      <RenewalReminderHost />
    </Suspense>
  );
}

export function AppShell() {
  useBlockPrinting();
  useNoticesPerScreen();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Suspense fallback={<ScreenStatus>Loading...</ScreenStatus>}>
        <HomeLinkProvider>
          <Outlet />
        </HomeLinkProvider>
        <GoogleOneTap />
        <SignedInPrompts />
      </Suspense>
    </>
  );
}
