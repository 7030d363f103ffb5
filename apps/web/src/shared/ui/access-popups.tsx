// The popups a locked page, edition or date opens (spec 1 §2 "Popups", §4 "Access
// levels"; docs/decisions/0014): the subscriber popup (with a way to log in for a
// visitor, and as the freemium popup for a free reader choosing another date),
// the premium-feature popup that offers a subscriber an upgrade, and the sign-in
// popup for what needs an account but no plan (a bookmark). All sit on
// the shared Dialog, which locks the page, traps focus and closes on Escape.
import { fillReleaseTime, type Brand, type LockReason } from '@folio/core';
import { Link, useLocation } from 'react-router';
import { AUTH_PATHS, loginHref } from '../lib/auth-navigation.ts';
import { Button, buttonClasses } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { CheckIcon } from './icons.tsx';

const BENEFITS = [
  { title: 'Early Access', detail: 'ePaper daily from {releaseTime}' },
  { title: 'All Editions', detail: 'Every city edition of the paper' },
  { title: 'Archives', detail: 'Past editions from 2020' },
] as const;

interface SubscriberOnlyPopupProps {
  /** Whose release time the early-access benefit names. */
  brand: Pick<Brand, 'releaseTime'>;
  onClose: () => void;
  /** A visitor also gets a way to log in to a subscription they already have. */
  signedOut?: boolean;
}

export function SubscriberOnlyPopup({
  brand,
  onClose,
  signedOut = false,
}: SubscriberOnlyPopupProps) {
  const location = useLocation();
  return (
    <Dialog title="Subscriber-Only Feature" onClose={onClose}>
      <ul className="space-y-3">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            <span className="text-sm">
              <strong className="block font-semibold text-ink">{benefit.title}</strong>
              <span className="text-ink-soft">{fillReleaseTime(benefit.detail, brand)}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-3">
        <Link to={AUTH_PATHS.subscribe} onClick={onClose} className={buttonClasses('primary')}>
          View Subscription Plans
        </Link>
        <Button variant="secondary" onClick={onClose}>
          Maybe Later
        </Button>
      </div>
      {signedOut && (
        <p className="mt-4 text-center text-sm text-ink-soft">
          Already a subscriber?{' '}
          <Link
            to={loginHref(`${location.pathname}${location.search}`)}
            onClick={onClose}
            className="font-semibold text-brand underline"
          >
            Log in here
          </Link>
        </p>
      )}
    </Dialog>
  );
}

interface PremiumFeaturePopupProps {
  onClose: () => void;
  planName: string;
}

export function PremiumFeaturePopup({ onClose, planName }: PremiumFeaturePopupProps) {
  return (
    <Dialog title="Premium Feature Access" onClose={onClose}>
      <p className="text-sm text-ink">
        Your current plan: <strong className="font-semibold">{planName}</strong>
      </p>
      <p className="mt-2 text-sm text-ink-soft">
        This is not part of your current plan. Upgrade for more editions and a deeper archive.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Link
          to={AUTH_PATHS.subscribe}
          state={{ fromUpgrade: true }}
          onClick={onClose}
          className={buttonClasses('primary')}
        >
          View Upgrade Options
        </Link>
        <Button variant="secondary" onClick={onClose}>
          Continue With Current Plan
        </Button>
      </div>
    </Dialog>
  );
}

interface SignInPopupProps {
  /** What the account is for, as the title says it: "Log In To Bookmark Articles". */
  title: string;
  /** Why an account (and no plan) is enough. */
  children: string;
  onClose: () => void;
}

/** For what needs only an account (spec 2 §4 "Bookmark"): log in, and come back here. */
export function SignInPopup({ title, children, onClose }: SignInPopupProps) {
  const location = useLocation();
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="text-sm text-ink-soft">{children}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Link
          to={loginHref(`${location.pathname}${location.search}`)}
          onClick={onClose}
          className={buttonClasses('primary')}
        >
          Log In or Sign Up
        </Link>
        <Button variant="secondary" onClick={onClose}>
          Maybe Later
        </Button>
      </div>
    </Dialog>
  );
}

interface LockedPopupProps {
  brand: Pick<Brand, 'releaseTime'>;
  reason: LockReason;
  onClose: () => void;
  /** The subscriber's plan, shown by the upgrade popup. */
  planName?: string;
}

/** The popup the access policy's lock reason names. */
export function LockedPopup({ brand, reason, onClose, planName = '' }: LockedPopupProps) {
  if (reason === 'upgrade') return <PremiumFeaturePopup planName={planName} onClose={onClose} />;
  return <SubscriberOnlyPopup brand={brand} signedOut={reason === 'sign-in'} onClose={onClose} />;
}
