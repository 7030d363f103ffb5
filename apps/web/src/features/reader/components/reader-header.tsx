// Reader header (spec 1 §2): logo back to today's front page, Subscribe (for
// readers without a plan), the fit toggle, the profile (or login) icon and the
// side-menu button.
import type { Brand } from '@folio/core';
import { AccountLink } from '../../../shared/ui/account-link.tsx';
import { FitHeightIcon, FitWidthIcon } from '../../../shared/ui/icons.tsx';
import { SideMenuButton } from '../../../shared/ui/side-menu-button.tsx';
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
      {/* Below 640 px one button toggles fit-to-height on and off, so the header's five
          controls fit a 360 px phone beside the logo; wider screens show both modes. */}
      <button
        type="button"
        aria-pressed={viewMode === 'height'}
        title="Fit to height"
        onClick={() => onViewModeChange(viewMode === 'height' ? 'width' : 'height')}
        className={`flex size-8 items-center justify-center rounded-full border transition-colors sm:hidden ${
          viewMode === 'height'
            ? 'border-brand bg-brand text-white shadow-sm'
            : 'border-ink/15 bg-paper/60 text-ink-soft hover:text-ink'
        }`}
      >
        <FitHeightIcon />
        <span className="sr-only">Fit to height</span>
      </button>
      <div
        role="group"
        aria-label="Page fit"
        className="hidden rounded-full border border-ink/15 bg-paper/60 p-0.5 sm:flex"
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
              {label}
            </button>
          );
        })}
      </div>
      <AccountLink />
      <SideMenuButton brand={brand} />
    </SiteHeader>
  );
}
