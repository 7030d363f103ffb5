// One search hit (spec 2 §3): title, snippet, edition, date (dd/MM/yyyy) and page.
// An open hit links to its page in the reader with the article's box selected; a
// locked one carries no snippet and opens the popup its lock names instead.
import type { SearchHit } from '@folio/core';
import { Link } from 'react-router';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { formatDisplayDate } from '../../../shared/lib/display-dates.ts';
import { readerHref } from '../../../shared/lib/reader-links.ts';
import { LockIcon } from '../../../shared/ui/icons.tsx';
import { hitPlace } from '../lib/hit-place.ts';

const CARD =
  'block w-full rounded-xl border border-ink/10 bg-white px-4 py-3 text-left hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

interface SearchHitItemProps {
  hit: SearchHit;
  onLocked: (hit: SearchHit) => void;
}

export function SearchHitItem({ hit, onLocked }: SearchHitItemProps) {
  const { language } = useAppConfig().brand;
  const source = hit._source;
  const body = (
    <>
      <span className="flex items-start justify-between gap-3">
        <span lang={language} className="font-serif text-lg leading-snug font-semibold text-ink">
          {source.title}
        </span>
        {source.locked && (
          <span className="mt-1 flex shrink-0 items-center gap-1 text-xs font-semibold text-ink-soft">
            <LockIcon width={16} height={16} />
            Locked
          </span>
        )}
      </span>
      {source.description !== '' && (
        <span lang={language} className="mt-1 line-clamp-3 block text-sm text-ink-soft">
          {source.description}
        </span>
      )}
      <span className="mt-2 block text-xs text-ink-soft">
        {source.edition_name} · {formatDisplayDate(source.created_at)} · {source.page_details.name}
      </span>
    </>
  );
  if (source.locked)
    return (
      <button type="button" onClick={() => onLocked(hit)} className={CARD}>
        {body}
      </button>
    );
  return (
    <Link to={readerHref(hitPlace(hit), hit._id)} className={CARD}>
      {body}
    </Link>
  );
}
