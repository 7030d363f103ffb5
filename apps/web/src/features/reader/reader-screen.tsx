// The e-paper reader at / (spec 1 §2 "Reader screen", §4 "Reading state").
import {
  addDays,
  decideAccess,
  deepTileFile,
  type AdHotspot,
  type ArticleHotspot,
  type Page,
} from '@folio/core';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useEditionGroups } from '../../shared/api/editions.ts';
import { editionPages, mediaUrl, useEpaperData } from '../../shared/api/epaper-data.ts';
import { usePreferredEdition } from '../../shared/api/preferences.ts';
import { useEntitlement } from '../../shared/api/subscription.ts';
import { useHideOnScroll } from '../../shared/hooks/use-hide-on-scroll.ts';
import { useViewportSize } from '../../shared/hooks/use-viewport-size.ts';
import { formatLongDate } from '../../shared/lib/display-dates.ts';
import { dismissFirstFrame } from '../../shared/lib/first-frame.ts';
import { isApiError } from '../../shared/lib/http.ts';
import { adViewerHref, articleHref, type PagePlace } from '../../shared/lib/reader-links.ts';
import { track } from '../../shared/lib/tracking.ts';
import { useHolidayMessage } from './api.ts';
import { useIdleAfter } from './hooks/use-idle-after.ts';
import { lockReasonFor } from '../../shared/lib/lock-reason.ts';
import { LockedPopupHost } from '../../shared/ui/locked-access.tsx';
import { notify } from '../../shared/ui/toaster.tsx';
import { useLockedPopup } from '../../shared/hooks/use-locked-popup.ts';
import { NoEdition, type MissingEditionVariant } from './components/no-edition.tsx';
import { PageArrows } from './components/page-arrows.tsx';
import { ReaderFooter, type FooterPanel } from './components/reader-footer.tsx';
import { ReaderHeader } from './components/reader-header.tsx';
import { ReaderStage, type StageState } from './components/reader-stage.tsx';
import { usePageKeys } from './hooks/use-page-keys.ts';
import { usePreloadImage } from './hooks/use-preload-image.ts';
import { useReaderPlace } from './hooks/use-reader-place.ts';
import { useReturnPoint } from './hooks/use-return-point.ts';
import { useSwipe } from './hooks/use-swipe.ts';
import { useTransientFlag } from './hooks/use-transient-flag.ts';
import { clampPageIndex, pageDisplaySize, type ViewMode } from './lib/page-geometry.ts';
import { choosePageImage } from './lib/page-image.ts';
import { EDITION_SWITCH_FLAG_MS } from './lib/reader-constants.ts';
import { rememberReturnPoint } from './lib/scroll-memory.ts';

// Loaded when a locked page first needs it: most first visits open the free front page.

// The offer strip is fixed over the page, so arriving later moves nothing; it stays
// off the first load's critical bytes.
const DiscountBanner = lazy(() =>
  import('./components/discount-banner.tsx').then((m) => ({ default: m.DiscountBanner })),
);

export function ReaderScreen() {
  const { brand, publisher, today } = useAppConfig();
  const navigate = useNavigate();
  const viewport = useViewportSize();
  const { entitlement } = useEntitlement(publisher);
  // A signed-in reader's preferred edition opens by default when their access
  // opens it; a link naming an edition always wins (spec 1 §4 "Reading state").
  const preferred = usePreferredEdition(publisher, entitlement.kind !== 'visitor');
  const defaultEdition =
    preferred !== undefined &&
    decideAccess(entitlement, brand, { date: today, editionNumber: preferred, pageIndex: 0 }, today)
      .open
      ? preferred
      : brand.defaultEdition;
  const { place: requested, moveTo } = useReaderPlace(today, defaultEdition);
  const [viewMode, setViewMode] = useState<ViewMode>('width');
  const [panel, setPanel] = useState<FooterPanel>(null);
  const [updating, raiseUpdating] = useTransientFlag(EDITION_SWITCH_FLAG_MS);
  const barsHidden = useHideOnScroll();

  const editions = useEditionGroups(publisher);
  const content = useEpaperData(
    { publisher, date: requested.date, edition: requested.edition },
    { keepPrevious: true },
  );
  const pages = useMemo(() => (content.data ? editionPages(content.data) : []), [content.data]);
  const mediaSuffix = content.data?.data_url_suffix ?? '';
  const { date, edition } = requested;
  const page = clampPageIndex(requested.requestedPage, pages.length);
  const place: PagePlace = useMemo(() => ({ date, edition, page }), [date, edition, page]);
  const current = pages[page];
  const lockReason = lockReasonFor(
    current?.locked ?? false,
    entitlement,
    brand,
    { date, editionNumber: edition, pageIndex: page },
    today,
  );
  const lockedPopup = useLockedPopup(lockReason, `${date}|${edition}|${page}`);

  const missing = isApiError(content.error, 404) || (content.isSuccess && pages.length === 0);
  const holiday = useHolidayMessage(date, publisher, missing);
  const [selectedArticleId, setSelectedArticleId] = useReturnPoint(place, current !== undefined);

  // The router renders a move as a transition, so the drawn page can trail the last
  // move for a moment; relative moves count from the page last asked for, or two
  // quick key presses would both start from the same page.
  const askedPage = useRef(page);
  useLayoutEffect(() => {
    askedPage.current = page;
  }, [page]);

  const goToPage = useCallback(
    (index: number) => {
      const target = clampPageIndex(index, pages.length);
      if (target === askedPage.current) return;
      track('navigate_page', { page_index: target, previous_page_index: askedPage.current });
      askedPage.current = target;
      setSelectedArticleId(undefined);
      moveTo({ date, edition, page: target }, { replace: true });
      window.scrollTo({ top: 0 });
    },
    [pages.length, date, edition, moveTo, setSelectedArticleId],
  );
  const previousPage = useCallback(() => goToPage(askedPage.current - 1), [goToPage]);
  const nextPage = useCallback(() => goToPage(askedPage.current + 1), [goToPage]);
  usePageKeys(previousPage, nextPage, pages.length > 0);
  const swipe = useSwipe(previousPage, nextPage);

  const imageOf = (target: Page) =>
    choosePageImage(
      { reading: target.image, zoom: mediaUrl(mediaSuffix, target.zoomFile) },
      pageDisplaySize(viewMode, viewport, target).width,
      window.devicePixelRatio,
    );
  const currentSrc = current && imageOf(current);
  const [shownSrc, setShownSrc] = useState<string>();
  const following = pages[page + 1];
  usePreloadImage(
    following && currentSrc !== undefined && shownSrc === currentSrc
      ? imageOf(following)
      : undefined,
  );

  const chooseEdition = (next: number) => {
    track('change_edition', { edition_number: next, previous_edition_number: edition });
    raiseUpdating();
    setPanel(null);
    moveTo({ date, edition: next, page: 0 });
  };
  const chooseDate = (next: string) => {
    setPanel(null);
    moveTo({ date: next, edition, page: 0 });
  };
  const openArticle = (article: ArticleHotspot) => {
    rememberReturnPoint(place, { scrollY: window.scrollY, articleId: article.id });
    navigate(articleHref(article.id, place));
  };
  const openAd = (ad: AdHotspot) => {
    // Back from the ad viewer, the reader lands where it was (spec 1 §4 "Reading state").
    rememberReturnPoint(place, { scrollY: window.scrollY });
    navigate(adViewerHref(ad.id, mediaUrl(mediaSuffix, ad.imgFile), place));
  };

  const editionName = editions.data
    ?.flatMap((group) => group.editions)
    .find((item) => item.edition_number === edition)?.edition_name;

  // An edition number the brand does not have (an old link, /4 on the English
  // paper): the reader moves to the brand's default edition and says so, rather
  // than showing the server's refusal as an error.
  const knownEditions = editions.data?.flatMap((group) => group.editions);
  const editionUnknown =
    knownEditions !== undefined && !knownEditions.some((item) => item.edition_number === edition);
  useEffect(() => {
    if (!editionUnknown || !knownEditions) return;
    const fallback =
      knownEditions.find((item) => item.edition_number === brand.defaultEdition) ??
      knownEditions[0];
    if (!fallback) return;
    notify.info(
      `Edition ${edition} is not available. Showing the ${fallback.edition_name} edition.`,
    );
    moveTo({ date, edition: fallback.edition_number, page: 0 }, { replace: true });
  }, [editionUnknown, knownEditions, edition, date, brand.defaultEdition, moveTo]);

  // Spec 1 §4 "Missing-edition logic": today or later, the today variant; a past
  // date inside a subscriber's archive, the archive variant; otherwise no edition.
  const missingVariant: MissingEditionVariant =
    date >= today
      ? 'today'
      : entitlement.kind === 'subscriber' &&
          decideAccess(entitlement, brand, { date, editionNumber: edition, pageIndex: 0 }, today)
            .open
        ? 'archive'
        : 'date';

  const stage: StageState = (() => {
    if (editions.isPending) return { kind: 'loading-editions' };
    if (editionUnknown) return { kind: 'loading-page' };
    if (missing) {
      return {
        kind: 'missing',
        notice: (
          <NoEdition
            variant={missingVariant}
            date={date}
            editionName={editionName}
            holidayMessage={holiday.data}
            onChooseDate={() => setPanel('calendar')}
            onToday={() => moveTo({ date: today, edition, page: 0 })}
            onYesterday={() => moveTo({ date: addDays(date, -1), edition, page: 0 })}
          />
        ),
      };
    }
    if (content.isError || editions.isError) {
      return {
        kind: 'failed',
        retry: () => {
          void editions.refetch();
          void content.refetch();
        },
      };
    }
    if (!current || currentSrc === undefined) return { kind: 'loading-page' };
    return {
      kind: 'page',
      page: current,
      preview: mediaUrl(mediaSuffix, current.imgPreviewFile),
      src: currentSrc,
      onShown: setShownSrc,
      alt: `${brand.name}${editionName ? `, ${editionName}` : ''}, ${formatLongDate(date)}: ${current.displayName}`,
      size: pageDisplaySize(viewMode, viewport, current),
      dimmed: updating || content.isPlaceholderData,
      // A search hit's article stays selected until the reader moves or picks another.
      selectedArticleId: selectedArticleId ?? requested.articleId,
      focusArticleId: requested.articleId,
      onArticle: openArticle,
      onAd: openAd,
      onLocked: lockedPopup.show,
      deepZoom: {
        zoomImage: mediaUrl(mediaSuffix, current.zoomFile),
        tile: (column, row) => mediaUrl(mediaSuffix, deepTileFile(current.pageNo, column, row)),
      },
    };
  })();

  // The document's first frame stays over the loading states until the page it
  // shows is drawn here (PageView); anything else drawn instead, or leaving, ends it.
  const drawsOtherThanPage = stage.kind === 'missing' || stage.kind === 'failed';
  useEffect(() => {
    if (drawsOtherThanPage) dismissFirstFrame();
  }, [drawsOtherThanPage]);
  useEffect(() => dismissFirstFrame, []);
  const offerDue = useIdleAfter(shownSrc !== undefined || drawsOtherThanPage);

  return (
    <>
      <ReaderHeader
        brand={brand}
        hidden={barsHidden}
        viewMode={viewMode}
        onViewModeChange={setViewMode}
      />
      {/* Fixed under the header, so its arrival moves nothing on the page. */}
      <div
        className={`fixed inset-x-0 top-12 z-20 transition-transform duration-200 ${
          barsHidden ? '-translate-y-[200%]' : 'translate-y-0'
        }`}
      >
        {/* After the page itself: the offer never competes with the first page's bytes. */}
        {offerDue && (
          <Suspense fallback={null}>
            <DiscountBanner publisher={publisher} />
          </Suspense>
        )}
      </div>
      <main
        id="main"
        tabIndex={-1}
        aria-label={`${brand.name} e-paper`}
        className={`flex min-h-dvh justify-center overflow-x-auto outline-none ${
          viewMode === 'width' ? 'pt-16 pb-20' : 'pt-12 pb-[52px]'
        }`}
        onTouchStart={swipe.onTouchStart}
        onTouchEnd={swipe.onTouchEnd}
      >
        <h1 className="sr-only">
          {brand.name} e-paper{editionName ? `, ${editionName}` : ''}, {formatLongDate(date)}
        </h1>
        <div className="w-full">
          <ReaderStage state={stage} />
        </div>
        {updating && (
          <p
            role="status"
            className="fixed top-16 left-1/2 z-20 -translate-x-1/2 rounded-full bg-brand px-4 py-1.5 text-xs font-semibold text-white shadow-lg"
          >
            Updating edition...
          </p>
        )}
        {stage.kind === 'page' && (
          <PageArrows
            canGoPrevious={page > 0}
            canGoNext={page < pages.length - 1}
            onPrevious={previousPage}
            onNext={nextPage}
          />
        )}
      </main>
      <LockedPopupHost
        open={lockedPopup.open}
        reason={lockReason}
        entitlement={entitlement}
        onClose={lockedPopup.close}
      />
      <ReaderFooter
        hidden={barsHidden}
        publisher={publisher}
        today={today}
        place={place}
        editionGroups={editions.data}
        pages={pages}
        mediaSuffix={mediaSuffix}
        panel={panel}
        onPanelChange={setPanel}
        onEdition={chooseEdition}
        onPage={goToPage}
        onDate={chooseDate}
        isDateLocked={(day) =>
          !decideAccess(
            entitlement,
            brand,
            { date: day, editionNumber: edition, pageIndex: 0 },
            today,
          ).open
        }
      />
    </>
  );
}
