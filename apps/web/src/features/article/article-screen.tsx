// /article/{articleId}?date&edition_No&pageNumber&source (spec 2 §2): the article's
// text in a clean reading view, closed back to the reader on the same page.
// Font size, image view, bookmarks and sharing come with the full article reader.
import { MESSAGES } from '@folio/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { editionPages, mediaUrl, useEpaperData } from '../../shared/api/epaper-data.ts';
import { formatLongDate } from '../../shared/lib/display-dates.ts';
import { isApiError } from '../../shared/lib/http.ts';
import {
  parseEditionDate,
  parseEditionNumber,
  parseWholeNumber,
  readerHref,
} from '../../shared/lib/reader-links.ts';
import { CloseIcon } from '../../shared/ui/icons.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { useArticleHtml } from './api.ts';
import { ArticleText } from './components/article-text.tsx';
import { findArticle } from './lib/find-article.ts';

function useArticleAddress(today: string, defaultEdition: number) {
  const { articleId = '' } = useParams();
  const [params] = useSearchParams();
  return {
    articleId,
    date: parseEditionDate(params.get('date'), today) ?? today,
    edition: parseEditionNumber(params.get('edition_No')) ?? defaultEdition,
    pageNumber: parseWholeNumber(params.get('pageNumber')),
  };
}

export function ArticleScreen() {
  const { brand, publisher, today } = useAppConfig();
  const { articleId, date, edition, pageNumber } = useArticleAddress(today, brand.defaultEdition);
  const content = useEpaperData({ publisher, date, edition });
  const found = content.data
    ? findArticle(editionPages(content.data), articleId, pageNumber)
    : undefined;
  const htmlUrl =
    found && content.data
      ? mediaUrl(content.data.html_url_suffix, found.article.htmlFile)
      : undefined;
  const html = useArticleHtml(htmlUrl);
  const backToReader = readerHref({ date, edition, page: pageNumber ?? found?.pageIndex ?? 0 });

  const body = (() => {
    if (content.isPending) return <ScreenStatus>Loading article...</ScreenStatus>;
    if (content.isError && !isApiError(content.error, 404)) {
      return <ScreenStatus tone="problem">{MESSAGES.genericError}</ScreenStatus>;
    }
    if (!found) return <ScreenStatus tone="problem">{MESSAGES.articleNotFound}</ScreenStatus>;
    if (html.isPending) return <ScreenStatus>Loading article...</ScreenStatus>;
    if (html.isError)
      return <ScreenStatus tone="problem">{MESSAGES.articleHtmlFailed}</ScreenStatus>;
    return (
      <ArticleText
        title={found.article.title}
        byline={`${formatLongDate(date)} · ${found.page.displayName}`}
        html={html.data}
      />
    );
  })();

  return (
    <>
      <SiteHeader brand={brand}>
        <Link
          to={backToReader}
          aria-label="Close article"
          className="flex h-9 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand"
        >
          <CloseIcon />
          <span className="hidden sm:inline">Close</span>
        </Link>
      </SiteHeader>
      <main id="main" tabIndex={-1} className="min-h-dvh px-3 pt-20 pb-16 outline-none sm:px-6">
        {body}
      </main>
    </>
  );
}
