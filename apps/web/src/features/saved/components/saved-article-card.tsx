// One saved article (spec 2 §2 "Saved articles"): its clip when the page is open
// to the reader, the title, the date (MMM dd, yyyy), the edition's name, and its
// remove and share buttons. A card whose page the reader's plan no longer opens
// is drawn locked and opens the popup instead of the article.
import type { SavedArticle } from '@folio/core';
import { Link } from 'react-router';
import { clipLayout } from '../../../shared/lib/clip-layout.ts';
import { formatSavedCardDate } from '../../../shared/lib/display-dates.ts';
import { articleHref } from '../../../shared/lib/reader-links.ts';
import { LockIcon, ShareIcon, TrashIcon } from '../../../shared/ui/icons.tsx';

interface SavedArticleCardProps {
  article: SavedArticle;
  onRemove: () => void;
  onShare: () => void;
  onLocked: () => void;
}

export const savedArticleHref = (article: SavedArticle) =>
  articleHref(article.article_id, {
    date: article.edition_date,
    edition: article.edition_number,
    page: article.page_no,
  });

const ICON_BUTTON =
  'flex size-10 items-center justify-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-brand';

export function SavedArticleCard({ article, onRemove, onShare, onLocked }: SavedArticleCardProps) {
  const locked = article.lock_reason !== null;
  const body = (
    <>
      <ClipThumbnail article={article} />
      <span className="mt-3 block font-serif text-lg leading-snug font-semibold text-ink">
        {article.title}
      </span>
      <span className="mt-1 block text-sm text-ink-soft">
        {formatSavedCardDate(article.edition_date)} · {article.edition_name}
      </span>
      {locked && (
        <span className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-brand">
          <LockIcon width={14} height={14} /> Locked
        </span>
      )}
    </>
  );
  return (
    <li className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      {locked ? (
        <button type="button" onClick={onLocked} className="block text-left">
          {body}
        </button>
      ) : (
        <Link to={savedArticleHref(article)} className="block">
          {body}
        </Link>
      )}
      <div className="mt-3 flex justify-end gap-1 border-t border-ink/5 pt-2">
        <button type="button" onClick={onShare} className={ICON_BUTTON}>
          <ShareIcon />
          <span className="sr-only">Share {article.title}</span>
        </button>
        <button type="button" onClick={onRemove} className={ICON_BUTTON}>
          <TrashIcon />
          <span className="sr-only">Remove {article.title} from bookmarks</span>
        </button>
      </div>
    </li>
  );
}

/** The article's box cut from its page, or a plain panel when there is no image to show. */
function ClipThumbnail({ article }: { article: SavedArticle }) {
  if (article.image_path === null)
    return (
      <span
        aria-hidden="true"
        className="flex h-32 items-center justify-center rounded-lg bg-ink/5 text-ink-soft"
      >
        <LockIcon width={28} height={28} className={article.lock_reason ? '' : 'opacity-0'} />
      </span>
    );
  const layout = clipLayout(article.image_coordinates, article.page_width, article.page_height);
  return (
    <span className="block max-h-48 overflow-hidden rounded-lg ring-1 ring-ink/10">
      <span className="relative block w-full" style={{ aspectRatio: layout.aspectRatio }}>
        {/* Sized before it arrives (a lazily loaded image of no size is one the
            browser cannot place): its height, like its width, is the page's
            share of the clip's box. */}
        <img
          src={article.image_path}
          alt=""
          loading="lazy"
          width={article.page_width}
          height={article.page_height}
          draggable={false}
          className="absolute max-w-none select-none"
          style={{ ...layout.image, height: `${(100 / article.image_coordinates.height) * 100}%` }}
        />
      </span>
    </span>
  );
}
