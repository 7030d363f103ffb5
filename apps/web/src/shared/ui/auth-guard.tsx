// Screens that need a signed-in reader (spec 1 §2 "Profile", spec 2 §2 "Auth
// guard"): "Authenticating..." while the session is checked; a signed-out
// visitor goes back one page when there is one to go back to, else to /.
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../api/auth-session.ts';
import { ScreenStatus } from './screen-status.tsx';

/** The browser's history holds more than this tab's first page and this one. */
const HAS_PAGE_TO_GO_BACK_TO = 2;

export function AuthGuard({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'signed-out') return;
    if (window.history.length > HAS_PAGE_TO_GO_BACK_TO) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [status, navigate]);

  if (status !== 'signed-in') return <ScreenStatus>Authenticating...</ScreenStatus>;
  return children;
}
