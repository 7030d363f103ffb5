// What a screen draws for something on a page the reader's plan does not open: a
// short notice with a way to the popup, and the popup the access policy names
// (loaded only when it is shown, off every first load).
import type { Entitlement, LockReason } from '@folio/core';
import { Suspense, lazy } from 'react';
import { useAppConfig } from '../api/app-config.ts';
import type { PageLock } from '../hooks/use-page-lock.ts';
import { ScreenStatus } from './screen-status.tsx';

const LockedPopup = lazy(() =>
  import('./access-popups.tsx').then((m) => ({ default: m.LockedPopup })),
);

export function LockedNotice({
  children,
  action,
  onShow,
}: {
  children: string;
  action: string;
  onShow: () => void;
}) {
  return (
    <ScreenStatus
      tone="problem"
      actions={
        <button
          type="button"
          onClick={onShow}
          className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white"
        >
          {action}
        </button>
      }
    >
      {children}
    </ScreenStatus>
  );
}

export function LockedPopupHost({
  open,
  reason,
  entitlement,
  onClose,
}: {
  open: boolean;
  reason: LockReason | null;
  entitlement: Entitlement;
  onClose: () => void;
}) {
  const { brand } = useAppConfig();
  if (!open || reason === null) return null;
  return (
    <Suspense fallback={null}>
      <LockedPopup
        brand={brand}
        reason={reason}
        planName={entitlement.kind === 'subscriber' ? entitlement.planName : ''}
        onClose={onClose}
      />
    </Suspense>
  );
}

/** The popup of a locked page (hooks/use-page-lock.ts), while it is open. */
export function PageLockPopup({ lock }: { lock: PageLock }) {
  return (
    <LockedPopupHost
      open={lock.popup.open}
      reason={lock.reason}
      entitlement={lock.entitlement}
      onClose={lock.popup.close}
    />
  );
}
