// Previous Article / Next Article with the titles cut to fit (spec 2 §2): 26
// characters at 768 px or narrower, 36 otherwise.
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/lib/ui-constants.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons.tsx';
import type { ArticleLink } from '../lib/article-sequence.ts';
import {
  TITLE_CHARACTERS_NARROW,
  TITLE_CHARACTERS_WIDE,
  truncateTitle,
} from '../lib/title-truncation.ts';

const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useTitleCharacters(): number {
  const narrow = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
  return narrow ? TITLE_CHARACTERS_NARROW : TITLE_CHARACTERS_WIDE;
}

const LINK =
  'flex max-w-[48%] flex-col gap-0.5 rounded-xl border border-ink/10 bg-white px-4 py-3 text-sm hover:border-brand';

const DIRECTIONS = {
  previous: { label: 'Previous Article', className: LINK },
  next: { label: 'Next Article', className: `${LINK} items-end text-right` },
} as const;

interface NeighbourLinkProps {
  direction: keyof typeof DIRECTIONS;
  link: ArticleLink;
  href: string;
  characters: number;
  language: string;
}

function NeighbourLink({ direction, link, href, characters, language }: NeighbourLinkProps) {
  const { label, className } = DIRECTIONS[direction];
  const chevron = { width: 14, height: 14 };
  return (
    <Link to={href} className={className}>
      <span className="sr-only">
        {label}: <span lang={language}>{link.title}</span>
      </span>
      <span
        aria-hidden="true"
        className="flex items-center gap-1 text-xs font-semibold text-ink-soft uppercase"
      >
        {direction === 'previous' ? (
          <>
            <ChevronLeftIcon {...chevron} /> {label}
          </>
        ) : (
          <>
            {label} <ChevronRightIcon {...chevron} />
          </>
        )}
      </span>
      <span aria-hidden="true" lang={language} className="font-serif font-semibold text-ink">
        {truncateTitle(link.title, characters)}
      </span>
    </Link>
  );
}

interface ArticleNavigationProps {
  previous: ArticleLink | undefined;
  next: ArticleLink | undefined;
  hrefOf: (link: ArticleLink) => string;
}

export function ArticleNavigation({ previous, next, hrefOf }: ArticleNavigationProps) {
  const characters = useTitleCharacters();
  // The titles are in the paper's language, the words around them in English.
  const { language } = useAppConfig().brand;
  if (!previous && !next) return null;
  const shared = { characters, language };
  return (
    <nav
      aria-label="More articles"
      className="mx-auto mt-8 flex max-w-[68ch] justify-between gap-3"
    >
      {previous ? (
        <NeighbourLink direction="previous" link={previous} href={hrefOf(previous)} {...shared} />
      ) : (
        <span />
      )}
      {next && <NeighbourLink direction="next" link={next} href={hrefOf(next)} {...shared} />}
    </nav>
  );
}
