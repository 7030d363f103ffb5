// Reader header (spec 1 §2): logo back to today's front page, Subscribe (for
// readers without a plan), the fit toggle and the profile (or login) icon. The
// side-menu control arrives with the menu issue.
import type { Brand } from '@folio/core';
import { AccountLink } from '../../../shared/ui/account-link.tsx';
import { FitHeightIcon, FitWidthIcon } from '../../../shared/ui/icons.tsx';
import { SiteHeader } from '../../../shared/ui/site-header.tsx';
import { SubscribeLink } from '../../../shared/ui/subscribe-link.tsx';
import type { ViewMode } from '../lib/page-geometry.ts';

interface ReaderHeaderProps {
  brand: Brand;
  hidden: boolean;
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
}

const MODES = [
  { mode: 'width', label: 'Fit to width', Icon: FitWidthIcon },
  { mode: 'height', label: 'Fit to height', Icon: FitHeightIcon },
] as const;

export function ReaderHeader({ brand, hidden, viewMode, onViewModeChange }: ReaderHeaderProps) {
  return (
    <SiteHeader brand={brand} hidden={hidden} onLogoClick={() => window.scrollTo({ top: 0 })}>
      <SubscribeLink />
      <div
        role="group"
        aria-label="Page fit"
        className="flex rounded-full border border-ink/15 bg-paper/60 p-0.5"
      >
        {MODES.map(({ mode, label, Icon }) => {
          const active = viewMode === mode;
          return (
            <button
              key={mode}
              type="button"
              aria-pressed={active}
              title={label}
              onClick={() => onViewModeChange(mode)}
              className={`flex h-8 items-center gap-1.5 rounded-full px-1.5 text-sm font-medium transition-colors min-[400px]:px-2 sm:px-3 ${
                active ? 'bg-brand text-white shadow-sm' : 'text-ink-soft hover:text-ink'
              }`}
            >
              <Icon />
              <span className="sr-only sm:not-sr-only">{label}</span>
            </button>
          );
        })}
      </div>
      <AccountLink />
    </SiteHeader>
  );
}
