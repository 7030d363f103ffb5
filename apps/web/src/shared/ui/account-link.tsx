// The header's account control (spec 1 §2 "Reader screen"): the profile icon for a
// signed-in reader, the login icon otherwise, which returns here after sign-in.
import { Link, useLocation } from 'react-router';
import { useAuth } from '../api/auth-session.ts';
import { AUTH_PATHS, loginHref } from '../lib/auth-navigation.ts';
import { LoginIcon, UserIcon } from './icons.tsx';

const ICON_LINK =
  'flex size-9 items-center justify-center rounded-full text-ink hover:bg-ink/5 hover:text-brand sm:size-10';

export function AccountLink() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'checking') return <span aria-hidden="true" className="size-9 sm:size-10" />;
  if (status === 'signed-in') {
    return (
      <Link
        to={AUTH_PATHS.profile}
        aria-label="My Profile"
        title="My Profile"
        className={ICON_LINK}
      >
        <UserIcon />
      </Link>
    );
  }
  return (
    <Link
      to={loginHref(`${location.pathname}${location.search}`)}
      aria-label="Log in"
      title="Log in"
      className={ICON_LINK}
    >
      <LoginIcon />
    </Link>
  );
}
