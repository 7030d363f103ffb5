// /article/{articleId}?date&edition_No&pageNumber&source (spec 2 §2): the article's
// text in a clean reading view, or its clip of the page in the image view, with
// text size, zoom and the previous and next articles of the edition; closed back
// to the reader on the same page.
import { MESSAGES, type ArticleHotspot, type Page } from '@folio/core';
import { useEffect, useMemo, useState, useSyncExternalStore, type ClipboardEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useMissingHotspotLock } from '../../shared/hooks/use-missing-hotspot-lock.ts';
import { findHotspot } from '../../shared/lib/find-hotspot.ts';
import { editionPages, mediaUrl, useEpaperData } from '../../shared/api/epaper-data.ts';
import { formatLongDate } from '../../shared/lib/display-dates.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { track } from '../../shared/lib/tracking.ts';
import { MOBILE_BREAKPOINT_PX } from '../../shared/lib/ui-constants.ts';
import {
  parseEditionDate,
  parseEditionNumber,
  parseWholeNumber,
  articleHref,
  readerHref,
} from '../../shared/lib/reader-links.ts';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../shared/ui/icons.tsx';
import { ScreenStatus } from '../../shared/ui/screen-status.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import {
  ARTICLE_BARS_NEAR_BOTTOM_PX,
  useHideOnScroll,
} from '../../shared/hooks/use-hide-on-scroll.ts';
import { SiteHeader } from '../../shared/ui/site-header.tsx';
import { LockedNotice, LockedPopupHost } from '../../shared/ui/locked-access.tsx';
import { useArticleHtml } from './api.ts';
import { ArticleClip } from './components/article-clip.tsx';
import { BookmarkButton } from './components/bookmark-button.tsx';
import { ArticleText } from './components/article-text.tsx';
import { ArticleToolbar, type ArticleView } from './components/article-toolbar.tsx';
import { ShareDialog } from '../../shared/ui/share-dialog.tsx';
import { neighbours, type ArticleLink } from './lib/article-sequence.ts';
import { IMAGE_ZOOM, TEXT_SIZE, stepped } from '../../shared/lib/reading-controls.ts';
import { downloadArticle } from './lib/download.ts';
import { plainText } from './lib/speech.ts';
import { useSpeech } from './lib/use-speech.ts';
import { shareNatively, shareSentence, type SharedArticle } from '../../shared/lib/share.ts';
import {
  TITLE_CHARACTERS_NARROW,
  TITLE_CHARACTERS_WIDE,
  truncateTitle,
} from './lib/title-truncation.ts';

/** Spec 2 §4, §7: the reading event is tracked after 10 s on an article. */
const READ_AFTER_MS = 10_000;
const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** 26 characters at 768 px or narrower, 36 otherwise (spec 2 §2). */
function useTitleCharacters(): number {
  const narrow = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
  return narrow ? TITLE_CHARACTERS_NARROW : TITLE_CHARACTERS_WIDE;
}

/** The title (unless the article's HTML has its own headline), then the text. */
function spokenText(title: string, html: string): string {
  const text = plainText(html);
  return /<h1[\s>]/i.test(html) ? text : `${title}\n${text}`;
}

/** What a reader is told when listening cannot start (issue 8: a clear message, not a dead button). */
function speechProblemText(problem: 'unsupported' | 'no-voice' | null, language: string) {
  if (problem === 'unsupported') return 'Listening is not available in this browser.';
  if (problem === 'no-voice') {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
    return `This device has no ${name} voice to read the article aloud.`;
  }
  return null;
}

/** article_open at once, read_article after 10 s still on the same article. */
function useReadingEvents(articleId: string | undefined) {
  useEffect(() => {
    if (!articleId) return;
    track('article_open', { article_id: articleId });
    const timer = window.setTimeout(
      () => track('read_article', { article_id: articleId }),
      READ_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [articleId]);
}

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
  const pages = content.data ? editionPages(content.data) : [];
  const hit = content.data
    ? findHotspot(
        pages,
        (page) => page.articles.find((article) => article.id === articleId),
        pageNumber,
      )
    : undefined;
  const found = hit && { article: hit.hotspot, page: hit.page, pageIndex: hit.pageIndex };
  const htmlUrl =
    found && content.data
      ? mediaUrl(content.data.html_url_suffix, found.article.htmlFile)
      : undefined;
  const html = useArticleHtml(htmlUrl);
  const backToReader = readerHref({ date, edition, page: pageNumber ?? found?.pageIndex ?? 0 });
  const [view, setView] = useState<ArticleView>('text');
  const [textSize, setTextSize] = useState(TEXT_SIZE.initial);
  const [zoom, setZoom] = useState(IMAGE_ZOOM.initial);
  useReadingEvents(found?.article.id);
  const around = found ? neighbours(pages, found.article.id, found.pageIndex) : undefined;
  const {
    entitlement,
    reason: lockReason,
    popup: lockedPopup,
  } = useMissingHotspotLock({
    publisher,
    brand,
    today,
    date,
    edition,
    pageNumber,
    pages,
    found: found !== undefined,
    key: articleId,
  });
  const [sharing, setSharing] = useState(false);
  const barsHidden = useHideOnScroll({ showNearBottomPx: ARTICLE_BARS_NEAR_BOTTOM_PX });
  const shared: SharedArticle | undefined = found && {
    title: found.article.title,
    url: `${window.location.origin}${articleHref(found.article.id, { date, edition, page: found.pageIndex })}`,
  };

  const share = async () => {
    if (!shared) return;
    const outcome = await shareNatively(shared);
    if (outcome === 'shared') track('share', { article_id: found?.article.id, method: 'native' });
    else if (outcome === 'unavailable') setSharing(true);
  };

  // Parsed once per article text, not on every render (scrolling re-renders the screen).
  const title = found?.article.title;
  const spoken = useMemo(
    () => (title !== undefined && html.data ? spokenText(title, html.data) : undefined),
    [title, html.data],
  );
  const speech = useSpeech(spoken, brand.language);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!found) return;
    setDownloading(true);
    const saved = await downloadArticle({ publisher, date, edition, articleId: found.article.id });
    setDownloading(false);
    if (saved) {
      notify.success('Download successful');
      track('download_article', { article_id: found.article.id });
    } else notify.error('Download failed');
  };

  // Spec 2 §2: a copy inside the article gives the share sentence, not the text.
  const onCopy = (event: ClipboardEvent<HTMLElement>) => {
    if (!shared) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', shareSentence(shared, brand.name));
  };

  const toggleView = () => {
    const next = view === 'text' ? 'image' : 'text';
    setView(next);
    // Spec 2 §4 "Image view": zoom resets to 1 on toggle.
    setZoom(IMAGE_ZOOM.initial);
    track('toggle_reader_view', { view: next });
  };

  const body = (() => {
    if (content.isPending) return <ScreenStatus>Loading article...</ScreenStatus>;
    if (content.isError && !isApiError(content.error, 404)) {
      return <ScreenStatus tone="problem">{MESSAGES.genericError}</ScreenStatus>;
    }
    if (lockReason !== null)
      return (
        <LockedNotice action="Unlock this article" onShow={lockedPopup.show}>
          This article is on a page your plan does not open.
        </LockedNotice>
      );
    if (!found || !content.data)
      return <ScreenStatus tone="problem">{MESSAGES.articleNotFound}</ScreenStatus>;
    if (view === 'image')
      return (
        <ArticleImage
          page={found.page}
          article={found.article}
          suffix={content.data.data_url_suffix}
          zoom={zoom}
        />
      );
    if (html.isPending) return <ScreenStatus>Loading article...</ScreenStatus>;
    if (html.isError)
      return <ScreenStatus tone="problem">{MESSAGES.articleHtmlFailed}</ScreenStatus>;
    return (
      <ArticleText
        title={found.article.title}
        byline={`${formatLongDate(date)} · ${found.page.displayName}`}
        html={html.data}
        textSize={textSize}
        language={brand.language}
      />
    );
  })();

  return (
    <>
      <SiteHeader brand={brand} hidden={barsHidden}>
        {found && content.data && (
          <BookmarkButton
            publisher={publisher}
            article={{
              publisher_short_code: publisher,
              article_id: found.article.id,
              edition_number: edition,
              page_no: found.pageIndex,
              html_path: mediaUrl(content.data.html_url_suffix, found.article.htmlFile),
              image_path: mediaUrl(content.data.data_url_suffix, found.page.zoomFile),
              image_coordinates: {
                top: found.article.top,
                left: found.article.left,
                width: found.article.width,
                height: found.article.height,
              },
              title: found.article.title,
              description: '',
              edition_date: date,
            }}
          />
        )}
        {found && (
          <button
            type="button"
            onClick={() => void download()}
            disabled={downloading}
            className="flex h-9 items-center rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand disabled:opacity-50"
          >
            {downloading ? 'Downloading...' : 'Download'}
          </button>
        )}
        <Link
          to={backToReader}
          aria-label="Close article"
          className="flex h-9 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink hover:border-brand hover:text-brand"
        >
          <CloseIcon />
          <span className="hidden sm:inline">Close</span>
        </Link>
      </SiteHeader>
      <main
        id="main"
        tabIndex={-1}
        className="min-h-dvh px-3 pt-20 pb-28 outline-none sm:px-6"
        onCopy={onCopy}
        onContextMenu={(event) => {
          if (found) event.preventDefault();
        }}
      >
        {body}
        {around && (
          <ArticleNavigation
            previous={around.previous}
            next={around.next}
            hrefOf={(link) => articleHref(link.id, { date, edition, page: link.pageIndex })}
          />
        )}
      </main>
      {found && (
        <ArticleToolbar
          hidden={barsHidden}
          view={view}
          textSize={textSize}
          zoom={zoom}
          onTextSize={(direction) => setTextSize((size) => stepped(size, direction, TEXT_SIZE))}
          onZoom={(direction) => setZoom((value) => stepped(value, direction, IMAGE_ZOOM))}
          onToggleView={toggleView}
          onShare={() => void share()}
          speech={{
            state: speech.state,
            problem: speechProblemText(speech.problem, brand.language),
            onPlay: () => void speech.play(),
            onPause: speech.pause,
            onResume: speech.resume,
            onStop: speech.stop,
          }}
        />
      )}
      <LockedPopupHost
        open={lockedPopup.open}
        reason={lockReason}
        entitlement={entitlement}
        onClose={lockedPopup.close}
      />
      {sharing && shared && (
        <ShareDialog
          article={shared}
          onClose={() => setSharing(false)}
          onShared={(method) => track('share', { article_id: found?.article.id, method })}
        />
      )}
    </>
  );
}

function ArticleImage({
  page,
  article,
  suffix,
  zoom,
}: {
  page: Page;
  article: ArticleHotspot;
  suffix: string;
  zoom: number;
}) {
  return (
    <ArticleClip
      src={mediaUrl(suffix, page.zoomFile)}
      box={article}
      pageWidth={page.width}
      pageHeight={page.height}
      zoom={zoom}
      title={article.title}
    />
  );
}

interface ArticleNavigationProps {
  previous: ArticleLink | undefined;
  next: ArticleLink | undefined;
  hrefOf: (link: ArticleLink) => string;
}

/** Previous Article / Next Article with the titles cut to fit (spec 2 §2). */
function ArticleNavigation({ previous, next, hrefOf }: ArticleNavigationProps) {
  const characters = useTitleCharacters();
  // The titles are in the paper's language, the words around them in English.
  const { language } = useAppConfig().brand;
  if (!previous && !next) return null;
  const linkClass =
    'flex max-w-[48%] flex-col gap-0.5 rounded-xl border border-ink/10 bg-white px-4 py-3 text-sm hover:border-brand';
  return (
    <nav
      aria-label="More articles"
      className="mx-auto mt-8 flex max-w-[68ch] justify-between gap-3"
    >
      {previous ? (
        <Link to={hrefOf(previous)} className={linkClass}>
          <span className="sr-only">
            Previous Article: <span lang={language}>{previous.title}</span>
          </span>
          <span
            aria-hidden="true"
            className="flex items-center gap-1 text-xs font-semibold text-ink-soft uppercase"
          >
            <ChevronLeftIcon width={14} height={14} /> Previous Article
          </span>
          <span aria-hidden="true" lang={language} className="font-serif font-semibold text-ink">
            {truncateTitle(previous.title, characters)}
          </span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={hrefOf(next)} className={`${linkClass} items-end text-right`}>
          <span className="sr-only">
            Next Article: <span lang={language}>{next.title}</span>
          </span>
          <span
            aria-hidden="true"
            className="flex items-center gap-1 text-xs font-semibold text-ink-soft uppercase"
          >
            Next Article <ChevronRightIcon width={14} height={14} />
          </span>
          <span aria-hidden="true" lang={language} className="font-serif font-semibold text-ink">
            {truncateTitle(next.title, characters)}
          </span>
        </Link>
      )}
    </nav>
  );
}
