// The article view's own header actions (spec 2 §2 "Article reader"): the bookmark
// and the download of the article's clip.
import type { ArticleHotspot, EpaperData } from '@folio/core';
import { mediaUrl } from '../../../shared/api/epaper-data.ts';
import type { FoundHotspot } from '../../../shared/lib/find-hotspot.ts';
import { useArticleDownload } from '../hooks/use-article-download.ts';
import { BookmarkButton } from './bookmark-button.tsx';

interface ArticleActionsProps {
  publisher: string;
  date: string;
  edition: number;
  found: FoundHotspot<ArticleHotspot>;
  data: EpaperData;
}

export function ArticleActions({ publisher, date, edition, found, data }: ArticleActionsProps) {
  const { hotspot: article, page, pageIndex } = found;
  const { downloading, download } = useArticleDownload({
    publisher,
    date,
    edition,
    articleId: article.id,
  });
  return (
    <>
      <BookmarkButton
        publisher={publisher}
        article={{
          publisher_short_code: publisher,
          article_id: article.id,
          edition_number: edition,
          page_no: pageIndex,
          html_path: mediaUrl(data.html_url_suffix, article.htmlFile),
          image_path: mediaUrl(data.data_url_suffix, page.zoomFile),
          image_coordinates: {
            top: article.top,
            left: article.left,
            width: article.width,
            height: article.height,
          },
          title: article.title,
          description: '',
          edition_date: date,
        }}
      />
      <button
        type="button"
        onClick={download}
        disabled={downloading}
        className="flex h-9 items-center rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand disabled:opacity-50"
      >
        {downloading ? 'Downloading...' : 'Download'}
      </button>
    </>
  );
}
