// /downgrade-popup (spec 2 §2 "Downgrade popup", §4 "Plan change"): a downgrade
// is not paid now; it starts the day after the current plan ends. The dates come
// with the checkout's answer, or, on a reload, from the reader's subscription.
import { formatDisplayDate } from '@folio/core';
import { useLocation, useNavigate, Navigate } from 'react-router';
import { z } from 'zod';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { readState } from '../../shared/lib/auth-navigation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';

const scheduledStateSchema = z.object({ current_end_date: z.string(), start_date: z.string() });

interface ScheduledDates {
  currentEnd: string;
  newStart: string;
}

function useScheduledDates(): { dates: ScheduledDates | undefined; pending: boolean } {
  const { publisher } = useAppConfig();
  const location = useLocation();
  const fromCheckout = readState(scheduledStateSchema, location.state);
  const { state, pending } = useEntitlement(publisher);
  if (fromCheckout) {
    return {
      dates: { currentEnd: fromCheckout.current_end_date, newStart: fromCheckout.start_date },
      pending: false,
    };
  }
  if (pending) return { dates: undefined, pending: true };
  const end = state?.subscription?.end_date;
  const start = state?.scheduled?.start_date;
  return { dates: end && start ? { currentEnd: end, newStart: start } : undefined, pending: false };
}

export function DowngradeScreen() {
  const { brand } = useAppConfig();
  const navigate = useNavigate();
  const { dates, pending } = useScheduledDates();
  if (pending) return <ScreenStatus>Loading...</ScreenStatus>;
  // Nothing is scheduled: there is nothing to confirm.
  if (!dates) return <Navigate to="/" replace />;
  const done = () => void navigate('/', { replace: true });
  return (
    <>
      <SiteHeader brand={brand} />
      <main id="main" className="min-h-dvh" />
      <Dialog title="Change Plan Scheduled" onClose={done}>
        <div className="space-y-3 text-sm text-ink">
          <p>
            Your current plan ends on{' '}
            <strong className="font-semibold">{formatDisplayDate(dates.currentEnd)}</strong>.
          </p>
          <p>
            Your new plan will tentatively start on{' '}
            <strong className="font-semibold">{formatDisplayDate(dates.newStart)}</strong>.
          </p>
          <p className="text-ink-soft">
            Our customer support team will contact you at the end of your current plan.
          </p>
        </div>
        <Button className="mt-6 w-full" onClick={done}>
          OK
        </Button>
      </Dialog>
    </>
  );
}
