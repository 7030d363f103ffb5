// "Logged in as" on /review (spec 2 §2): the e-mail, else the phone, else
// 'Not Provided', with a Logout link.
import type { UserData } from '../../../shared/api/auth-session.ts';
import { COUNTRY_PREFIX } from '@folio/core';

interface SignedInAsProps {
  user: UserData;
  onLogout: () => void;
  busy: boolean;
}

export function SignedInAs({ user, onLogout, busy }: SignedInAsProps) {
  const who = user.email || (user.phone ? `${COUNTRY_PREFIX} ${user.phone}` : 'Not Provided');
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-ink-soft">
      <span>
        Logged in as <span className="font-semibold text-ink">{who}</span>
      </span>
      <button
        type="button"
        onClick={onLogout}
        disabled={busy}
        className="font-semibold text-brand underline disabled:opacity-50"
      >
        Logout
      </button>
    </p>
  );
}
