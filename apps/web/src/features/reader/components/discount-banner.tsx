// The reader's discount offer (spec 1 §2, §4 "Discount banner"): its text and an
// hours:minutes:seconds countdown to expiry, shown only between the offer's start
// and expiry by this device's clock, and gone the second it expires. Past 48 hours
// the countdown is days plus hh:mm:ss ("29 days 23:43:08", not "719:43:08"), and a
// reader who already pays is not offered it (issue 25 part 8).
import { bannerTimeLeftMs, type DiscountBanner as Banner } from '@folio/core';
import { useEffect, useState } from 'react';
import { useDiscountBanner } from '../../../shared/api/discount-banner.ts';
import { useEntitlement } from '../../../shared/api/subscription.ts';

const TICK_MS = 1000;

/** Up to this, the spec's hh:mm:ss; beyond it, days are counted. */
const HOURS_ONLY_UP_TO_S = 48 * 3600;
const DAY_S = 24 * 3600;

const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');

/** hh:mm:ss up to 48 hours, then "N days hh:mm:ss". Rounds up, so 0 is never shown. */
function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / TICK_MS);
  if (seconds <= HOURS_ONLY_UP_TO_S) return clock(seconds);
  return `${Math.floor(seconds / DAY_S)} days ${clock(seconds % DAY_S)}`;
}

/** The time now, updated every second until `until` (an instant in ms) has passed. */
function useTickingNow(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    // The first tick at once: a banner fetched after mount starts from the real time.
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

function expiryOf(banner: Banner | undefined): number | undefined {
  if (!banner?.is_active || !banner.expiry_date) return undefined;
  const expiry = Date.parse(banner.expiry_date);
  return Number.isNaN(expiry) ? undefined : expiry;
}

export function DiscountBanner({ publisher }: { publisher: string }) {
  const { data: banner } = useDiscountBanner(publisher);
  const { entitlement, pending } = useEntitlement(publisher);
  const now = useTickingNow(expiryOf(banner));
  const left = banner ? bannerTimeLeftMs(banner, new Date(now)) : 0;
  // Not to a subscriber, nor before the account says whether this is one.
  if (pending || entitlement.kind === 'subscriber') return null;
  if (!banner || left <= 0) return null;
  return (
    <aside
      aria-label="Offer"
      className="flex items-center justify-center gap-x-3 bg-accent px-3 py-1.5 text-center text-xs text-brand-strong sm:flex-wrap sm:px-4 sm:py-2 sm:text-sm"
    >
      {/* One line on a phone, so the offer does not hide the page under it. */}
      <p className="min-w-0 truncate font-semibold sm:overflow-visible sm:whitespace-normal">
        {banner.banner_text}
      </p>
      <p className="hidden sm:block">{banner.banner_subtext}</p>
      <p className="shrink-0 font-mono font-bold tabular-nums">
        <span className="sr-only">Time left </span>
        <span role="timer">{formatCountdown(left)}</span>
      </p>
    </aside>
  );
}
