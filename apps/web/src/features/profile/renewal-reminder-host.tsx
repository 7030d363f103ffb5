// Decides when the renewal reminder appears (spec 1 §4 "Renewal reminder"): to a
// signed-in subscriber whose plan has an end and no next payment (renewal is off),
// with 7 days or fewer left, unless "Remind Me Later" snoozed it until the next
// local midnight. The subscription is the server's, never a stored copy.
import { RENEWAL_REMINDER_DAYS, type UserSubscription } from '@folio/core';
import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { LOCAL_KEYS, localValue } from '../../shared/lib/session-keys.ts';

// Loaded only for the few readers it is due to, off every first page load.
const RenewalReminder = lazy(() =>
  import('./components/renewal-reminder.tsx').then((m) => ({ default: m.RenewalReminder })),
);

/** Screens where the reader is signing in or already buying: no reminder over them. */
const QUIET_PATHS = ['/auth', '/subscribe', '/review', '/payment-', '/downgrade-popup'];

/**
 * Days left on a plan that will not renew by itself, or null when no reminder is
 * due. The count is the server's (expires_in_days), so the reader's own clock
 * cannot move it.
 */
function reminderDaysLeft(subscription: UserSubscription | null | undefined): number | null {
  if (!subscription?.end_timestamp || subscription.next_payment_due_date !== null) return null;
  const days = Math.max(0, subscription.expires_in_days);
  return days <= RENEWAL_REMINDER_DAYS ? days : null;
}

function snoozed(now: number): boolean {
  return Number(localValue.get(LOCAL_KEYS.renewalReminderDismissedUntil)) > now;
}

function nextLocalMidnight(now: number): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime();
}

export function RenewalReminderHost() {
  const { publisher } = useAppConfig();
  const { entitlement, state } = useEntitlement(publisher);
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(false);
  const subscription = state?.subscription;
  if (closed || entitlement.kind !== 'subscriber' || !subscription) return null;
  if (QUIET_PATHS.some((path) => pathname.startsWith(path))) return null;
  const now = Date.now();
  const daysLeft = reminderDaysLeft(subscription);
  if (daysLeft === null || snoozed(now)) return null;

  const close = () => setClosed(true);
  return (
    <Suspense fallback={null}>
      <RenewalReminder
        subscription={subscription}
        daysLeft={daysLeft}
        onRenew={close}
        onLater={() => {
          localValue.set(LOCAL_KEYS.renewalReminderDismissedUntil, String(nextLocalMidnight(now)));
          close();
        }}
        onClose={close}
      />
    </Suspense>
  );
}
