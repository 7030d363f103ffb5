// The bar at the top of every screen: the brand's header logo, which always leads
// back to today's front page of the reader's edition (spec 1 §2), and the screen's
// own actions on the right.
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Brand } from '@folio/core';

/**
 * Where the logo and the side menu's Home lead: today's front page of the reader's
 * edition (shared/hooks/use-home-place.ts), given to every screen by the app's
 * shell (app/layout/home-link-provider.tsx), so the screens loaded on first visit
 * carry none of that work. A header drawn outside the shell leads to /, which
 * opens the same page.
 */
export const HomeLinkContext = createContext('/');

interface SiteHeaderProps {
  brand: Brand;
  hidden?: boolean;
  onLogoClick?: () => void;
  children?: ReactNode;
}

export function SiteHeader({ brand, hidden = false, onLogoClick, children }: SiteHeaderProps) {
  const frontPage = useContext(HomeLinkContext);
  return (
    <header
      className={`fixed inset-x-0 top-0 z-30 border-b border-ink/10 bg-white/95 backdrop-blur transition-transform duration-300 ${
        hidden ? '-translate-y-full focus-within:translate-y-0' : 'translate-y-0'
      }`}
    >
      <div className="mx-auto flex h-12 max-w-[1440px] items-center justify-between gap-2 px-3 min-[400px]:gap-3 sm:px-5">
        <Link
          to={frontPage}
          onClick={onLogoClick}
          className="flex h-10 shrink-0 items-center rounded-md"
          aria-label={`${brand.logoAlt}: today's front page`}
        >
          <img
            src={brand.header_logo}
            alt=""
            width="180"
            height="32"
            className="h-7 w-auto max-[399px]:h-6 sm:h-8"
          />
        </Link>
        <div className="flex items-center gap-1 min-[400px]:gap-1.5 sm:gap-2">{children}</div>
      </div>
    </header>
  );
}
