// Reader header (spec 1 §2): logo back to today's front page, the fit toggle and
// the profile (or login) icon. Subscribe and side-menu controls arrive with the
// access and menu issues.
import type { Brand } from '@folio/core';
import { AccountLink } from '../../../shared/ui/account-link.tsx';
import { FitHeightIcon, FitWidthIcon } from '../../../shared/ui/icons.tsx';
import { SiteHeader } from '../../../shared/ui/site-header.tsx';
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
              className={`flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors ${
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
