// The renewal reminder (spec 1 §2 "Popups", §4 "Renewal reminder"): a plan that
// will not renew by itself ends within a week.
import { formatDisplayDate, type UserSubscription } from '@folio/core';
import { Link } from 'react-router';
import { AUTH_PATHS } from '../../../shared/lib/auth-navigation.ts';
import { Button, buttonClasses } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { useRenewNow } from '../lib/renew-now.ts';

interface RenewalReminderProps {
  subscription: UserSubscription;
  daysLeft: number;
  onRenew: () => void;
  onLater: () => void;
  onClose: () => void;
}

function remaining(days: number): string {
  if (days === 0) return 'Last day today';
  return `${days} ${days === 1 ? 'day' : 'days'} remaining`;
}

export function RenewalReminder({
  subscription,
  daysLeft,
  onRenew,
  onLater,
  onClose,
}: RenewalReminderProps) {
  const renewNow = useRenewNow(subscription);
  return (
    <Dialog title="Your subscription is ending soon" onClose={onClose}>
      <p className="text-2xl font-bold text-brand">{remaining(daysLeft)}</p>
      <p className="mt-2 text-sm text-ink">
        Your <strong className="font-semibold">{subscription.plan_name}</strong> plan ends on{' '}
        {formatDisplayDate(subscription.end_date)}. Renew now to keep reading every edition, with
        archive access of up to 2 years on select plans.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        {renewNow ? (
          <Button
            onClick={() => {
              onRenew();
              void renewNow();
            }}
          >
            Renew Now
          </Button>
        ) : (
          <Link to={AUTH_PATHS.subscribe} onClick={onRenew} className={buttonClasses('primary')}>
            Renew Now
          </Link>
        )}
        <Button variant="secondary" onClick={onLater}>
          Remind Me Later
        </Button>
      </div>
    </Dialog>
  );
}
