// The "Subscriptions" tab for a reader without a paid plan (spec 2 §2 "Profile
// subscriptions tab", not subscribed): the free plan at ₹0 and the way up.
import { Link } from 'react-router';
import { AUTH_PATHS } from '../../../shared/lib/auth-navigation.ts';
import { buttonClasses } from '../../../shared/ui/button.tsx';

export function SubscriptionsTab() {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-ink/10 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-serif text-lg font-bold text-ink">Freemium Plan</h2>
        <p className="mt-1 text-2xl font-bold text-brand">₹0</p>
      </div>
      <Link
        to={AUTH_PATHS.subscribe}
        state={{ fromUpgrade: true }}
        className={buttonClasses('primary')}
      >
        Upgrade Plan
      </Link>
    </div>
  );
}
