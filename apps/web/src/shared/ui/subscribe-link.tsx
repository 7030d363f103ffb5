// The header's Subscribe button (spec 1 §2 "Reader screen"): shown to everyone
// the server does not count as a subscriber, once that is known.
import { Link } from 'react-router';
import { useAppConfig } from '../api/app-config.ts';
import { useEntitlement } from '../api/subscription.ts';
import { AUTH_PATHS } from '../lib/auth-navigation.ts';

export function SubscribeLink() {
  const { publisher } = useAppConfig();
  const { entitlement, pending } = useEntitlement(publisher);
  if (pending || entitlement.kind === 'subscriber') return null;
  return (
    <Link
      to={AUTH_PATHS.subscribe}
      className="flex h-8 shrink-0 items-center rounded-full bg-accent px-2 text-xs min-[400px]:px-2.5 font-semibold text-brand-strong hover:bg-accent/85 sm:px-3.5 sm:text-sm"
    >
      Subscribe
    </Link>
  );
}
